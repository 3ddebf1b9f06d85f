import { describe, expect, it } from "vitest";
import { ContentError } from "../../src/node/core/errors.ts";
import { buildFixture, tempSite } from "../helpers/site.ts";

const GOOD = `---
title: Examples
description: Code blocks the build checks
---

\`\`\`js
export default async function (event, ctx) {
  ctx.export("id", event.id);
}
\`\`\`

\`\`\`json :no-schema=config
{ "name": "a" }
\`\`\`

\`\`\`bash
brook deploy app.mjs --prop a=1
\`\`\`

\`\`\`js :no-check=fragment
ctx.export("a", b);
\`\`\`
`;

describe("the example-check stage", () => {
  it("stops the build once with every failing block: file, line, column and rule", async () => {
    const error = await buildFixture("examples").then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ContentError);
    const found = (error as ContentError).diagnostics.map(
      (d) => `${d.file}:${d.line}:${d.column} ${d.rule}`,
    );
    expect(found).toEqual([
      "content/index.md:10:13 step-types",
      "content/index.md:19:1 json-syntax",
      "content/index.md:25:1 code-syntax",
      "content/index.md:30:22 cli-usage",
      "content/index.md:38:19 code-syntax",
    ]);
    expect((error as ContentError).diagnostics[0]!.message).toMatch(/Did you mean 'respond'/);
  });

  it("counts the blocks it checked by language, and the opt-outs", async () => {
    const cwd = tempSite("examples", { "content/index.md": GOOD });
    const { result } = await buildFixture("examples", cwd);
    expect(result.examples).toMatchObject({ checked: { js: 1, json: 1, bash: 1 }, optedOut: 1 });
  });
  it("reports a block nested too deep for TypeScript at its line, and still checks the others", async () => {
    const deep = "(".repeat(30000) + "1" + ")".repeat(30000);
    const page = [
      "---",
      "title: Examples",
      "description: Code blocks the build checks",
      "---",
      "",
      "```js",
      `const x = ${deep};`,
      'ctx.export("x", x);',
      "```",
      "",
      "```js",
      "export default async function (event, ctx) {",
      "  await ctx.respnd({ status: 200 });",
      "}",
      "```",
      "",
    ].join("\n");
    const cwd = tempSite("examples", { "content/index.md": page });
    const error = await buildFixture("examples", cwd).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ContentError);
    const found = (error as ContentError).diagnostics.map((d) => ({
      at: `${d.file}:${d.line} ${d.rule}`,
      message: d.message,
    }));
    expect(found).toEqual([
      {
        at: "content/index.md:7 step-types",
        message: expect.stringMatching(/TypeScript could not read the block .*nests too deep/),
      },
      { at: "content/index.md:13 step-types", message: expect.stringMatching(/'respond'/) },
    ]);
  });
});
