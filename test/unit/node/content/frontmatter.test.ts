import { describe, expect, it } from "vitest";
import { parseFrontmatter } from "../../../../src/node/content/frontmatter/frontmatter.ts";

describe("parseFrontmatter", () => {
  it("returns validated frontmatter, the body and the body's first line", () => {
    const { result, diagnostics } = parseFrontmatter(
      "---\ntitle: Limits\ndescription: All limits.\nprev: false\nnext: /errors/\nmeta:\n  - name: robots\n    content: noindex\n---\nBody\n",
      "content/limits.md",
    );
    expect(diagnostics).toEqual([]);
    expect(result!.frontmatter).toEqual({
      title: "Limits",
      description: "All limits.",
      prev: false,
      next: "/errors/",
      layout: "doc",
      meta: [{ name: "robots", content: "noindex" }],
    });
    expect(result!.bodyLine).toBe(10);
    expect(result!.body).toBe("Body\n");
  });

  it("names every problem with its line and a hint", () => {
    const { result, diagnostics } = parseFrontmatter(
      "---\ntitle: 3\nlayout: wide\nfoo: bar\n---\n",
      "x.md",
    );
    expect(result).toBeUndefined();
    expect(diagnostics.map((d) => `${d.line}: ${d.message}`)).toEqual([
      "1: missing description",
      "2: title must be a string, got number",
      '3: unknown layout "wide"',
      "4: unknown frontmatter key 'foo'",
    ]);
    expect(diagnostics.every((d) => d.hint)).toBe(true);
  });

  it("rejects a file without frontmatter and malformed meta", () => {
    expect(parseFrontmatter("Just text\n", "x.md").diagnostics[0]!.message).toBe(
      "the file has no frontmatter",
    );
    const meta = parseFrontmatter(
      "---\ntitle: T\ndescription: D\nmeta:\n  - content: x\n---\n",
      "x.md",
    );
    expect(meta.diagnostics[0]!.message).toMatch(/^meta must be a list/);
  });
});

describe("frontmatter outline", () => {
  const parse = (value: string) =>
    parseFrontmatter(`---\ntitle: T\ndescription: D\noutline: ${value}\n---\n`, "x.md");
  it("accepts false, one level and a range", () => {
    expect(parse("false").result!.frontmatter.outline).toBe(false);
    expect(parse("2").result!.frontmatter.outline).toBe(2);
    expect(parse("[2, 3]").result!.frontmatter.outline).toEqual([2, 3]);
    expect(
      parseFrontmatter("---\ntitle: T\ndescription: D\n---\n", "x.md").result!.frontmatter,
    ).not.toHaveProperty("outline");
  });
  it("rejects anything else, with its line and a hint", () => {
    for (const bad of ["4", "[3, 2]", "deep", "[2, 3, 4]", "true"]) {
      const { result, diagnostics } = parse(bad);
      expect(result, bad).toBeUndefined();
      expect(diagnostics[0]).toMatchObject({ line: 4, rule: "frontmatter" });
      expect(diagnostics[0]!.message).toMatch(/^outline must be false, 2, 3 or \[2, 3\]/);
    }
  });
});

describe("frontmatter keywords", () => {
  const parse = (value: string) =>
    parseFrontmatter(`---\ntitle: T\ndescription: D\nkeywords: ${value}\n---\n`, "x.md");
  it("takes a list of phrases, trimmed", () => {
    expect(
      parse('[change email, " 2fa ", "413 request entity too large"]').result!.frontmatter.keywords,
    ).toEqual(["change email", "2fa", "413 request entity too large"]);
    expect(
      parseFrontmatter("---\ntitle: T\ndescription: D\n---\n", "x.md").result!.frontmatter,
    ).not.toHaveProperty("keywords");
  });
  it("rejects a string, an empty phrase, a paragraph and too many, with its line and a hint", () => {
    const many = `[${Array.from({ length: 41 }, (_, i) => `k${i}`).join(", ")}]`;
    for (const bad of ["change email", '[""]', `[${"word ".repeat(20)}]`, many, "[[nested]]"]) {
      const { result, diagnostics } = parse(bad);
      expect(result, bad).toBeUndefined();
      expect(diagnostics[0]).toMatchObject({ line: 4, rule: "frontmatter" });
      expect(diagnostics[0]!.message).toMatch(/^keywords must be a list of at most 40 phrases/);
      expect(diagnostics[0]!.hint).toMatch(/keywords: \[/);
    }
  });
});
