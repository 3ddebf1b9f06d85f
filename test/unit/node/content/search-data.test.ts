import { describe, expect, it } from "vitest";
import { renderMarkdown } from "../../../../src/node/content/markdown/markdown.ts";
import { searchData } from "../../../../src/node/content/search-data.ts";

describe("searchData", () => {
  it("keeps a page's headings and counts its body's index terms, inline code in, code blocks out", async () => {
    const md =
      "Call `ctx.respond()` to answer.\n\n## Verify the signature\n\nCheck X-Brook-Signature, then respond.\n\n```js\nhiddenInCode()\n```\n";
    const r = await renderMarkdown(md, { file: "content/x.md", base: "/docs/v2/", lineOffset: 0 });
    const data = searchData(r.sections);
    expect(data.headings).toEqual(["Verify the signature"]);
    expect(data.body.split(" ").sort()).toEqual([
      "answer",
      "brook",
      "call",
      "check",
      "ctx",
      "ctx.respond",
      "respond:2",
      "signatur",
      "x-brook-signature",
    ]);
  });
});
