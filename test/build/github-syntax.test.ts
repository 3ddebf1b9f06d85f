/**
 * Issue 28: a page written with the habits of GitHub and VitePress renders as its writer meant
 * (each row of the table, checked in the built page's DOM), and what cannot render is a
 * warning at its line, never a silent loss.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rmSync } from "node:fs";
import type { Element, Root } from "hast";
import { fromHtml } from "hast-util-from-html";
import { select, selectAll } from "hast-util-select";
import { toString } from "hast-util-to-string";
import { buildSite } from "../../src/node/build-site.ts";
import { formatError } from "../../src/node/core/errors.ts";
import type { PageData, RouteManifest } from "../../src/shared/types.ts";
import { MemoryWriter } from "../../src/node/write/memory-writer.ts";
import { buildFixture, tempSite } from "../helpers/site.ts";

const PAGE = `---
title: From GitHub
description: A page written with the habits of GitHub and VitePress.
---

> [!NOTE]
> A note.

> [!WARNING]
> A warning.

> [!CAUTION] Deletes data
> A caution with its own title.

## Limits {#limits-table}

[[toc]]

See [limits](../limits.md), [payload](../limits.md#http-payload), [root](/limits.md), [guide](./index.md) and [as Markdown](../limits.md?raw).

### Keys

Press <kbd>Ctrl</kbd>: H<sub>2</sub>O, x<sup>2</sup> :tada: at 10:30:00.

| cell |
|---|
| one<br>two |

<details>
<summary>More</summary>

Hidden text.

</details>
`;

let dir: string;
let out: MemoryWriter;
let warnings: string[];
let page: Root;
beforeAll(async () => {
  dir = tempSite("basic", { "content/guide/writers.md": PAGE });
  const built = await buildFixture("basic", dir);
  out = built.out;
  warnings = built.result.warnings.filter(own).map((w) => `${w.line}: ${w.message}`);
  page = fromHtml(text("docs/v2/guide/writers/index.html"));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The warnings of the Markdown (a page added to a fixture is in no sidebar group). */
function own(w: { rule: string }): boolean {
  return w.rule !== "not-in-sidebar";
}

function text(path: string): string {
  const f = out.files.get(path);
  return typeof f === "string" ? f : Buffer.from(f!).toString("utf8");
}
const article = () => select("article", page) ?? page;

describe("a page with every row of issue 28's table", () => {
  it("builds without a warning", () => {
    expect(warnings).toEqual([]);
  });

  it("renders GitHub's alerts as the ::: notes, with their accessible names", () => {
    const notes = selectAll('div.custom-block[role="note"]', article());
    expect(
      notes.map((n) => [(n.properties.className as string[])[1], n.properties.ariaLabel]),
    ).toEqual([
      ["info", "Note"],
      ["warning", "Warning"],
      ["danger", "Deletes data"],
    ]);
    expect(toString(notes[0]!)).toBe("NoteA note.");
    expect(toString(article())).not.toContain("[!");
  });

  it("gives a heading the id written after it, and the page's headers (outline, sidebar) use it", () => {
    const h2 = select("h2#limits-table", article())!;
    expect(toString(h2)).toBe("Limits#");
    const manifest = JSON.parse(text("docs/v2/routes.json")) as RouteManifest;
    const data = JSON.parse(
      text("docs/v2/assets/" + manifest.pages["/guide/writers/"]),
    ) as PageData;
    expect(data.headers[0]).toEqual({ level: 2, title: "Limits", slug: "limits-table" });
    expect(select('a.anchor[href="#limits-table"]', h2)).toBeTruthy();
  });

  it("resolves links to Markdown files to the pages' routes, and ?raw to the Markdown for machines", () => {
    const hrefs = selectAll("p a", article()).map((a) => a.properties.href);
    expect(hrefs).toEqual([
      "/docs/v2/limits/",
      "/docs/v2/limits/#http-payload",
      "/docs/v2/limits/",
      "/docs/v2/guide/",
      "/docs/v2/limits.md",
    ]);
    expect(out.files.has("docs/v2/limits.md")).toBe(true);
  });

  it("renders [[toc]] as the page's outline in place", () => {
    const toc = select('nav.table-of-contents[aria-label="Table of contents"]', article())!;
    expect(selectAll("a", toc).map((a) => [a.properties.href, toString(a)])).toEqual([
      ["#limits-table", "Limits"],
      ["#keys", "Keys"],
    ]);
    expect(select("ul > li > ul > li > a", toc)).toBeTruthy();
  });

  it("keeps the raw HTML GitHub renders", () => {
    const tag = (name: string) => selectAll(name, article()).map((e: Element) => toString(e));
    expect(tag("kbd")).toEqual(["Ctrl"]);
    expect(tag("sub")).toEqual(["2"]);
    expect(tag("sup")).toEqual(["2"]);
    expect(select("td br", article())).toBeTruthy();
    expect(toString(select("details > summary", article())!)).toBe("More");
    expect(toString(select("details > p", article())!)).toBe("Hidden text.");
  });

  it("turns emoji shortcodes into emoji and leaves times alone", () => {
    expect(toString(article())).toContain("🎉 at 10:30:00.");
  });
});

describe("what cannot render is a warning at its line", () => {
  const WARNED = `---\ntitle: W\ndescription: W.\n---\n\nA [!TIP] here and [[glossary]].\n\n<div>boxed</div> <span onclick="x()">s</span>\n`;
  const build = (site: string, strict: boolean) =>
    buildSite({
      cwd: site,
      contentDir: "content",
      writer: new MemoryWriter(),
      cache: false,
      strict,
    });

  it("names dropped HTML and syntax left as text; --strict makes them errors", async () => {
    const site = tempSite("basic", { "content/guide/writers.md": WARNED });
    try {
      const result = await build(site, false);
      expect(
        result.warnings
          .filter(own)
          .map((w) => `${w.file}:${w.line}:${w.column}: ${w.message.slice(0, 30)}`),
      ).toEqual([
        "content/guide/writers.md:6:3: '[!TIP]' is shown as text: an ",
        "content/guide/writers.md:6:19: '[[glossary]]' is shown as tex",
        "content/guide/writers.md:8:1: HTML tag <div> is removed: onl",
        "content/guide/writers.md:8:18: HTML tag <span> is removed: on",
      ]);
      const strict = await build(site, true).then(() => "", formatError);
      expect(strict).toContain("content/guide/writers.md:8:1: HTML tag <div> is removed");
    } finally {
      rmSync(site, { recursive: true, force: true });
    }
  });

  it("a link to a .md file that is not a page is a broken link at its line", async () => {
    const site = tempSite("basic", {
      "content/guide/writers.md": `---\ntitle: W\ndescription: W.\n---\n\nSee [part](./_parts/x.md) and [gone](../gone.md#x).\n`,
    });
    try {
      const report = await build(site, true).then(() => "", formatError);
      expect(report).toContain(
        "content/guide/writers.md:6:5: link to ./_parts/x.md names a part (a file under a '_' folder or name), not a page [broken-link]",
      );
      const lenient = await build(site, false).then(() => "", formatError);
      expect(lenient).toContain("content/guide/writers.md:6:5: link to ./_parts/x.md names a part");
    } finally {
      rmSync(site, { recursive: true, force: true });
    }
  });

  it("a link to a .md file that no page has is a broken link, with its anchor checked", async () => {
    const site = tempSite("basic", {
      "content/guide/writers.md": `---\ntitle: W\ndescription: W.\n---\n\nSee [gone](../gone.md) and [anchor](../limits.md#no-such).\n`,
    });
    try {
      const result = await build(site, false);
      expect(
        result.warnings.filter(own).map((w) => `${w.line}:${w.column} ${w.rule}: ${w.message}`),
      ).toEqual([
        expect.stringMatching(
          /^6:5 broken-link: link to \.\.\/gone\.md \(\/gone\/\) matches no page/,
        ),
        expect.stringMatching(
          /^6:28 broken-anchor: link to \.\.\/limits\.md#no-such \(\/limits\/#no-such\): \/limits\/ has no heading #no-such/,
        ),
      ]);
    } finally {
      rmSync(site, { recursive: true, force: true });
    }
  });
});
