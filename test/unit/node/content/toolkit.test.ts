/** The writer's toolkit piece by piece (issue 14): fence info, notation, regions, includes, the file reader, badges. */
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseFenceInfo } from "../../../../src/node/content/code/fence-info.ts";
import { applyNotations, MARK } from "../../../../src/node/content/code/code-notation.ts";
import { parseLineRange, selectLines } from "../../../../src/node/content/parts/regions.ts";
import { expandIncludes, placeDiagnostic } from "../../../../src/node/content/parts/includes.ts";
import {
  resolveContentPath,
  SourceReader,
  type SourceRoots,
} from "../../../../src/node/content/parts/source-files.ts";
import { normalizeContainerSyntax } from "../../../../src/node/content/markdown/containers.ts";
import { renderMarkdown } from "../../../../src/node/content/markdown/markdown.ts";
import { DependencyFiles } from "../../../../src/node/content/file-deps.ts";
import { within } from "../../../helpers/time.ts";

describe("parseFenceInfo", () => {
  it("reads the language, a title, highlighted lines and line numbers in any order", () => {
    expect(parseFenceInfo("js", "[step.js] {1,4-6} :line-numbers")).toEqual({
      lang: "js",
      title: "step.js",
      highlight: [
        { from: 1, to: 1 },
        { from: 4, to: 6 },
      ],
      lineStart: 1,
      unknown: [],
    });
    expect(parseFenceInfo("ts:line-numbers=5", "{2}")).toMatchObject({
      lang: "ts",
      lineStart: 5,
      highlight: [{ from: 2, to: 2 }],
    });
    expect(parseFenceInfo("js{1,3}", null)).toMatchObject({
      lang: "js",
      highlight: [
        { from: 1, to: 1 },
        { from: 3, to: 3 },
      ],
    });
    expect(parseFenceInfo("python", "[Python]")).toMatchObject({ lang: "python", title: "Python" });
  });

  it("keeps what it does not know, so the build can say so", () => {
    expect(parseFenceInfo("js", 'title="x.js" {a-b} [open').unknown).toEqual([
      'title="x.js"',
      "{a-b}",
      "[open",
    ]);
    expect(parseFenceInfo("js", "{3-1}").unknown).toEqual(["{3-1}"]);
  });

  // Quadratic work on these inputs would take minutes: the test's time-out is the check.
  it(
    "reads a long hostile info string in one pass",
    () => {
      expect(
        parseFenceInfo("js", "{".repeat(100_000) + " [".repeat(100_000) + ":".repeat(100_000))
          .unknown.length,
      ).toBeGreaterThan(0);
    },
    within(10_000),
  );
});

describe("applyNotations", () => {
  it("removes notation comments and marks their lines", () => {
    const r = applyNotations(
      [
        "a(); // [!code --]",
        "b(); // [!code ++]",
        "c(); // [!code focus]",
        "d(); // [!code hl]",
        "e(); // [!code error]",
        "f(); // [!code warning]",
        "g();",
      ].join("\n"),
      "javascript",
    );
    expect(r.code).toBe("a();\nb();\nc();\nd();\ne();\nf();\ng();");
    expect(r.marks).toEqual([
      MARK.remove,
      MARK.add,
      MARK.focus,
      MARK.highlight,
      MARK.error | MARK.highlight,
      MARK.warning | MARK.highlight,
      0,
    ]);
  });

  it("uses the language's comment syntax: # for bash and python, -- for SQL, <!-- --> for HTML", () => {
    expect(applyNotations("x = 1  # [!code ++]", "python")).toEqual({
      code: "x = 1",
      marks: [MARK.add],
    });
    expect(applyNotations('echo "hi" # [!code --]', "bash")).toEqual({
      code: 'echo "hi"',
      marks: [MARK.remove],
    });
    expect(applyNotations("SELECT 1; -- [!code hl]", "sql")).toEqual({
      code: "SELECT 1;",
      marks: [MARK.highlight],
    });
    expect(applyNotations("<p>x</p> <!-- [!code ++] -->", "html")).toEqual({
      code: "<p>x</p>",
      marks: [MARK.add],
    });
    // Not a comment of the language: left as written.
    expect(applyNotations("x = 1  // [!code ++]", "python").code).toBe("x = 1  // [!code ++]");
    expect(applyNotations("plain // [!code ++]", null).code).toBe("plain // [!code ++]");
  });

  it("applies :N to N lines, a comment alone on its line to the next, and shows [\\!code] as written", () => {
    expect(applyNotations("a(); // [!code hl:2]\nb();\nc();", "javascript").marks).toEqual([
      MARK.highlight,
      MARK.highlight,
      0,
    ]);
    expect(applyNotations("// [!code ++:2]\na();\nb();\nc();", "javascript")).toEqual({
      code: "a();\nb();\nc();",
      marks: [MARK.add, MARK.add, 0],
    });
    expect(applyNotations("a(); // note [!code hl]", "javascript").code).toBe("a(); // note");
    expect(applyNotations("a(); /* [!code hl] */", "javascript").code).toBe("a();");
    expect(applyNotations('s = "// [\\!code ++]";', "javascript").code).toBe(
      's = "// [!code ++]";',
    );
  });

  it(
    "reads a hostile line in a bounded number of searches",
    () => {
      expect(
        applyNotations("//".repeat(50_000) + " [!code hl]".repeat(20_000), "javascript").marks,
      ).toEqual([MARK.highlight]);
    },
    within(10_000),
  );
});

describe("regions and line ranges", () => {
  const file =
    [
      "top",
      "// #region a",
      "one",
      "  # #region inner",
      "two",
      "# #endregion",
      "// #endregion",
      "<!-- #region b -->",
      "three",
      "<!-- #endregion -->",
      "end",
    ].join("\n") + "\n";

  it("takes a region without its markers, nested regions included", () => {
    expect(selectLines(file, { region: "a" })).toEqual({ lines: ["one", "two"], numbers: [3, 5] });
    expect(selectLines(file, { region: "b" })).toEqual({ lines: ["three"], numbers: [9] });
    expect(selectLines(file, {})).toMatchObject({ lines: ["top", "one", "two", "three", "end"] });
  });

  it("counts a range in lines of the file (or of the region)", () => {
    expect(parseLineRange("3,12")).toEqual({ from: 3, to: 12 });
    expect(parseLineRange("3,")).toEqual({ from: 3, to: Infinity });
    expect(parseLineRange(",2")).toEqual({ from: 1, to: 2 });
    expect(parseLineRange("5")).toEqual({ from: 5, to: 5 });
    for (const bad of ["", ",", "a", "4,2", "0,1"])
      expect(parseLineRange(bad), bad).toBeUndefined();
    expect(selectLines(file, { range: { from: 1, to: 2 } })).toEqual({
      lines: ["top"],
      numbers: [1],
    });
    expect(selectLines(file, { region: "a", range: { from: 2, to: 3 } })).toEqual({
      lines: ["two"],
      numbers: [5],
    });
  });

  it("says what is missing", () => {
    expect(selectLines(file, { region: "nope" })).toMatchObject({
      rule: "include-region",
      problem: "there is no region 'nope' (a line '#region nope' in a comment)",
    });
    expect(selectLines("// #region open\nx\n", { region: "open" })).toMatchObject({
      problem: "region 'open' is never closed (a line '#endregion' in a comment)",
    });
    expect(selectLines("a\nb\n", { range: { from: 3, to: 4 } })).toMatchObject({
      rule: "include-lines",
      problem: "line 3 is past the end: the file has 2 lines",
    });
  });
});

describe("paths, files and includes", () => {
  let root: string;
  let roots: SourceRoots;
  beforeAll(() => {
    root = mkdtempSync(join(tmpdir(), "brook-toolkit-"));
    mkdirSync(join(root, "content", "_parts"), { recursive: true });
    mkdirSync(join(root, "public"), { recursive: true });
    writeFileSync(join(root, "outside.md"), "secret\n");
    writeFileSync(join(root, "content", "_parts", "a.md"), "Part A line 1\n{{ site.x }}\n");
    writeFileSync(join(root, "content", "_parts", "b.md"), "<!--@include: ./a.md-->\n");
    symlinkSync(join(root, "outside.md"), join(root, "content", "_parts", "out.md"));
    symlinkSync(join(root, "content", "_parts", "a.md"), join(root, "content", "_parts", "in.md"));
    execFileSync("mkfifo", [join(root, "content", "_parts", "fifo.md")]);
    roots = {
      content: join(root, "content"),
      contentDisplay: "content/",
      public: join(root, "public"),
      publicDisplay: "public/",
    };
  });
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it("resolves paths from the file or the content root, and refuses the rest", () => {
    expect(resolveContentPath("./_parts/a.md", "guide/page.md")).toEqual({
      path: "guide/_parts/a.md",
    });
    expect(resolveContentPath("../_parts/a.md", "guide/page.md")).toEqual({ path: "_parts/a.md" });
    expect(resolveContentPath("@/_parts/a.md", "guide/page.md")).toEqual({ path: "_parts/a.md" });
    for (const [spec, kind] of [
      ["../../x.md", "outside"],
      ["@/../x.md", "outside"],
      ["/etc/passwd", "path"],
      ["C:/x.md", "path"],
      ["a\\b.md", "path"],
      ["./.env", "path"],
      ["node_modules/x/y.js", "path"],
      ["", "path"],
      ["./", "path"],
    ] as const) {
      expect(resolveContentPath(spec, "page.md"), spec).toMatchObject({ problem: { kind } });
    }
  });

  it("reads regular files inside the folder only, and records what it read", () => {
    const reader = new SourceReader(roots);
    expect(reader.read("content", "_parts/a.md", 1000)).toMatchObject({
      display: "content/_parts/a.md",
    });
    expect(reader.read("content", "_parts/in.md", 1000)).toMatchObject({
      display: "content/_parts/in.md",
    });
    expect(reader.read("content", "_parts/out.md", 1000)).toMatchObject({
      problem: { kind: "outside" },
    });
    expect(reader.read("content", "_parts/fifo.md", 1000)).toMatchObject({
      problem: { kind: "not-a-file" },
    });
    expect(reader.read("content", "_parts/none.md", 1000)).toMatchObject({
      problem: { kind: "missing" },
    });
    expect(reader.read("content", "_parts/a.md", 4)).toMatchObject({
      problem: { kind: "too-large" },
    });
    expect(reader.files().map(([f]) => f)).toEqual(["content/_parts/a.md", "content/_parts/in.md"]);
  });

  it("expands includes with the origin of every line, and places diagnostics there", () => {
    const page = { file: "content/page.md", relativePath: "page.md", lineOffset: 4 };
    const x = expandIncludes(
      "Intro\n\n<!--@include: ./_parts/b.md-->\nEnd",
      page,
      new SourceReader(roots),
    );
    expect(x.diagnostics).toEqual([]);
    expect(x.body).toBe("Intro\n\nPart A line 1\n{{ site.x }}\nEnd");
    expect(
      placeDiagnostic({ file: "content/page.md", line: 4 + 4, column: 3 }, page, x.origins),
    ).toEqual({ file: "content/_parts/a.md", line: 2, column: 3 });
    expect(placeDiagnostic({ file: "content/page.md", line: 4 + 5 }, page, x.origins)).toEqual({
      file: "content/page.md",
      line: 8,
    });
  });

  it("leaves a body without includes as it is, and lines that only look like one", () => {
    const page = { file: "content/page.md", relativePath: "page.md", lineOffset: 0 };
    const body =
      "Text <!--@include: ./_parts/a.md--> inline.\n\n````md\n<!--@include: ./_parts/a.md-->\n<<< @/_parts/a.md\n````\n";
    expect(expandIncludes(body, page, new SourceReader(roots))).toEqual({
      body: body,
      origins: expect.any(Array),
      diagnostics: [],
    });
    expect(expandIncludes("No includes.", page, new SourceReader(roots))).toEqual({
      body: "No includes.",
      diagnostics: [],
    });
  });

  it(
    "reads a long line that starts like an include without backtracking",
    () => {
      const page = { file: "content/page.md", relativePath: "page.md", lineOffset: 0 };
      const x = expandIncludes(
        "<!--@include:" +
          " ".repeat(300_000) +
          "x\n<<< " +
          " ".repeat(300_000) +
          "[\n// #region" +
          " ".repeat(300_000) +
          "!",
        page,
        new SourceReader(roots),
      );
      expect(x.diagnostics.map((d) => d.rule)).toEqual(["include-missing"]);
    },
    within(10_000),
  );

  it("knows when a dependency changed, hashing each file once a build", () => {
    const memo = new Map();
    const files = new DependencyFiles(roots, memo);
    const reader = new SourceReader(roots);
    reader.read("content", "_parts/a.md", 1000);
    const deps = reader.files();
    expect(files.unchanged(deps)).toBe(true);
    writeFileSync(join(root, "content", "_parts", "a.md"), "Changed\n");
    // The same build answers as it did; the next build sees the change.
    expect(files.unchanged(deps)).toBe(true);
    // The next build starts from the memo this one hands on.
    expect(new DependencyFiles(roots, files.next()).unchanged(deps)).toBe(false);
    expect(
      new DependencyFiles(roots, files.next()).unchanged([["content/_parts/gone.md", "x"]]),
    ).toBe(false);
  });
});

describe("code groups and badges in the Markdown chain", () => {
  const render = (md: string) =>
    renderMarkdown(md, { file: "content/x.md", base: "/docs/v2/", lineOffset: 0 });

  it("reads VitePress's `::: code-group` and `::: tip Title`, outside fences only", () => {
    expect(
      normalizeContainerSyntax(
        "::: code-group\n```js [A]\n::: tip Not here\n```\n:::\n::: tip Title\n:::",
      ),
    ).toBe(":::code-group\n```js [A]\n::: tip Not here\n```\n:::\n:::tip[Title]\n:::");
  });

  it("keeps a badge out of its heading's slug, outline title and search text", async () => {
    const r = await render(
      "## Replay :badge[New]\n\nText.\n\n## Deep :badge[Beta]{type=warning} dive\n",
    );
    expect(r.headers).toEqual([
      { level: 2, title: "Replay", slug: "replay" },
      { level: 2, title: "Deep dive", slug: "deep-dive" },
    ]);
    expect(r.html).toContain(
      '<h2 id="replay" tabindex="-1">Replay <span class="badge badge-tip">New</span><a class="anchor"',
    );
    expect(r.html).toContain('Deep <span class="badge badge-warning">Beta</span> dive');
    expect(r.sections.map((s) => s.heading + "|" + s.text)).toEqual(["Replay|Text.", "Deep dive|"]);
  });
});

describe("the code theme reads at WCAG AA on marked lines too", () => {
  it("gives every token colour 4.5:1 on each marked line's tint, light and dark", async () => {
    const { codeThemeCss } = await import("../../../../src/node/content/code/code-theme.ts");
    const { MARK_BACKGROUND, contrast, parseHex } =
      await import("../../../../src/node/content/code/code-colors.ts");
    const ratio = (a: string, b: string) => contrast(parseHex(a)!, parseHex(b)!);
    const css = codeThemeCss();
    const pairs = [
      ...css.matchAll(/--shiki-light:(#[0-9a-f]{6});--shiki-dark:(#[0-9a-f]{6})/g),
    ].map((m) => [m[1]!, m[2]!] as const);
    expect(pairs.length).toBeGreaterThan(10);
    for (const [light, dark] of pairs) {
      for (const bg of Object.values(MARK_BACKGROUND)) {
        expect(ratio(light, bg.light), `${light} on ${bg.light}`).toBeGreaterThanOrEqual(4.5);
        expect(ratio(dark, bg.dark), `${dark} on ${bg.dark}`).toBeGreaterThanOrEqual(4.5);
      }
    }
    for (const kind of Object.keys(MARK_BACKGROUND))
      expect(css).toContain(`.line.${kind}{--mark-light:`);
  });
});
