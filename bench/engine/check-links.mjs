// Row 8: `brook-docs check-links DIR` on a fresh build of the real docs (a temp copy, the command
// run from the copy's root as a writer runs it), median of `repeats`; then one run under strace
// that lists what it opened: the output and the link map only, or content/ and the build cache too
// (a check that re-runs the build reads both).
import { existsSync, readFileSync, rmSync } from "node:fs";
import { isAbsolute, join, resolve } from "node:path";
import { timed } from "./procs.mjs";
import { median } from "./stats.mjs";

const STRACE = "/usr/bin/strace";

/** Paths a traced run opened, from `strace -f -e trace=openat,open` output; relative ones resolved against `cwd`. */
function openedPaths(trace, cwd) {
  const paths = new Set();
  for (const line of trace.split("\n")) {
    // A call a thread switch split in two ("<unfinished ...>") counts as opened.
    const m = /open(?:at)?\((?:AT_FDCWD, )?"([^"]+)"/.exec(line);
    if (!m || /\)\s*=\s*-1 /.test(line)) continue;
    paths.add(isAbsolute(m[1]) ? m[1] : resolve(cwd, m[1]));
  }
  return [...paths];
}

/** What one check-links run reads, by strace; undefined when strace is missing or fails here. */
async function whatItReads({ bin, site, out }) {
  if (!existsSync(STRACE)) return undefined;
  const traceFile = join(site, "check-links.trace");
  const r = await timed(
    STRACE,
    [
      "-f",
      "-qq",
      "-e",
      "trace=openat,open",
      "-o",
      traceFile,
      process.execPath,
      bin,
      "check-links",
      out,
    ],
    { cwd: site, env: { ...process.env, NO_COLOR: "1" } },
  );
  if (!existsSync(traceFile)) return undefined;
  const opened = openedPaths(readFileSync(traceFile, "utf8"), site);
  rmSync(traceFile, { force: true });
  if (r.status !== 0 && !opened.length) return undefined;
  const under = (dir) => opened.filter((p) => p === dir || p.startsWith(dir + "/")).length;
  return {
    outputFiles: under(resolve(site, out)),
    linkMap: opened.includes(resolve(site, `${out}.links.json`)),
    contentFiles: under(join(site, "content")),
    cacheFiles: under(join(site, "node_modules", ".cache", "brook-docs")),
    configRead: opened.includes(join(site, "site.config.ts")),
  };
}

/** Times check-links on a fresh build of the docs copy in `site`. */
export async function checkLinks({ bin, site, repeats }) {
  const out = "dist";
  console.error(`\n== check-links: building the real docs into ${join(site, out)}`);
  const build = await timed(process.execPath, [bin, "build", "--out", out], {
    cwd: site,
    env: { ...process.env, NO_COLOR: "1" },
  });
  if (build.status !== 0)
    throw new Error(
      `build of the docs failed:\n${build.stderr.trim().split("\n").slice(-10).join("\n")}`,
    );
  const runs = [];
  let summary = "";
  for (let i = 0; i < repeats; i++) {
    const r = await timed(process.execPath, [bin, "check-links", out], {
      cwd: site,
      env: { ...process.env, NO_COLOR: "1" },
    });
    runs.push({ wall: r.wall, cpu: r.cpu, status: r.status });
    summary = r.stderr.trim().split("\n").at(-1) ?? "";
  }
  console.error(`   ${runs.map((r) => r.wall.toFixed(2)).join(", ")} s; ${summary}`);
  const reads = await whatItReads({ bin, site, out });
  if (reads)
    console.error(
      `   opened: ${reads.outputFiles} output files, link map ${reads.linkMap ? "yes" : "no"}, ${reads.contentFiles} under content/, ${reads.cacheFiles} in the build cache`,
    );
  return {
    wallS: median(runs.map((r) => r.wall)),
    cpuS: median(runs.map((r) => r.cpu)),
    exitCodes: [...new Set(runs.map((r) => r.status))],
    summary,
    runs,
    reads,
    /** Reads the output (and its link map) only: nothing from content/ or the build cache. */
    outputOnly: reads ? reads.contentFiles === 0 && reads.cacheFiles === 0 : undefined,
  };
}
