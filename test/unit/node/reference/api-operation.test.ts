import { readdirSync, readFileSync } from "node:fs";
import { beforeAll, describe, expect, it } from "vitest";
import { loadOpenApi } from "../../../../src/node/reference/openapi-load.ts";
import type { ApiDescription } from "../../../../src/shared/openapi/operations.ts";
import { renderMarkdown } from "../../../../src/node/content/markdown/markdown.ts";
import { values } from "../../../../data/values.ts";
import { realValueSource } from "../../../helpers/brook-data.ts";

let api: ApiDescription;
beforeAll(async () => {
  const text = readFileSync(new URL("../../../../data/openapi.yaml", import.meta.url), "utf8");
  const r = await loadOpenApi(text, "data/openapi.yaml", realValueSource());
  api = r.loaded!.api;
});

const render = (body: string, withApi = true) =>
  renderMarkdown(body, {
    file: "content/api/rest/index.md",
    base: "/docs/v2/",
    lineOffset: 4,
    api: withApi ? api : undefined,
    pageUrl: "https://brook.example/docs/v2/api/rest/",
  });

/** The HTML without the break points of long inline code (code-breaks.ts). */
const text = (html: string) => html.replaceAll("<wbr>", "");

const page = (file: string) =>
  readFileSync(new URL(`../../../../content/${file}`, import.meta.url), "utf8");

describe("::operation", () => {
  it("renders the method and path, the fields as a tree, the samples beside them and the errors", async () => {
    const md = await render(
      "## Workflows\n\n### Update a workflow\n\n::operation{id=updateWorkflow}\n\nProse after.\n\n### Next\n",
    );
    expect(md.diagnostics).toEqual([]);
    expect(md.usedApi).toBe(true);
    const html = text(md.html);
    // The method and path as text, right under the heading, opening the first column.
    expect(html).toMatch(
      /<h3 id="update-a-workflow"[^]*?<\/h3>\s*<div class="operation"><div class="operation-doc"><p class="operation-route"><code>PATCH \/workflows\/\{id\}<\/code><\/p>/,
    );
    // A nested field folds under its parent, each with its anchor and the limits of data/values.ts.
    expect(html).toMatch(
      /<li id="updateWorkflow-settings">[^]*?<details class="field-children"><summary>Child attributes<\/summary><ul class="fields">(?:(?!<\/details>)[^])*?<li id="updateWorkflow-settings.queue_size">\s*<p class="field"><a class="field-name" href="#updateWorkflow-settings.queue_size">queue_size<\/a>/,
    );
    expect(html).toContain(`1 to ${Number(String(values.limits.queue.max).replace(/,/g, ""))}`);
    // The samples in the second column: the four languages, then the answer.
    const samples = html.slice(html.indexOf('<div class="operation-samples">'));
    for (const label of ["cURL", "Node.js", "Python", "Go"])
      expect(samples).toContain(`data-label="${label}"`);
    expect(samples).toContain('<div class="code-title">Response 200</div>');
    // Each error with its type, codes and example, folded, in the first column.
    expect(html).toMatch(
      /<li id="updateWorkflow-error-404">[^]*?<code class="field-type">not_found<\/code>[^]*?resource_not_found[^]*?<details class="error-example"><summary>Example<\/summary>/,
    );
    // The writer's note joins the first column; the next heading ends it.
    expect(html).toMatch(/<p>Prose after.<\/p><\/div><div class="operation-samples">/);
    // Headings stay the page's own: the outline and anchors are unchanged.
    expect(md.headers.map((h) => h.slug)).toEqual(["workflows", "update-a-workflow", "next"]);
    // The Markdown for machines carries the operation, its fields as a nested list, the samples.
    expect(md.markdown).toContain("`PATCH /workflows/{id}`");
    expect(md.markdown).toMatch(
      /- `settings` object\n\n {2}How the workflow runs[^]*?\n {2}- `queue_size`/,
    );
    expect(md.markdown).toContain(
      'curl -s -X PATCH "https://api.brook.example/v1/workflows/wf_prhpckm6q09zcdv2q4jlygr0"',
    );
    expect(md.markdown).toContain("package main");
  });

  it("every operation and webhook: four languages (a webhook: its delivery) and an example of every status it declares", async () => {
    const ops = [...api.operations, ...api.webhooks];
    const md = await render(
      ops.map((o) => `### ${o.summary}\n\n::operation{id=${o.id}}\n`).join("\n"),
    );
    expect(md.diagnostics).toEqual([]);
    const html = text(md.html);
    for (const o of api.operations) expect(html).toContain(`<code>${o.method} ${o.path}</code>`);
    for (const o of ops) {
      const own = md.samples.filter((s) => s.origin?.startsWith(`::operation{id=${o.id}},`));
      const labels = own.map((s) => s.label).filter(Boolean);
      if (o.webhook)
        expect(own.some((s) => s.lang === "http" && s.meta === "[Delivery]")).toBe(true);
      else expect(labels.slice(0, 4), o.id).toEqual(["cURL", "Node.js", "Python", "Go"]);
      for (const r of o.responses) {
        const shown = own.some(
          (s) =>
            s.meta.includes(`:response=${o.id}:${r.status}`) ||
            s.meta.startsWith(`[Response ${r.status}]`) ||
            s.meta.startsWith(`[${r.status}]`),
        );
        expect(shown, `${o.id} ${r.status}`).toBe(true);
      }
    }
    // Every field's anchor is unique on the page.
    const ids = [...md.html.matchAll(/ id="([^"]+)"/g)].map((m) => m[1]);
    expect(ids.length).toBeGreaterThan(500);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("a response object shown before is a link to its fields, whichever operation comes first", async () => {
    const both = (a: string, b: string) =>
      render(`### A\n\n::operation{id=${a}}\n\n### B\n\n::operation{id=${b}}\n`);
    const first = text((await both("createWorkflow", "getWorkflow")).html);
    expect(first).toContain(
      'A <code>Workflow</code> object: <a href="#createWorkflow-response">its fields</a>.',
    );
    expect(first).toContain('<li id="createWorkflow-response-settings.memory_mb">');
    expect(first).not.toContain('<li id="getWorkflow-response-settings.memory_mb">');
    const second = text((await both("getWorkflow", "createWorkflow")).html);
    expect(second).toContain('<a href="#getWorkflow-response">its fields</a>');
    // A request body is whole wherever it is.
    expect(second).toContain('<li id="createWorkflow-settings.memory_mb">');
  });

  it("the REST reference's pages show every operation once, the webhooks page every webhook", () => {
    const folder = new URL("../../../../content/api/rest/", import.meta.url);
    const files = readdirSync(folder).map((f) => `api/rest/${f}`);
    const shown = (file: string) =>
      [...page(file).matchAll(/^::operation\{id=(\w+)\}$/gm)].map((m) => m[1]!);
    const everywhere = files.flatMap(shown).sort();
    const declared = [...api.operations, ...api.webhooks].map((o) => o.id).sort();
    expect(everywhere).toEqual(declared);
    expect(shown("api/rest/webhooks.md")).toEqual(
      expect.arrayContaining(api.webhooks.map((o) => o.id)),
    );
    // The overview shows none: each resource has a page, laid out as a reference.
    expect(shown("api/rest/index.md")).toEqual([]);
    for (const file of files.filter((f) => shown(f).length))
      expect(page(file), file).toMatch(/^layout: reference$/m);
  });

  it("names an unknown operation at its line, with a guess", async () => {
    const md = await render("Text.\n\n::operation{id=updateWorkflo}\n");
    expect(md.diagnostics).toMatchObject([
      { rule: "api-operation", line: 7, file: "content/api/rest/index.md" },
    ]);
    expect(md.diagnostics[0]!.message).toContain("did you mean 'updateWorkflow'");
    const none = await render("::operation{id=getWorkflow}\n", false);
    expect(none.diagnostics[0]!.message).toContain("names none");
  });
});
