/**
 * serve and the files pages read besides their own (issue 14): saving an included part, a code
 * file or an image under content/ and public/ updates exactly the pages that read it, in place.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { is, LiveClient, save as saveFiles, startDev, type DevFixture } from "./dev-helpers.ts";

let dev: DevFixture;
let live: LiveClient;

const save = (files: Record<string, string>) => saveFiles(dev, files);

const page = (name: string) =>
  readFileSync(join(import.meta.dirname, "..", "fixtures", "serve-site", "content", name), "utf8");

beforeAll(async () => {
  dev = await startDev();
  live = await LiveClient.connect(dev.server.url);
  await save({
    "content/_parts/note.md": "A note shared by two pages, first version.\n",
    "content/_snippets/hello.js": "console.log(1);\n",
    "public/img/box.svg": '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>',
    "content/guide.md": page("guide.md") + "\n<!--@include: ./_parts/note.md-->\n",
    "content/setup.md":
      page("setup.md") +
      "\n<!--@include: @/_parts/note.md-->\n\n<<< @/_snippets/hello.js\n\n![Box](/img/box.svg)\n",
  });
});
afterAll(async () => {
  live?.close();
  await dev?.close();
});

describe("serve: includes, imports and images", () => {
  it("serves the pages with their parts", async () => {
    expect((await dev.get("/docs/v2/guide/")).text).toContain(
      "A note shared by two pages, first version.",
    );
    expect((await dev.get("/docs/v2/setup/")).text).toContain('width="10" height="10"');
  });

  it("saving a part under content/_parts updates exactly the pages that include it", async () => {
    const from = live.messages.length;
    const event = await save({
      "content/_parts/note.md": "A note shared by two pages, second version.\n",
    });
    if (!event.outcome.ok) throw new Error(event.outcome.text);
    expect(event.outcome.result.rendered).toBe(2);
    expect(event.update).toMatchObject({
      routes: ["/docs/v2/guide/", "/docs/v2/setup/"],
      all: false,
      reload: false,
    });
    expect(await live.waitFor(is.update, from)).toMatchObject({
      routes: ["/docs/v2/guide/", "/docs/v2/setup/"],
      all: false,
    });
    expect((await dev.get("/docs/v2/guide/")).text).toContain("second version");
    expect((await dev.get("/docs/v2/setup/")).text).toContain("second version");
  });

  it("saving a code file or an image updates the one page that reads it", async () => {
    let event = await save({ "content/_snippets/hello.js": "console.log(2);\n" });
    if (!event.outcome.ok) throw new Error(event.outcome.text);
    expect(event.update?.routes).toEqual(["/docs/v2/setup/"]);
    event = await save({
      "public/img/box.svg": '<svg xmlns="http://www.w3.org/2000/svg" width="20" height="30"/>',
    });
    if (!event.outcome.ok) throw new Error(event.outcome.text);
    expect(event.update?.routes).toEqual(["/docs/v2/setup/"]);
    expect((await dev.get("/docs/v2/setup/")).text).toContain('width="20" height="30"');
  });

  it("a broken part shows its file and line, and the next good save clears it", async () => {
    const event = await save({ "content/_parts/note.md": "Fine.\n\n{{ site.nope }}\n" });
    expect(event.outcome.ok).toBe(false);
    if (event.outcome.ok) return;
    expect(event.outcome.text).toContain("content/_parts/note.md:3:1: unknown site value 'nope'");
    const fixed = await save({ "content/_parts/note.md": "A note shared by two pages, fixed.\n" });
    expect(fixed.outcome.ok).toBe(true);
    expect((await dev.get("/docs/v2/guide/")).text).toContain("fixed.");
  });
});
