/**
 * serve and what the watcher says changed (issue 12): a save in place reads that file only, with
 * no walk of content/; anything else (a new file, a failed build) looks at everything again.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { BuildEvent } from "../../src/node/serve/dev-server.ts";
import { save as saveFiles, startDev, type DevFixture } from "./dev-helpers.ts";

let dev: DevFixture;

const save = (files: Record<string, string>) => saveFiles(dev, files);

const original = (name: string) =>
  readFileSync(join(import.meta.dirname, "..", "fixtures", "serve-site", "content", name), "utf8");

beforeAll(async () => {
  dev = await startDev();
});
afterAll(async () => {
  await dev?.close();
});

describe("serve: saves in place", () => {
  it("a saved page is read again and shown", async () => {
    const event = await save({
      "content/setup.md": original("setup.md").replace(
        "Set up the project.",
        "Set up the project, saved once.",
      ),
    });
    if (!event.outcome.ok) throw new Error(event.outcome.text);
    expect(event.outcome.result.rendered).toBe(1);
    expect((await dev.get("/docs/v2/setup/")).text).toContain("Set up the project, saved once.");
  });

  it("after a failed build, a save of another file still reports the broken one (nothing is taken from before the failure)", async () => {
    const broken = await save({
      "content/guide.md": original("guide.md").replace(/^---\n/, "---\ntitle: [unclosed\n"),
    });
    expect(broken.outcome.ok).toBe(false);
    const other = await save({
      "content/setup.md": original("setup.md").replace(
        "Set up the project.",
        "Set up the project, saved twice.",
      ),
    });
    expect(other.outcome.ok).toBe(false);
    if (!other.outcome.ok) expect(other.outcome.text).toContain("content/guide.md");
    const fixed = await save({ "content/guide.md": original("guide.md") });
    if (!fixed.outcome.ok) throw new Error(fixed.outcome.text);
    expect((await dev.get("/docs/v2/setup/")).text).toContain("Set up the project, saved twice.");
  });

  it("a new page is found (an added file means the folder is walked again)", async () => {
    const event = await save({
      "content/added.md":
        "---\ntitle: Added\ndescription: A page added while serving.\n---\n\nIt is here.\n",
    });
    if (!event.outcome.ok) throw new Error(event.outcome.text);
    expect((await dev.get("/docs/v2/added/")).text).toContain("It is here.");
    const again = await save({
      "content/added.md":
        "---\ntitle: Added\ndescription: A page added while serving.\n---\n\nIt is here, saved in place.\n",
    });
    if (!again.outcome.ok) throw new Error(again.outcome.text);
    expect(again.outcome.result.rendered).toBe(1);
    expect((await dev.get("/docs/v2/added/")).text).toContain("It is here, saved in place.");
  });
});

describe("serve: links checked again only where the site changed", () => {
  const brokenFromGuide = (e: BuildEvent) =>
    e.outcome.ok
      ? e.outcome.result.warnings.filter(
          (w) => w.file.endsWith("guide.md") && w.rule === "broken-anchor",
        )
      : [];

  it("a heading renamed on one page breaks the link another page has to it, and saves elsewhere keep reporting it", async () => {
    const renamed = await save({
      "content/setup.md": original("setup.md").replace("## Options", "## Settings"),
    });
    expect(brokenFromGuide(renamed).map((w) => w.message)).toEqual([
      expect.stringContaining("/setup/#options"),
    ]);
    // guide.md did not change: its warning is kept, not lost, when another page is saved.
    const elsewhere = await save({
      "content/index.md": original("index.md") + "\nOne more line.\n",
    });
    expect(brokenFromGuide(elsewhere)).toHaveLength(1);
    const back = await save({ "content/setup.md": original("setup.md") });
    expect(brokenFromGuide(back)).toEqual([]);
  });

  it("a broken link saved on a page is reported at once", async () => {
    const event = await save({
      "content/guide.md": original("guide.md").replace(
        "(/setup/#options)",
        "(/setup/#no-such-heading)",
      ),
    });
    expect(brokenFromGuide(event).map((w) => w.message)).toEqual([
      expect.stringContaining("#no-such-heading"),
    ]);
    expect(brokenFromGuide(await save({ "content/guide.md": original("guide.md") }))).toEqual([]);
  });
});
