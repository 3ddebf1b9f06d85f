import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { serve, type BuildEvent, type DevServer } from "../../src/node/serve/dev-server.ts";
import { ROOT } from "./dev-helpers.ts";
import { within } from "../helpers/time.ts";

// The generator's own code changes while serving: a copy of the project (src/, templates/) is
// served from, so its templates and client can be edited without touching the real ones.
let project: string;
let server: DevServer;
const errors: string[] = [];
const nextBuild = () => new Promise<BuildEvent>((done) => server.events.once("build", done));
const get = async (path: string) => (await fetch(server.url + path)).text();

beforeAll(async () => {
  project = mkdtempSync(join(tmpdir(), "brook-project-"));
  for (const dir of ["src", "templates"])
    cpSync(join(ROOT, dir), join(project, dir), { recursive: true });
  for (const entry of ["content", "site.config.ts", "values.ts"])
    cpSync(join(ROOT, "test", "fixtures", "serve-site", entry), join(project, entry), {
      recursive: true,
    });
  symlinkSync(join(ROOT, "node_modules"), join(project, "node_modules"), "dir");
  server = await serve({
    cwd: project,
    projectRoot: project,
    port: 0,
    logger: { info() {}, warn() {}, error: (m) => errors.push(m) },
  });
}, within(180_000));
afterAll(async () => {
  await server?.close();
  if (project) rmSync(project, { recursive: true, force: true });
});

/** Rewrites a file of the project copy and resolves with the build it causes. */
async function edit(rel: string, change: (text: string) => string): Promise<BuildEvent> {
  const built = nextBuild();
  const file = join(project, rel);
  writeFileSync(file, change(readFileSync(file, "utf8")));
  return built;
}

describe("serve: the generator's code changes", () => {
  it("applies a template change to every page and reloads them all", async () => {
    expect(await get("/docs/v2/setup/")).toContain(
      '<span class="pagination-label">Previous</span>',
    );
    const event = await edit("templates/Pagination.tsx", (t) =>
      t.replace(
        '<span className="pagination-label">Previous</span>',
        '<span className="pagination-label">Improve this page</span>',
      ),
    );
    if (!event.outcome.ok) throw new Error(event.outcome.text);
    expect(event.outcome.codeChanged).toBe(true);
    expect(event.outcome.result.rendered).toBe(event.outcome.result.pages);
    expect(event.update).toMatchObject({ all: true, reload: true });
    expect(await get("/docs/v2/setup/")).toContain("Improve this page");
  });

  it("rebundles the client when its code changes", async () => {
    const scriptOf = (html: string) =>
      html.match(/src="(\/docs\/v2\/assets\/client\.[^"]+\.js)"/)?.[1];
    const before = scriptOf(await get("/docs/v2/guide/"));
    expect(before).toBeDefined();
    const event = await edit(
      "src/client/boot.ts",
      (t) => `${t}\nconsole.debug("brook client edited while serving");\n`,
    );
    expect(event.outcome.ok).toBe(true);
    expect(event.update).toMatchObject({ all: true, reload: true });
    const after = scriptOf(await get("/docs/v2/guide/"));
    expect(after).not.toBe(before);
    expect(await get(after!)).toContain("brook client edited while serving");
  });

  it("shows a template that does not compile as an error, keeps the last good pages, and recovers", async () => {
    const original = readFileSync(join(project, "templates", "Pagination.tsx"), "utf8");
    const bad = await edit("templates/Pagination.tsx", (t) =>
      t.replace("Improve this page</span>", "Improve this page</span"),
    );
    expect(bad.outcome.ok).toBe(false);
    if (bad.outcome.ok) return;
    expect(bad.outcome.text).toMatch(/templates\/Pagination\.tsx:\d+:\d+: /);
    expect(errors.at(-1)).toContain(bad.outcome.text);
    expect(await get("/docs/v2/setup/")).toContain("Improve this page");
    // A content save while the code is broken still reports the code error, not a stale build.
    const meanwhile = await edit("content/setup.md", (t) =>
      t.replace("Set up the project.", "Set up the project today."),
    );
    expect(meanwhile.outcome.ok).toBe(false);
    const good = await edit("templates/Pagination.tsx", () =>
      original.replace("Improve this page", "Change this page"),
    );
    if (!good.outcome.ok) throw new Error(good.outcome.text);
    const page = await get("/docs/v2/setup/");
    expect(page).toContain("Change this page");
    expect(page).toContain("Set up the project today.");
  });
});
