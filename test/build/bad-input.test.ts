import { describe, expect, it, beforeAll } from "vitest";
import { spawnSync } from "node:child_process";
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { ROOT, tempSite } from "../helpers/site.ts";

const BIN = join(ROOT, "bin", "brook-docs.js");

function cli(cwd: string, ...args: string[]) {
  const r = spawnSync(process.execPath, [BIN, ...args], {
    cwd,
    encoding: "utf8",
    env: { ...process.env, NO_COLOR: "1", BROOK_DOCS_QUIET: "" },
  });
  return { code: r.status, stderr: r.stderr, stdout: r.stdout };
}

const FRONT = (fm: string, body = "Body text.\n\n## One\n\nText.\n\n## Two\n\nText.\n") =>
  `---\n${fm}\n---\n\n${body}`;

/** The basic fixture's config with nested site values. */
const WITH_VALUES = readFileSync(join(ROOT, "test/fixtures/basic/site.config.ts"), "utf8").replace(
  '  title: "Brook",\n',
  '  title: "Brook",\n  values: { limits: { httpPayload: "512KB", memory: { default: "256MB", max: "10GB" } } },\n',
);

/** Each case: files to change in a copy of the basic fixture, and what stderr must say. */
const CASES: { name: string; files: Record<string, string | Buffer>; expect: RegExp[] }[] = [
  {
    name: "YAML that does not parse",
    files: { "content/limits.md": "---\ntitle: Limits\ndescription: [unclosed\n---\n\nText.\n" },
    expect: [/content\/limits\.md:[345]:\d+: frontmatter is not valid YAML: .* \[yaml\]/, /hint: /],
  },
  {
    name: "a missing title",
    files: { "content/limits.md": FRONT("description: Some description.") },
    expect: [/content\/limits\.md:1: missing title \[frontmatter\]/, /hint: add title:/],
  },
  {
    name: "an empty description",
    files: { "content/limits.md": FRONT('title: Limits\ndescription: ""') },
    expect: [/content\/limits\.md:3: missing description/],
  },
  {
    name: "a description over 160 characters",
    files: { "content/limits.md": FRONT(`title: Limits\ndescription: ${"x".repeat(161)}`) },
    expect: [/content\/limits\.md:3: description is 161 characters, over the limit of 160/],
  },
  {
    name: "an unknown frontmatter key",
    files: {
      "content/limits.md": FRONT("title: Limits\ndescription: Limits.\nsidebar_position: 3"),
    },
    expect: [
      /content\/limits\.md:4: unknown frontmatter key 'sidebar_position'/,
      /hint: allowed keys: title, description, prev, next, layout, meta/,
    ],
  },
  {
    name: "a wrong type",
    files: { "content/limits.md": FRONT("title: Limits\ndescription: Limits.\nprev: 3") },
    expect: [/content\/limits\.md:4: prev must be false or a route/],
  },
  {
    name: "moved_from that names no page",
    files: {
      "content/limits.md": FRONT("title: Limits\ndescription: D.\nmoved_from: /guide/trigers/"),
    },
    expect: [
      /content\/limits\.md:4: moved_from names \/guide\/trigers\/, which is no page of the site; did you mean \/guide\/triggers\/\? \[moved-from\]/,
      /hint: name the page the sections were on before/,
    ],
  },
  {
    name: "moved_from that is not a route",
    files: { "content/limits.md": FRONT("title: Limits\ndescription: D.\nmoved_from: guide#x y") },
    expect: [
      /content\/limits\.md:4: moved_from must be a page's route/,
      /hint: write moved_from: /,
    ],
  },
  {
    name: "a search_weight out of range",
    files: { "content/limits.md": FRONT("title: Limits\ndescription: D.\nsearch_weight: 5") },
    expect: [/content\/limits\.md:4: search_weight must be a number from 0\.1 to 2, got 5/],
  },
  {
    name: "an unknown layout",
    files: { "content/limits.md": FRONT("title: Limits\ndescription: Limits.\nlayout: wide") },
    expect: [
      /content\/limits\.md:4: unknown layout "wide"/,
      /use one of doc, reference, home, not-found/,
    ],
  },
  {
    name: "a # heading in the body",
    files: {
      "content/limits.md": FRONT(
        "title: Limits\ndescription: Limits.",
        "Intro.\n\n# Limits\n\n## One\n",
      ),
    },
    expect: [/content\/limits\.md:8:1: the body has a '#' heading.*\[no-h1\]/],
  },
  {
    name: "two files for one route",
    files: { "content/limits/index.md": FRONT("title: Limits again\ndescription: Limits.") },
    expect: [
      /limits\/index\.md and limits\.md both make the route \/limits\/ \[duplicate-route\]|limits\.md and limits\/index\.md both make the route \/limits\/ \[duplicate-route\]/,
    ],
  },
  {
    name: "an unknown site value",
    files: {
      "content/limits.md": FRONT(
        "title: Limits\ndescription: Limits.",
        "Call {{ site.apiBse }} now.\n\n## One\n",
      ),
    },
    expect: [
      /content\/limits\.md:6:6: unknown site value 'apiBse'.*\[unknown-site-value\]/,
      /hint: use one of .*\{\{ site\.apiBase \}\}/,
    ],
  },
  {
    name: "an unknown nested site value",
    files: {
      "site.config.ts": WITH_VALUES,
      "content/limits.md": FRONT(
        "title: Limits\ndescription: Limits.",
        "Intro.\n\nUp to {{ site.limits.httpPayloads }} a request.\n\n## One\n",
      ),
    },
    expect: [
      /content\/limits\.md:8:7: unknown site value 'limits\.httpPayloads' in \{\{ site\.limits\.httpPayloads \}\}; did you mean \{\{ site\.limits\.httpPayload \}\}\? \[unknown-site-value\]/,
      /hint: use one of \{\{ site\.limits\.httpPayload \}\}, site\.limits\.memory\.\*, or add the value under `values` in site\.config\.ts/,
    ],
  },
  {
    name: "a group of site values used as a value",
    files: {
      "site.config.ts": WITH_VALUES,
      "content/limits.md": FRONT(
        "title: Limits\ndescription: Limits.",
        "Memory: {{ site.limits.memory }}.\n\n## One\n",
      ),
    },
    expect: [
      /content\/limits\.md:6:9: \{\{ site\.limits\.memory \}\} is a group of site values, not a value: only text and numbers can appear in a page \[site-value-group\]/,
      /hint: name one of its values: \{\{ site\.limits\.memory\.default \}\}, \{\{ site\.limits\.memory\.max \}\}/,
    ],
  },
  {
    name: "a bad site value in the config",
    files: { "site.config.ts": WITH_VALUES.replace('"10GB"', '["10GB"]') },
    expect: [
      /site\.config\.ts: 1 problem in the config/,
      /values\.limits\.memory\.max: a value is text, a number or a group of values, not a list/,
    ],
  },
  {
    name: "a redirect to a missing page",
    files: {
      "site.config.ts": readFileSync(
        join(ROOT, "test/fixtures/basic/site.config.ts"),
        "utf8",
      ).replace('to: "/limits/"', 'to: "/limitz/"'),
    },
    expect: [
      /site\.config\.ts: redirects\[1\]: \/old-limits\/ redirects to \/limitz\/, which matches no page; did you mean \/limits\/\? \[redirect\]/,
    ],
  },
  {
    name: "a redirect chain",
    files: {
      "site.config.ts": readFileSync(
        join(ROOT, "test/fixtures/basic/site.config.ts"),
        "utf8",
      ).replace('to: "/limits/"', 'to: "/cron/"'),
    },
    expect: [/redirects\[1\]: \/old-limits\/ lands on \/cron\/, which redirects again \(a chain\)/],
  },
  {
    name: "a redirect loop",
    files: {
      "site.config.ts": readFileSync(
        join(ROOT, "test/fixtures/basic/site.config.ts"),
        "utf8",
      ).replace('to: "/limits/"', 'to: "/old-limits/"'),
    },
    expect: [/redirects\[1\]: \/old-limits\/ redirects to itself \(a loop\)/],
  },
  {
    name: "a file that is not UTF-8",
    files: {
      "content/limits.md": Buffer.concat([
        Buffer.from("---\ntitle: Limits\ndescription: Limits.\n---\n\nCaf"),
        Buffer.from([0xe9]),
        Buffer.from(" au lait.\n"),
      ]),
    },
    expect: [/content\/limits\.md:6: the file is not valid UTF-8 \[encoding\]/],
  },
  {
    name: "an empty file",
    files: { "content/limits.md": "" },
    expect: [/content\/limits\.md:1: the file is empty \[empty-file\]/],
  },
  {
    name: "a broken config",
    files: {
      "site.config.ts":
        'import { defineConfig } from "brook-docs/config";\nexport default defineConfig({ title: 3, base: "docs", redirects: [{ from: "/a", to: "b" }], colour: "red" });\n',
    },
    expect: [
      /site\.config\.ts: \d+ problems in the config/,
      /title: /,
      /base: base starts and ends with '\/'/,
      /redirects\[0\]\.to: /,
      /\(root\): unknown key 'colour'/,
    ],
  },
  {
    name: "a config that does not compile",
    files: { "site.config.ts": "export default {\n" },
    expect: [/site\.config\.ts:\d+:\d+: /],
  },
];

describe("bad input: non-zero exit, file:line message and hint, previous dist untouched", () => {
  // One good build, copied for each case with its dist/: every case starts from the same output.
  let built: string;
  beforeAll(() => {
    built = tempSite("basic");
    const first = cli(built, "build", "--no-cache");
    expect(first.code, first.stderr).toBe(0);
  });
  for (const c of CASES) {
    it(c.name, () => {
      const dir = mkdtempSync(join(tmpdir(), "brook-bad-"));
      cpSync(built, dir, { recursive: true });
      const before = readFileSync(join(dir, "dist/docs/v2/limits/index.html"), "utf8");
      for (const [path, content] of Object.entries(c.files)) {
        mkdirSync(dirname(join(dir, path)), { recursive: true });
        writeFileSync(join(dir, path), content);
      }
      const r = cli(dir, "build", "--no-cache");
      expect(r.code).toBe(1);
      for (const re of c.expect) expect(r.stderr).toMatch(re);
      expect(r.stderr).not.toContain("Internal error");
      expect(readFileSync(join(dir, "dist/docs/v2/limits/index.html"), "utf8")).toBe(before);
      expect(readdirSync(dir).filter((f) => f.includes(".tmp-"))).toEqual([]);
    });
  }

  it("reports a link to an unknown page or anchor with file:line and a suggestion, as a warning", () => {
    const dir = tempSite("basic", {
      "content/limits.md": FRONT(
        "title: Limits\ndescription: Limits.",
        "See [code](/guide/cod/) and [http](/guide/triggers/#htp).\n\n## One\n",
      ),
    });
    const r = cli(dir, "build", "--no-cache");
    expect(r.code).toBe(0);
    expect(r.stderr).toContain(
      "content/limits.md:6:5: link to /guide/cod/ matches no page; did you mean /guide/code/? [broken-link]",
    );
    expect(r.stderr).toContain(
      "content/limits.md:6:29: link to /guide/triggers/#htp: /guide/triggers/ has no heading #htp; did you mean #http? [broken-anchor]",
    );
    expect(existsSync(join(dir, "dist/docs/v2/limits/index.html"))).toBe(true);
  });

  it("reports every problem of a build at once, with a count", () => {
    const dir = tempSite("basic", {
      "content/limits.md": FRONT("title: Limits\ndescription: Limits.\nlayout: wide"),
      "content/guide/code.md": FRONT("description: Code."),
    });
    const r = cli(dir, "build", "--no-cache");
    expect(r.code).toBe(1);
    expect(r.stderr).toContain("content/guide/code.md:1: missing title");
    expect(r.stderr).toContain('content/limits.md:4: unknown layout "wide"');
    expect(r.stderr).toContain("2 problems found");
  });
});
