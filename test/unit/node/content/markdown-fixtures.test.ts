/**
 * Markdown cases as files (STYLE.md, Tests): each folder of test/fixtures/markdown/ is a content
 * folder with a page `input.md` (and the parts, snippets and public/ images it reads); the page's
 * HTML is `output.html`, its Markdown for machines `output.md` (what `/docs/v2/<route>.md` and
 * llms-full.txt carry), its diagnostics `diagnostics.txt` (each absent when there is none).
 * Regenerate on purpose with `UPDATE=1 npx vitest run test/unit/node/content/markdown-fixtures.test.ts`
 * and read the diff.
 */
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { parsePage } from "../../../../src/node/content/frontmatter/parse-file.ts";
import { formatDiagnostic } from "../../../../src/node/core/errors.ts";
import { ROOT } from "../../../helpers/site.ts";

const CASES = join(ROOT, "test", "fixtures", "markdown");
const UPDATE = process.env.UPDATE === "1";

/** Compares `actual` with the file (absent when `actual` is undefined), or writes it under UPDATE=1. */
function expectFile(path: string, actual: string | undefined): void {
  if (UPDATE) {
    if (actual === undefined) rmSync(path, { force: true });
    else writeFileSync(path, actual);
    return;
  }
  expect(existsSync(path) ? readFileSync(path, "utf8") : undefined, path).toBe(actual);
}

describe("Markdown fixtures (input.md → output.html, diagnostics.txt)", () => {
  for (const name of readdirSync(CASES).sort()) {
    it(name, async () => {
      const dir = join(CASES, name);
      const result = await parsePage(
        readFileSync(join(dir, "input.md")),
        { relativePath: "input.md", file: "content/input.md", route: "/guide/input/" },
        {
          base: "/docs/v2/",
          siteUrl: "https://brook.example",
          siteValues: { apiBase: "https://api.brook.example/v1", title: "Brook" },
          roots: {
            content: dir,
            contentDisplay: "content/",
            public: join(dir, "public"),
            publicDisplay: "public/",
          },
        },
      );
      const diagnostics = [...result.errors, ...result.warnings].map(formatDiagnostic);
      expectFile(join(dir, "output.html"), result.page ? result.page.html + "\n" : undefined);
      expectFile(join(dir, "output.md"), result.page?.markdown || undefined);
      expectFile(
        join(dir, "diagnostics.txt"),
        diagnostics.length ? diagnostics.join("\n") + "\n" : undefined,
      );
    });
  }
});
