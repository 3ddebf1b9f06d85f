import { describe, expect, it } from "vitest";
import { renderMarkdown } from "../../../../src/node/content/markdown/markdown.ts";

const samplesOf = async (body: string) =>
  (
    await renderMarkdown(body, {
      file: "content/a.md",
      base: "/docs/v2/",
      lineOffset: 3,
      route: "/a/",
    })
  ).samples;

describe("code samples of a page", () => {
  it("keeps each block's language, meta, fence position, route and opt-out", async () => {
    const [s] = await samplesOf("Text\n\n```js [step.js] :no-check=fragment\nctx.x();\n```\n");
    expect(s).toEqual({
      lang: "js",
      meta: "[step.js] :no-check=fragment",
      code: "ctx.x();",
      file: "content/a.md",
      line: 6,
      column: 1,
      route: "/a/",
      noCheck: "fragment",
    });
  });

  it("gives a block in a code group its tab label, and each block the index of the one before", async () => {
    const samples = await samplesOf(
      "::: code-group\n\n```js [Node.js]\na()\n```\n\n```python [Python]\na()\n```\n\n:::\n",
    );
    expect(samples.map((s) => [s.lang, s.label, s.previous])).toEqual([
      ["js", "Node.js", undefined],
      ["python", "Python", 0],
    ]);
  });

  it("takes the code as the reader copies it: notation out, removed lines empty, lines in place", async () => {
    const [s] = await samplesOf(
      "```js\nold(); // [!code --]\nnew(); // [!code ++]\n// [!code focus]\nlast();\n```\n",
    );
    expect(s!.code).toBe("\nnew();\n\nlast();");
  });
});
