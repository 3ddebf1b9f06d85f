/**
 * Includes, code imports and images in whole builds (issue 14): each bad include is a build
 * error at its `file:line:col` with a hint, and the previous output stays as it was; a problem
 * inside an included file names that file and its line; parts are never pages.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { buildSite } from "../../src/node/build-site.ts";
import { formatError } from "../../src/node/core/errors.ts";
import { tempSite } from "../helpers/site.ts";

const PAGE = (body: string) =>
  `---\ntitle: Limits\ndescription: Every limit.\n---\n\n${body}\n\n## One\n\nText.\n`;

let dir: string;
let before: string;

function put(files: Record<string, string>): void {
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), content);
  }
}

async function build(): Promise<string> {
  try {
    await buildSite({ cwd: dir, contentDir: "content", outDir: "dist", cache: false });
    return "";
  } catch (e) {
    return formatError(e);
  }
}

beforeEach(async () => {
  dir = tempSite("basic", {
    "content/_parts/auth.md":
      "Send `Authorization: Bearer <token>`.\n\n<!-- #region retry -->\nRetry after `Retry-After` seconds.\n<!-- #endregion -->\n",
    "content/_snippets/verify.js":
      "// #region verify\nexport const verify = () => true;\n// #endregion\n",
  });
  expect(await build()).toBe("");
  before = readFileSync(join(dir, "dist/docs/v2/limits/index.html"), "utf8");
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** The build fails with exactly these lines (among others) and leaves dist/ as it was. */
async function expectError(lines: string[]): Promise<void> {
  const text = await build();
  for (const line of lines) expect(text).toContain(line);
  expect(text).not.toContain("Internal error");
  expect(readFileSync(join(dir, "dist/docs/v2/limits/index.html"), "utf8")).toBe(before);
  expect(readdirSync(dir).filter((f) => /\.(tmp|old)-/.test(f))).toEqual([]);
}

describe("includes and imports that work", () => {
  it("builds parts into the pages, and parts are never pages", async () => {
    put({
      "content/limits.md": PAGE(
        "<!--@include: ./_parts/auth.md-->\n\n<!--@include: @/_parts/auth.md#retry-->\n\n<<< @/_snippets/verify.js#verify [verify.js]",
      ),
    });
    expect(await build()).toBe("");
    const html = readFileSync(join(dir, "dist/docs/v2/limits/index.html"), "utf8");
    expect(html).toContain("Send <code>Authorization: Bearer &#x3C;token></code>.");
    expect(html.match(/Retry after/g)).toHaveLength(2);
    expect(html).toContain('<div class="code-title">verify.js</div>');
    expect(html).not.toContain("#region");
    expect(readdirSync(join(dir, "dist/docs/v2"))).not.toContain("_parts");
  });
});

describe("each bad include is a file:line error", () => {
  const cases: [string, string, string[]][] = [
    [
      "a missing file",
      "<!--@include: ./_parts/none.md-->",
      [
        "content/limits.md:6:1: <!--@include: ./_parts/none.md-->: content/_parts/none.md does not exist [include-missing]",
        "hint: create the file, or fix the path",
      ],
    ],
    [
      "a missing region",
      "<!--@include: ./_parts/auth.md#nope-->",
      [
        "content/limits.md:6:1: <!--@include: ./_parts/auth.md#nope-->: content/_parts/auth.md: there is no region 'nope' (a line '#region nope' in a comment) [include-region]",
      ],
    ],
    [
      "a line range past the end",
      "<!--@include: ./_parts/auth.md{20,30}-->",
      [
        "content/limits.md:6:1: <!--@include: ./_parts/auth.md{20,30}-->: content/_parts/auth.md: line 20 is past the end: the file has 5 lines [include-lines]",
      ],
    ],
    [
      "braces that are not a range",
      "<!--@include: ./_parts/auth.md{a,b}-->",
      [
        "content/limits.md:6:1: <!--@include: ./_parts/auth.md{a,b}-->: {a,b} is not a line range [include-lines]",
        "hint: write {3,12} for lines 3 to 12",
      ],
    ],
    [
      "a path out of the content folder",
      "<!--@include: ../site.config.ts-->",
      [
        'content/limits.md:6:1: <!--@include: ../site.config.ts-->: the path "../site.config.ts" leads out of the content folder [include-outside]',
      ],
    ],
    [
      "an absolute path",
      "<!--@include: /etc/hostname-->",
      [
        'content/limits.md:6:1: <!--@include: /etc/hostname-->: the path "/etc/hostname" is absolute [include-path]',
      ],
    ],
    [
      "a folder",
      "<!--@include: ./_parts-->",
      [
        "content/limits.md:6:1: <!--@include: ./_parts-->: content/_parts is not a regular file (a folder, pipe, socket or device), so it is not read [include-not-a-file]",
      ],
    ],
    [
      "a page that includes itself",
      "<!--@include: ./limits.md-->",
      [
        "content/limits.md:6:1: <!--@include: ./limits.md-->: the includes go round in a circle: content/limits.md → content/limits.md [include-cycle]",
      ],
    ],
    [
      "a missing code file",
      "<<< @/_snippets/none.js",
      [
        "content/limits.md:6:1: <<< @/_snippets/none.js: content/_snippets/none.js does not exist [include-missing]",
      ],
    ],
    [
      "a missing region of a code file",
      "<<< @/_snippets/verify.js#nope",
      [
        "content/limits.md:6:1: <<< @/_snippets/verify.js#nope: content/_snippets/verify.js: there is no region 'nope' (a line '#region nope' in a comment) [include-region]",
      ],
    ],
    [
      "a missing local image",
      "![Diagram](/img/none.png)",
      [
        'content/limits.md:6:1: image "/img/none.png": public/img/none.png does not exist (images are files of public/) [image-missing]',
      ],
    ],
  ];
  for (const [name, line, expected] of cases) {
    it(name, async () => {
      put({ "content/limits.md": PAGE(line) });
      await expectError(expected);
    });
  }

  it("an include cycle through two parts, reported where it closes", async () => {
    put({
      "content/limits.md": PAGE("<!--@include: ./_parts/a.md-->"),
      "content/_parts/a.md": "A\n\n<!--@include: ./b.md-->\n",
      "content/_parts/b.md": "B\n\n<!--@include: ./a.md-->\n",
    });
    await expectError([
      "content/_parts/b.md:3:1: <!--@include: ./a.md-->: the includes go round in a circle: content/limits.md → content/_parts/a.md → content/_parts/b.md → content/_parts/a.md [include-cycle]",
    ]);
  });

  it("an unclosed region", async () => {
    put({
      "content/limits.md": PAGE("<!--@include: ./_parts/open.md#open-->"),
      "content/_parts/open.md": "<!-- #region open -->\nNever closed.\n",
    });
    await expectError([
      "content/limits.md:6:1: <!--@include: ./_parts/open.md#open-->: content/_parts/open.md: region 'open' is never closed (a line '#endregion' in a comment) [include-region]",
    ]);
  });

  it("problems inside an included file name that file and its line", async () => {
    put({
      "content/limits.md": PAGE("Intro.\n\n- A list item:\n  <!--@include: ./_parts/bad.md-->"),
      "content/_parts/bad.md":
        "Fine.\n\nCall {{ site.apiBse }} now, see [x](javascript:alert(1)).\n\n# A title\n",
    });
    await expectError([
      "content/_parts/bad.md:3:6: unknown site value 'apiBse' in {{ site.apiBse }}; did you mean {{ site.apiBase }}? [unknown-site-value]",
      'content/_parts/bad.md:3:33: link URL "javascript:alert(1)" is not allowed: the javascript: scheme is not allowed [unsafe-url]',
      "content/_parts/bad.md:5:1: the body has a '#' heading; the title is the page's only <h1> [no-h1]",
    ]);
  });

  it("a broken link in an included file is reported at that file's line", async () => {
    put({
      "content/limits.md": PAGE("<!--@include: ./_parts/links.md-->"),
      "content/_parts/links.md": "One.\n\nSee [the guide](/guid/).\n",
    });
    const result = await buildSite({
      cwd: dir,
      contentDir: "content",
      outDir: "dist",
      cache: false,
    });
    const mine = result.warnings.filter((w) => w.message.includes("/guid/"));
    expect(mine.map((w) => `${w.file}:${w.line}:${w.column}: ${w.message} [${w.rule}]`)).toEqual([
      "content/_parts/links.md:3:5: link to /guid/ matches no page; did you mean /guide/? [broken-link]",
    ]);
    expect(result.linkMap.pages["/limits/"]!.links).toMatchObject([
      { url: "/guid/", file: "content/_parts/links.md", line: 3, column: 5 },
    ]);
  });
});
