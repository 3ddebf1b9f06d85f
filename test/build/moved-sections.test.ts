/**
 * A section that moved to a page of its own (frontmatter `moved_from`), in a whole build: the
 * route manifest says where each old `#id` went, and check-links finds the table sound; a table
 * that no longer matches the pages is reported at the manifest.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { RouteManifest } from "../../src/shared/types.ts";
import { runCli, tempSite } from "../helpers/site.ts";

const triggers = readFileSync(
  new URL("../fixtures/basic/content/guide/triggers.md", import.meta.url),
  "utf8",
);

describe("moved_from in a whole build", () => {
  it("writes where each moved section went into the route manifest, and check-links agrees", () => {
    // The guide's "Schedule" section becomes a page of its own.
    const cut = triggers.indexOf("## Schedule");
    const dir = tempSite("basic", {
      "content/guide/triggers.md": triggers.slice(0, cut).replace(/\n+$/, "\n"),
      "content/guide/schedules.md": [
        "---",
        "title: Schedules",
        "description: Run a workflow on a schedule.",
        "moved_from: /guide/triggers/#schedule",
        "---",
        "",
        triggers.slice(cut).replace("## Schedule", "Run a workflow every hour.\n\n## Cron"),
      ].join("\n"),
      // The fixture's head names a favicon it does not have: check-links would report it.
      "public/favicon.svg": '<svg xmlns="http://www.w3.org/2000/svg"/>',
      // The redirect and the link of the fixture that pointed at the old section.
      "site.config.ts": readFileSync(
        new URL("../fixtures/basic/site.config.ts", import.meta.url),
        "utf8",
      )
        .replace('to: "/guide/triggers/#schedule"', 'to: "/guide/schedules/"')
        .replace(
          '"/guide/triggers/", "/guide/code/"',
          '"/guide/triggers/", "/guide/schedules/", "/guide/code/"',
        ),
      "content/index.md": readFileSync(
        new URL("../fixtures/basic/content/index.md", import.meta.url),
        "utf8",
      ).replace("/guide/triggers/#schedule", "/guide/schedules/"),
    });
    const built = runCli(dir, "build", "--no-cache", "--strict");
    expect(built.code, built.stderr).toBe(0);
    const manifestFile = join(dir, "dist/docs/v2/routes.json");
    const manifest = JSON.parse(readFileSync(manifestFile, "utf8")) as RouteManifest;
    expect(manifest.moved).toEqual({
      "/guide/triggers/": {
        to: ["/guide/schedules/"],
        sections: { schedule: 0 },
        ids: { cron: 0, "time-zones": 0 },
        prefixes: {},
      },
    });
    const links = runCli(dir, "check-links");
    expect(links.code, links.stderr).toBe(0);

    // A table that sends an id to a page without it, and one the old page still has.
    manifest.moved!["/guide/triggers/"]!.ids = { "time-zone": 0, http: 0 };
    writeFileSync(manifestFile, JSON.stringify(manifest));
    const broken = runCli(dir, "check-links");
    expect(broken.code).toBe(1);
    expect(broken.stderr).toContain(
      "moved section /guide/triggers/#time-zone → /guide/schedules/: the page has no #time-zone",
    );
    expect(broken.stderr).toContain(
      "moved section /guide/triggers/#http → /guide/schedules/: /guide/triggers/ still has it",
    );
  });
});
