// Rows 4-5: `brook-docs build --content CORPUS --out OUT` again with the cache warm, first with
// nothing changed, then with one page's body edited before each build (a different edit each
// time, so every build has exactly one changed page). The corpus is a copy on tmpfs; the command
// runs from the project's root, as the harness runs the cold builds.
import { cpSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { withMarker } from "./edit.mjs";
import { timed } from "./procs.mjs";
import { median } from "./stats.mjs";

/** The first `page-*.md` of the corpus's first section: the page the edits change. */
export function corpusPage(content) {
  const section = readdirSync(content)
    .filter((d) => d.startsWith("section-"))
    .sort()[0];
  const page = readdirSync(join(content, section))
    .filter((f) => /^page-.*\.md$/.test(f))
    .sort()[0];
  return { file: join(content, section, page), route: `${section}/${page.replace(/\.md$/, "")}/` };
}

/** What a build printed about its work: pages rendered (this engine) or parses from the cache (both). */
function buildWork(stderr) {
  const rendered = /(\d+) rendered/.exec(stderr);
  const hits = /(\d+) parses from the cache|cache hits (\d+)/.exec(stderr);
  const pages = /built (\d+) pages/.exec(stderr);
  return {
    pages: pages ? Number(pages[1]) : undefined,
    rendered: rendered ? Number(rendered[1]) : undefined,
    cacheHits: hits ? Number(hits[1] ?? hits[2]) : undefined,
  };
}

async function build(bin, project, content, out) {
  const r = await timed(process.execPath, [bin, "build", "--content", content, "--out", out], {
    cwd: project,
    env: { ...process.env, NO_COLOR: "1" },
  });
  if (r.status !== 0)
    throw new Error(
      `build of ${content} failed (exit ${r.status}):\n${r.stderr.trim().split("\n").slice(-10).join("\n")}`,
    );
  return { wall: r.wall, cpu: r.cpu, ...buildWork(r.stderr) };
}

function summarise(runs) {
  return { wallS: median(runs.map((r) => r.wall)), cpuS: median(runs.map((r) => r.cpu)), runs };
}

/** Runs the warm rows on a copy of `corpus` in `work`; `what` picks them ({ warm, edit }). */
export async function cliBuilds({ project, bin, corpus, work, repeats, what }) {
  const content = join(work, "content");
  const out = join(work, "out");
  rmSync(work, { recursive: true, force: true });
  cpSync(corpus, content, { recursive: true });
  const pages = readdirSync(content, { recursive: true }).filter((f) =>
    String(f).endsWith(".md"),
  ).length;
  console.error(
    `\n== warm CLI builds of ${pages} pages (${content}): a first build fills the cache`,
  );
  const first = await build(bin, project, content, out);
  console.error(`   first build ${first.wall.toFixed(2)} s`);
  const result = { pages };
  if (what.warm) {
    const runs = [];
    for (let i = 0; i < repeats; i++) runs.push(await build(bin, project, content, out));
    result.warm = summarise(runs);
    console.error(`   nothing changed: ${runs.map((r) => r.wall.toFixed(2)).join(", ")} s`);
  }
  if (what.edit) {
    const { file } = corpusPage(content);
    const original = readFileSync(file, "utf8");
    const runs = [];
    try {
      for (let i = 0; i < repeats; i++) {
        writeFileSync(file, withMarker(original, i));
        runs.push(await build(bin, project, content, out));
      }
    } finally {
      writeFileSync(file, original);
    }
    result.edit = { ...summarise(runs), page: file.slice(content.length + 1) };
    console.error(`   one page edited: ${runs.map((r) => r.wall.toFixed(2)).join(", ")} s`);
  }
  rmSync(work, { recursive: true, force: true });
  return result;
}
