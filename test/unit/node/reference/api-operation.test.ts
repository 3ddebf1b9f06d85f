import { readFileSync } from "node:fs";
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

describe("::operation", () => {
  it("renders the method and path, fields, limits, a code group and the response beside it", async () => {
    const md = await render(
      "## Workflows\n\n### Update a workflow\n\n::operation{id=updateWorkflow}\n\nProse after.\n",
    );
    expect(md.diagnostics).toEqual([]);
    expect(md.usedApi).toBe(true);
    // The method and path as text, right under the heading.
    expect(md.html).toMatch(
      /<h3 id="update-a-workflow"[^]*?<\/h3>\s*<p><code>PATCH \/workflows\/\{id\}<\/code><\/p>/,
    );
    // Parameters and body fields, with the limits of data/values.ts.
    expect(md.html).toContain("<code>settings.queue_size</code>");
    expect(md.html).toContain(`1 to ${Number(String(values.limits.queue.max).replace(/,/g, ""))}`);
    // The example: cURL, Node.js and Python tabs, and the response, in one box.
    expect(md.html).toMatch(/<div class="api-example">\s*<div class="code-group">/);
    for (const label of ["cURL", "Node.js", "Python"])
      expect(md.html).toContain(`data-label="${label}"`);
    expect(md.html).toContain("Response 200");
    expect(md.html).toContain("Prose after.");
    // Headings stay the page's own: the outline and anchors are unchanged.
    expect(md.headers.map((h) => h.slug)).toEqual(["workflows", "update-a-workflow"]);
    // The Markdown for machines carries the operation too.
    expect(md.markdown).toContain("`PATCH /workflows/{id}`");
    expect(md.markdown).toContain(
      'curl -s -X PATCH "https://api.brook.example/v1/workflows/wf_prhpckm6q09zcdv2q4jlygr0"',
    );
  });

  it("renders every operation of the description without a diagnostic", async () => {
    const body = api.operations
      .map((o) => `### ${o.summary}\n\n::operation{id=${o.id}}\n`)
      .join("\n");
    const md = await render(body);
    expect(md.diagnostics).toEqual([]);
    for (const o of api.operations) expect(md.html).toContain(`<code>${o.method} ${o.path}</code>`);
  });

  it("the REST reference shows every operation of the description, each once", () => {
    const page = readFileSync(
      new URL("../../../../content/api/rest/index.md", import.meta.url),
      "utf8",
    );
    const shown = [...page.matchAll(/^::operation\{id=(\w+)\}$/gm)].map((m) => m[1]);
    expect([...shown].sort()).toEqual(api.operations.map((o) => o.id).sort());
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
