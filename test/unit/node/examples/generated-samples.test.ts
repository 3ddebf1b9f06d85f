/**
 * The blocks `::operation` writes go through the build's example checks as a written block does:
 * syntax in every language, the API's rules for the cURL request and the response, the step-types
 * check for Node.js; each problem at the directive's line, naming the block. A sample planted to
 * drift from the description (as a stale or wrong generator would make it) is refused.
 */
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import type { Code, RootContent } from "mdast";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { renderMarkdown } from "../../../../src/node/content/markdown/markdown.ts";
import { operationNodes } from "../../../../src/node/content/markdown/api-operation.ts";
import { checkSiteExamples } from "../../../../src/node/examples/examples-stage.ts";
import { stopStepChecker } from "../../../../src/node/examples/step-types-process.ts";
import { loadOpenApi } from "../../../../src/node/reference/openapi-load.ts";
import type { ApiDescription } from "../../../../src/shared/openapi/operations.ts";
import { realValueSource } from "../../../helpers/brook-data.ts";
import { within } from "../../../helpers/time.ts";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "../../../..");
const API_BASE = "https://api.brook.example/v1";
const PAGE = "### Create a workflow\n\n::operation{id=createWorkflow}\n";
/** The directive's line in the page's file: the body starts after 4 lines of frontmatter. */
const LINE = 7;

let api: ApiDescription;
beforeAll(async () => {
  const text = readFileSync(join(ROOT, "data/openapi.yaml"), "utf8");
  api = (await loadOpenApi(text, "data/openapi.yaml", realValueSource(API_BASE))).loaded!.api;
});
afterAll(() => stopStepChecker());

/** The page rendered with `description`, and its blocks through the site's checks. */
async function check(description: ApiDescription) {
  const md = await renderMarkdown(PAGE, {
    file: "content/api/rest/index.md",
    base: "/docs/v2/",
    lineOffset: 4,
    route: "/api/rest/",
    api: description,
  });
  expect(md.diagnostics).toEqual([]);
  const outcome = await checkSiteExamples({
    samples: md.samples,
    reference: { cli: "data/cli.yaml", runtime: "data/runtime.d.ts" },
    configDir: ROOT,
    siteValues: { apiBase: API_BASE },
    api: description,
  });
  return { samples: md.samples, diagnostics: outcome.diagnostics };
}

/** Every code block of some nodes, in order. */
function codes(nodes: RootContent[]): Code[] {
  const out: Code[] = [];
  const walk = (n: RootContent) =>
    n.type === "code"
      ? out.push(n)
      : "children" in n && n.children.forEach((c) => walk(c as RootContent));
  nodes.forEach(walk);
  return out;
}

describe("the samples ::operation writes, through the example checks", () => {
  it(
    "are checked as the page's blocks, at the directive's line, and pass",
    async () => {
      const { samples, diagnostics } = await check(api);
      const mine = samples.filter((s) => s.origin?.startsWith("::operation{id=createWorkflow}"));
      expect(mine.map((s) => s.lang)).toEqual(
        expect.arrayContaining(["bash", "js", "python", "go", "json"]),
      );
      for (const s of mine)
        expect(s).toMatchObject({ file: "content/api/rest/index.md", line: LINE });
      expect(diagnostics).toEqual([]);
    },
    within(120_000),
  );

  it(
    "refuse samples that drift from the description, each at the directive's line",
    async () => {
      // The nodes a build hands its workers, planted with mistakes a stale generator would make.
      const nodes = operationNodes(api.byId.get("createWorkflow")!, API_BASE);
      const blocks = codes(nodes);
      const block = (label: string) => blocks.find((c) => c.meta?.startsWith(`[${label}]`))!;
      const plant = (label: string, from: string, to: string) => {
        const c = block(label);
        expect(c.value).toContain(from);
        c.value = c.value.replace(from, to);
      };
      plant("cURL", `"${API_BASE}/workflows"`, `"${API_BASE}/workflow"`);
      plant("Node.js", "await fetch(", "await fecth(");
      plant("Python", "requests.post(", "requests.post((");
      plant("Go", "func main() {", "func main() {{");
      plant("Response 201", '"memory_mb": 256', '"memory_mb": "256MB"');
      const drifted = { ...api, rendered: { ...api.rendered, createWorkflow: nodes } };
      const { diagnostics } = await check(drifted);
      const found = diagnostics.map((d) => `${d.file}:${d.line} [${d.rule}] ${d.message}`);
      const at = (rule: string, block: string) =>
        expect(found).toContainEqual(
          expect.stringMatching(
            new RegExp(
              `^content/api/rest/index\\.md:${LINE} \\[${rule}\\] ::operation\\{id=createWorkflow\\}, its ${block}, line \\d+: `,
            ),
          ),
        );
      at("api-path", "cURL block");
      at("step-types", "Node.js block");
      at("code-syntax", "Python block");
      at("code-syntax", "Go block");
      at("api-response", "Response 201 block");
      expect(diagnostics.every((d) => d.line === LINE)).toBe(true);
    },
    within(120_000),
  );
});
