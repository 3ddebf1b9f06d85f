/**
 * A bounded fuzz of the content stage and of whole builds (issue 11): seeded random Markdown,
 * frontmatter, file names and config values. Whatever the input, the result is a page or a list
 * of diagnostics, never an internal error; no unsafe URL, script or inline style reaches the
 * HTML; and a build writes nothing outside its output folder. A hang fails the test by its
 * timeout. Same seed, same inputs: a failure names the seed and the case to replay.
 */
import { describe, expect, it } from "vitest";
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parsePage } from "../../src/node/content/frontmatter/parse-file.ts";
import { buildSite } from "../../src/node/build-site.ts";
import { validateConfig } from "../../src/node/config/load.ts";
import { flattenSiteValues } from "../../src/node/content/site-values.ts";
import { BrookError, formatError } from "../../src/node/core/errors.ts";
import { classifyUrl } from "../../src/shared/url-policy.ts";
import { within } from "../helpers/time.ts";

const SEED = Number(process.env.FUZZ_SEED ?? 0x0b700c);

function rng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (lo: number, hi: number) => lo + Math.floor(next() * (hi - lo + 1));
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(next() * xs.length)]!;
  return { next, int, pick };
}
type Rng = ReturnType<typeof rng>;

const URLS = [
  "/limits/",
  "/limits/#memory",
  "/guide/code/",
  "/no/such/",
  "#one",
  "relative/path",
  "../up/",
  "https://example.com/x",
  "http://example.com",
  "mailto:a@b.example",
  "tel:+15550100",
  "javascript:alert(1)",
  "JAVASCRIPT:alert(1)",
  " javascript:x",
  "vbscript:x",
  "data:text/html,<b>",
  "//evil.example",
  "/\\evil.example",
  "/%E0",
  "/lim%69ts/",
  "#%ZZ",
  "file:///etc/passwd",
  "<java\tscript:x>",
  "&#106;avascript:x",
  "/a b/",
  "\u0000",
  "https://",
  "x:y",
  "/docs/v2/limits/",
];
const WORDS = [
  "word",
  "Brook",
  "café",
  "日本語",
  "x",
  "{{ site.apiBase }}",
  "{{ site.nope }}",
  "{{steps.trigger.event}}",
  "&amp;",
  "&#0;",
  "<b>",
  "</script>",
  "\\",
  "`code`",
  "$ENV",
  "\u200b",
  "\u0007",
  "🙂",
];
const MARKERS = [
  "*",
  "**",
  "_",
  "__",
  "~~",
  "[",
  "]",
  "(",
  ")",
  "!",
  "<",
  ">",
  "`",
  "|",
  ":",
  "::",
  ":::",
  "{",
  "}",
  "#",
  "\\",
];
const LANGS = [
  "js",
  "ts",
  "python",
  "bash",
  "json",
  "cobol",
  "",
  "text",
  "sh {1,3}",
  "js [title]",
  "go",
  "js{1,3-4}",
  "ts:line-numbers=3 [a.ts]",
  "py :line-numbers",
  "js {999999-1}",
  "js [",
  "sql {x}",
];
const INCLUDES = [
  "./_parts/a.md",
  "@/_parts/a.md#r",
  "./_parts/a.md{1,2}",
  "./_parts/a.md{9,}",
  "./_parts/loop.md",
  "../../etc/passwd",
  "@/../x",
  "/etc/passwd",
  "./_parts/none.md",
  "./_parts/a.md#",
  "./_parts/a.md#nope",
  "./.env",
  "./_parts",
  "",
  "./_parts/a.md{x}",
  "C:\\x",
  "./_snippets/s.js#r",
];
const IMPORTS = [
  "@/_snippets/s.js",
  "@/_snippets/s.js#r{1}",
  "./_snippets/s.js [t.js]",
  "@/_snippets/s.js{1,2 ts:line-numbers} [x]",
  "@/_snippets/none.js",
  "../x.js",
  "@/_snippets/s.js#nope",
];
const NOTATIONS = [
  "// [!code ++]",
  "// [!code --]",
  "# [!code focus]",
  "// [!code hl:3]",
  "// [!code error]",
  "-- [!code warning]",
  "// [\\!code ++]",
  "// [!code ++:999999]",
  "<!-- [!code ++] -->",
];
const IMAGES = [
  "/img/a.png",
  "img/a.png",
  "/img/none.png",
  "/img/",
  "../../../../x.png",
  "/%2e%2e/x.png",
  "/.hidden.png",
  "https://example.com/x.png",
];
const CONTAINERS = [
  "tip",
  "warning",
  "danger",
  "details",
  "details Title",
  "info",
  "note",
  "code-group",
  "unknown",
];

/** Raw HTML and the syntax of GitHub and VitePress (issue 28): kept, removed or warned about. */
const RAW_HTML = [
  '<div onclick="alert(1)"><script>alert(1)</script></div>',
  '<kbd onclick="alert(1)" style="x">K</kbd>',
  "<KBD>K</kbd>",
  "<details open>\n<summary>S</summary>\n\nBody\n\n</details>",
  "<details>\n<summary>never closed",
  '<abbr title="&#106;avascript:x">A</abbr>',
  "<sub><sup><mark><del><ins>deep",
  '<a href="javascript:alert(1)">x</a>',
  '<img src=x onerror="alert(1)">',
  "<scr<script>ipt>alert(1)</script>",
  "<!-- c --><!--@x--><!DOCTYPE x><?php ?>",
  "<style>*{}</style><iframe src=//x></iframe>",
  "> [!NOTE]\n> note",
  "> [!WARNING] Title\n> [!TIP]",
  "> [!nope]",
  "## H {#id}\n\n## H {#id}\n\n## H {#bad id}",
  "[[toc]]",
  "[a](./limits.md#memory) [b](/limits.md?raw) [c](../../x.md) [d](./_parts/a.md) [e](index.md)",
  ":tada: :nope: 10:30:00 :+1::+1:",
];

function inline(r: Rng): string {
  const parts: string[] = [];
  for (let i = r.int(1, 12); i > 0; i--) {
    const k = r.int(0, 9);
    if (k < 3) parts.push(r.pick(WORDS));
    else if (k < 5) parts.push(r.pick(MARKERS).repeat(r.int(1, r.next() < 0.05 ? 400 : 4)));
    else if (k < 7) parts.push(`[${r.pick(WORDS)}](${r.pick(URLS)})`);
    else if (k < 8) parts.push(`![${r.pick(WORDS)}](${r.pick(URLS)})`);
    else if (k < 9) parts.push(`<${r.pick(URLS)}>`);
    else parts.push(`:badge[${r.pick(WORDS)}]{type=${r.pick(["tip", "x", '"a b"'])}}`);
  }
  return parts.join(r.pick([" ", "", "\t"]));
}

function block(r: Rng, depth = 0): string {
  const k = r.int(0, 14);
  if (k === 0) return "#".repeat(r.int(1, 7)) + " " + inline(r);
  if (k === 1) return "```" + r.pick(LANGS) + "\n" + inline(r) + (r.next() < 0.8 ? "\n```" : "");
  if (k === 2 && depth < 3)
    return `:::${r.pick(CONTAINERS)}\n${block(r, depth + 1)}\n` + (r.next() < 0.8 ? ":::" : "");
  if (k === 3)
    return Array.from(
      { length: r.int(1, 5) },
      (_, i) => "  ".repeat(r.int(0, i)) + r.pick(["- ", "* ", "1. ", "- [ ] "]) + inline(r),
    ).join("\n");
  if (k === 4) return "> ".repeat(r.int(1, 6)) + inline(r);
  if (k === 5)
    return `| a | b |\n|${r.pick(["---", ":-:", "-"])}|---|\n| ${inline(r)} | ${inline(r)} |`;
  if (k === 6) return `[ref]: ${r.pick(URLS)}\n\n[x][ref] [y][missing]`;
  if (k === 7) return r.pick(RAW_HTML) + (r.next() < 0.5 ? inline(r) : "");
  if (k === 8) return r.pick(["---", "***", "___", "- - -"]);
  if (k === 9) return "    indented code " + inline(r);
  if (k === 10) return `${r.pick(["", "  ", "   "])}<!--@include: ${r.pick(INCLUDES)}-->`;
  if (k === 11) return r.pick([`<<< ${r.pick(IMPORTS)}`, `![${r.pick(WORDS)}](${r.pick(IMAGES)})`]);
  if (k === 12 && depth < 3) {
    const fences = Array.from(
      { length: r.int(0, 3) },
      () =>
        "```" +
        r.pick(LANGS) +
        " [" +
        r.pick(["Node.js", "Python", "", "]", "Node.js"]) +
        "]\n" +
        inline(r) +
        " " +
        r.pick(NOTATIONS) +
        "\n```",
    );
    return (
      `${r.pick(["::: code-group", ":::code-group", "::: code-group x"])}\n${fences.join("\n")}\n` +
      (r.next() < 0.8 ? ":::" : "")
    );
  }
  return inline(r);
}

function frontmatter(r: Rng): string {
  const k = r.int(0, 9);
  if (k === 0) return "";
  if (k === 1)
    return `---${r.pick(["js", "javascript", "json", "coffee", "yaml", " ", "x"])}\n{ title: "T", description: "D" }\n---\n`;
  if (k === 2) return "---\ntitle: T\ndescription: D\n"; // never closed
  const lines = [
    "title: " +
      r.pick([
        '"Title"',
        "Title",
        "3",
        "[a",
        "&a x",
        "*a",
        "!!js/function x",
        '"',
        "''",
        "null",
        "|\n  multi",
      ]),
    "description: " + r.pick(['"A page."', "x".repeat(r.int(1, 200)), "{a: 1}", "- x"]),
  ];
  if (r.next() < 0.4)
    lines.push(
      r.pick([
        "prev: false",
        "next: /guide/",
        "prev: /../x/",
        "layout: home",
        "layout: wide",
        "meta:\n  - name: a\n    content: b",
        "meta: 3",
        "extra: 1",
        "outline: [2, 3]",
        "a: &x [1, 2]\nb: [*x, *x]",
        "key: \u0000",
        "\ttabbed: 1",
      ]),
    );
  return `---\n${lines.join("\n")}\n---\n`;
}

function document(r: Rng): Uint8Array {
  const body = Array.from({ length: r.int(0, 10) }, () => block(r)).join(
    r.pick(["\n\n", "\n", "\r\n\r\n"]),
  );
  let text = (r.next() < 0.05 ? "\ufeff" : "") + frontmatter(r) + "\n" + body + "\n";
  if (r.next() < 0.05) text = text.replace(/\n/g, "\r\n");
  const bytes = Buffer.from(text, "utf8");
  if (r.next() < 0.03) bytes[r.int(0, Math.max(0, bytes.length - 1))] = 0xff;
  return bytes;
}

const TAG_RE =
  /<([a-zA-Z][\w-]*)((?:\s+[^\s"'>/=]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s"'=<>`]+))?)*)\s*\/?>/g;
const ATTR_RE = /([^\s"'>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g;
const decodeEntities = (v: string) =>
  v
    .replace(/&#x([0-9a-f]+);/gi, (_, h: string) => String.fromCodePoint(parseInt(h, 16)))
    .replace(/&#(\d+);/g, (_, d: string) => String.fromCodePoint(Number(d)))
    .replace(/&amp;/g, "&")
    .replace(/&quot;/g, '"');

/** A content folder with parts, a snippet and an image, for the includes, imports and images the fuzz writes. */
function sandboxRoots() {
  const root = mkdtempSync(join(tmpdir(), "brook-fuzz-roots-"));
  const files: Record<string, string | Buffer> = {
    "content/_parts/a.md":
      "Part *a*.\n<!-- #region r -->\n[link](/limits/) {{ site.apiBase }}\n<!-- #endregion -->\n",
    "content/_parts/loop.md": "<!--@include: ./loop.md-->\n",
    "content/_snippets/s.js": "// #region r\nexport const x = 1; // [!code ++]\n// #endregion\n",
    "public/img/a.png": Buffer.from(
      "89504e470d0a1a0a0000000d49484452000000030000000208020000000000000000",
      "hex",
    ),
  };
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(join(root, path, ".."), { recursive: true });
    writeFileSync(join(root, path), content);
  }
  return {
    root,
    roots: {
      content: join(root, "content"),
      contentDisplay: "content/",
      public: join(root, "public"),
      publicDisplay: "public/",
    },
  };
}

describe("fuzz: the content stage never fails with an internal error", () => {
  it(
    "parses 3,000 random pages into a page (and its Markdown) or diagnostics, with nothing unsafe in the HTML",
    async () => {
      const r = rng(SEED);
      const sandbox = sandboxRoots();
      // With siteUrl: the Markdown for machines is written from every tree too.
      const options = {
        base: "/docs/v2/",
        siteValues: { apiBase: "https://api.brook.example/v1", title: "Brook" },
        roots: sandbox.roots,
        siteUrl: "https://brook.example",
      };
      for (let i = 0; i < 3000; i++) {
        const bytes = document(r);
        const where = `seed ${SEED}, case ${i}: ${JSON.stringify(Buffer.from(bytes).toString("utf8").slice(0, 200))}`;
        let result;
        try {
          result = await parsePage(
            bytes,
            { relativePath: "x.md", file: "content/x.md", route: "/x/" },
            options,
          );
        } catch (e) {
          throw new Error(`internal error on ${where}: ${(e as Error).stack}`);
        }
        for (const d of [...result.errors, ...result.warnings]) {
          // Diagnostics name the page, or the part a problem is in.
          expect(d.file, where).toMatch(/^content\/(x\.md|_parts\/a\.md|_parts\/loop\.md)$/);
          expect(typeof d.message, where).toBe("string");
          expect(d.rule, where).toMatch(/^[a-z0-9-]+$/);
        }
        if (!result.page) {
          expect(result.errors.length, where).toBeGreaterThan(0);
          continue;
        }
        expect(typeof result.page.markdown, where).toBe("string");
        // Text is escaped (`<` as `&#x3C;`), so every `<name` left in the HTML is a real tag.
        for (const tag of result.page.html.matchAll(TAG_RE)) {
          expect(tag[1]!.toLowerCase(), where).not.toMatch(
            /^(script|style|iframe|object|embed|form|base|meta|link)$/,
          );
          for (const attr of tag[2]!.matchAll(ATTR_RE)) {
            const name = attr[1]!.toLowerCase();
            expect(name, `${where}: ${tag[0]}`).not.toMatch(/^on|^style$|^srcdoc$|^formaction$/);
            if (name === "href" || name === "src") {
              const value = decodeEntities(attr[2] ?? attr[3] ?? "");
              expect(classifyUrl(value).ok, `${where}: ${tag[0]}`).toBe(true);
            }
          }
        }
      }
      rmSync(sandbox.root, { recursive: true, force: true });
    },
    within(120_000),
  );
});

describe("fuzz: config values are validated, never trusted", () => {
  it("turns 2,000 random configs into a valid config or a BrookError", () => {
    const r = rng(SEED + 1);
    const strings = [
      "/",
      "/docs/v2/",
      "/../x/",
      "/a\\b/",
      "https://x.example",
      "javascript:alert(1)",
      "//evil",
      "/x y/",
      "",
      "/%2e%2e/",
      "/ok/",
      "/ok/#a",
      "/ok/#a b",
      "\u0000",
      "GTM-ABC1",
    ];
    for (let i = 0; i < 2000; i++) {
      const raw: Record<string, unknown> = {};
      for (const key of ["base", "siteUrl", "webBase", "apiBase", "title", "description"])
        if (r.next() < 0.4) raw[key] = r.pick(strings);
      if (r.next() < 0.4) raw.redirects = [{ from: r.pick(strings), to: r.pick(strings) }];
      if (r.next() < 0.3) raw.versions = [{ text: "v", link: r.pick(strings) }];
      if (r.next() < 0.3)
        raw.head = [
          {
            tag: r.pick(["link", "meta", "script"]),
            attrs: { [r.pick(["href", "rel", "onload", "src"])]: r.pick(strings) },
          },
        ];
      if (r.next() < 0.2) raw.analytics = { gtmId: r.pick(strings) };
      if (r.next() < 0.3)
        raw.values = {
          [r.pick(["limits", "title", "a-b", "__proto__", "x"])]: r.pick<unknown>([
            r.pick(strings),
            3,
            NaN,
            null,
            [1],
            { y: r.pick(strings) },
            { y: { z: {} } },
          ]),
        };
      try {
        const config = validateConfig(raw, "site.config.ts");
        for (const v of [config.base, ...config.redirects.map((x) => x.from)])
          expect(v, JSON.stringify(raw)).not.toMatch(/\.\.|\\|[\u0000-\u001f]|:/);
        for (const v of Object.values(flattenSiteValues(config.values)))
          expect(v, JSON.stringify(raw)).not.toMatch(/^\s*$|[\u0000-\u001f]/);
      } catch (e) {
        expect(e, JSON.stringify(raw)).toBeInstanceOf(BrookError);
      }
    }
  });
});

describe("fuzz: whole builds write nothing outside their output", () => {
  it(
    "builds 12 random sites: a result or diagnostics, and the sandbox holds only the project",
    async () => {
      const r = rng(SEED + 2);
      const names = [
        "index.md",
        "a.md",
        "b/index.md",
        "b/c.md",
        "x y.md",
        "a&b.md",
        "_part.md",
        ".hidden.md",
        "ünï.md",
        "p%41.md",
        "deep/er/page.md",
        "..md",
        "_parts/a.md",
        "_snippets/s.js",
      ];
      for (let i = 0; i < 12; i++) {
        const sandbox = mkdtempSync(join(tmpdir(), "brook-fuzz-"));
        const project = join(sandbox, "project");
        mkdirSync(join(project, "content"), { recursive: true });
        for (let n = r.int(1, 6); n > 0; n--) {
          const name = r.pick(names);
          mkdirSync(join(project, "content", name, ".."), { recursive: true });
          writeFileSync(
            join(project, "content", name),
            r.next() < 0.7
              ? `---\ntitle: Page ${n}\ndescription: A page.\n---\n\n${block(r)}\n\n## Section\n\n${inline(r)}\n`
              : document(r),
          );
        }
        const redirects =
          r.next() < 0.5
            ? [
                {
                  from: r.pick(["/old", "/../../escape", "/x y", "/b"]),
                  to: r.pick(["/", "/a/", "/b/#section", "/nope/"]),
                },
              ]
            : [];
        writeFileSync(
          join(project, "site.config.ts"),
          `export default ${JSON.stringify({ base: r.pick(["/docs/v2/", "/", "/../up/", "/x/"]), redirects })};\n`,
        );
        try {
          await buildSite({ cwd: project, contentDir: "content", outDir: "dist", cache: false });
        } catch (e) {
          expect(formatError(e), `site ${i}`).not.toMatch(/^Internal error/);
        }
        expect(readdirSync(sandbox), `site ${i}`).toEqual(["project"]);
        // dist.links.json is the link map a build writes beside its output (src/node/core/link-map.ts).
        for (const entry of readdirSync(project))
          expect(["content", "dist", "dist.links.json", "site.config.ts"], `site ${i}`).toContain(
            entry,
          );
        rmSync(sandbox, { recursive: true, force: true });
      }
    },
    within(120_000),
  );
});
