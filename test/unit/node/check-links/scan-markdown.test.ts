import { describe, expect, it } from "vitest";
import { markdownRoute, scanMarkdown } from "../../../../src/node/check-links/scan-markdown.ts";

const O = "https://brook.example";
// [kind, URL, whether the offset points at the link's `[`, `![`, `<` (or a definition's `[`)]
const urls = (text: string) =>
  scanMarkdown(text, O).map((u) => [
    u.kind,
    u.value,
    /^(!?\[|<)/.test(text.slice(u.offset)) && text.indexOf(u.value, u.offset) > u.offset,
  ]);

describe("scanMarkdown", () => {
  it("finds links, images, <> destinations, autolinks and definitions on the origin", () => {
    const text = [
      `See [limits](${O}/docs/v2/limits/#http) and ![logo](${O}/docs/v2/logo.svg "Logo").`,
      `A [spaced](<${O}/docs/v2/a b/>) one, an autolink <${O}/docs/v2/cli/>,`,
      `[ref]: ${O}/docs/v2/api/rest/ "title"`,
      `- [Quickstart](${O}/docs/v2/quickstart.md): start here`,
    ].join("\n");
    expect(urls(text)).toEqual([
      ["link", `${O}/docs/v2/limits/#http`, true],
      ["image", `${O}/docs/v2/logo.svg`, true],
      ["link", `${O}/docs/v2/a b/`, true],
      ["link", `${O}/docs/v2/cli/`, true],
      ["link", `${O}/docs/v2/api/rest/`, true],
      ["link", `${O}/docs/v2/quickstart.md`, true],
    ]);
  });

  it("keeps balanced parentheses in a destination and stops at the one that closes it", () => {
    expect(urls(`[x](${O}/docs/v2/a_(b)/) after)`)).toEqual([
      ["link", `${O}/docs/v2/a_(b)/`, true],
    ]);
  });

  it("skips fenced code (also inside a quote or a list) and code spans", () => {
    const text = [
      "```js",
      `fetch("[x](${O}/docs/v2/nope/)")`,
      "```",
      `> **Tip**`,
      `> ~~~~`,
      `> [x](${O}/docs/v2/nope-either/)`,
      `> ~~~~`,
      `- item`,
      `  \`\`\`md`,
      `  [x](${O}/docs/v2/not-this/)`,
      `  \`\`\``,
      `Inline \`[x](${O}/docs/v2/code/)\` and \`\`a \` [x](${O}/docs/v2/code2/)\`\` then [real](${O}/docs/v2/real/).`,
    ].join("\n");
    expect(urls(text)).toEqual([["link", `${O}/docs/v2/real/`, true]]);
  });

  it("ignores other origins and a URL that is only named in text", () => {
    expect(
      urls(
        `Go to https://elsewhere.example/docs/ or ${O}/docs/v2/limits/ by hand; [x](https://elsewhere.example/${O})`,
      ),
    ).toEqual([]);
  });

  it("reads an image whose text holds brackets", () => {
    expect(urls(`![a [b] c](${O}/docs/v2/x.png)`)).toEqual([["image", `${O}/docs/v2/x.png`, true]]);
  });
});

describe("markdownRoute", () => {
  it("maps .md paths to routes", () => {
    expect(markdownRoute("/docs/v2/", "/docs/v2/index.md")).toBe("/");
    expect(markdownRoute("/docs/v2/", "/docs/v2/api/rest.md")).toBe("/api/rest/");
    expect(markdownRoute("/docs/v2/", "/docs/v2/llms.txt")).toBeNull();
  });
});
