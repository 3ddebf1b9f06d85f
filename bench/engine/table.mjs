// The engine benchmark's report: one markdown row per figure of issue 12's table, with its
// target and whether this run meets it, then the notes that say how each row was measured.
import { ms, ratio, sec } from "./stats.mjs";

const yes = (ok) => (ok === undefined ? "?" : ok ? "yes" : "no");
const failed = (label, error) => ({
  label,
  hugo: "",
  eleventy: "",
  brook: `failed: ${error}`,
  target: "",
  met: "no",
});

/** The rows of the results that were measured, in the issue's order. */
export function tableRows(r) {
  const rows = [];
  for (const [n, c] of Object.entries(r.cold ?? {})) {
    const label = `N = ${n} cold`;
    if (c.error) {
      rows.push(failed(label, c.error));
      continue;
    }
    const { hugo, eleventy, brook } = c;
    const x = brook.ok && eleventy.ok ? brook.wallS / eleventy.wallS : NaN;
    const rssTarget = Number(n) >= 4000;
    const cell = (t) => (t.ok ? sec(t.wallS) : t.status);
    rows.push({
      label,
      hugo: cell(hugo),
      eleventy: cell(eleventy),
      brook: brook.ok
        ? `${sec(brook.wallS)} (${ratio(x)} Eleventy), ${brook.cpuS.toFixed(1)} CPU s, peak RSS ${Math.round(brook.peakRssMiB)} MiB`
        : `${brook.status} ${brook.note ?? ""}`,
      target: rssTarget ? "≤ 3.0x Eleventy, RSS ≤ 600 MiB" : "≤ 3.0x Eleventy",
      met: yes(
        Number.isFinite(x) ? x <= 3.0 && (!rssTarget || brook.peakRssMiB <= 600) : undefined,
      ),
    });
  }
  if (r.floor) {
    const label = `engine CPU per page ÷ bare unified chain (N = ${r.floor.n})`;
    if (r.floor.error || !r.floor.ok) rows.push(failed(label, r.floor.error ?? r.floor.note));
    else {
      const x = r.floor.engineMsPerPage / r.floor.msPerPage;
      rows.push({
        label,
        hugo: "",
        eleventy: "",
        brook: `${r.floor.engineMsPerPage.toFixed(1)} ms ÷ ${r.floor.msPerPage.toFixed(2)} ms = ${ratio(x)}`,
        target: "≤ 1.5x",
        met: yes(x <= 1.5),
      });
    }
  }
  if (r.cli?.error) rows.push(failed("N = 1000, nothing changed / one page edited", r.cli.error));
  if (r.cli?.warm) {
    const w = r.cli.warm;
    rows.push({
      label: `N = ${r.cli.pages}, nothing changed`,
      hugo: "",
      eleventy: "",
      brook: `${sec(w.wallS)}, ${w.cpuS.toFixed(2)} CPU s`,
      target: "≤ 0.5 s",
      met: yes(w.wallS <= 0.5),
    });
  }
  if (r.cli?.edit) {
    const e = r.cli.edit;
    const rendered = e.runs[0]?.rendered;
    const work =
      rendered !== undefined
        ? `; ${rendered} of ${e.runs[0].pages} pages rendered`
        : e.runs[0]?.cacheHits !== undefined
          ? `; ${e.runs[0].cacheHits} parses from the cache`
          : "";
    rows.push({
      label: `N = ${r.cli.pages}, one page edited (CLI)`,
      hugo: "",
      eleventy: "",
      brook: `${sec(e.wallS)}, ${e.cpuS.toFixed(2)} CPU s${work}`,
      target: "≤ 0.8 s",
      met: yes(e.wallS <= 0.8),
    });
  }
  for (const [key, label, target, meets] of [
    [
      "serveDocs",
      "`serve`, real docs: save → new text painted in the open page",
      "≤ 100 ms median, ≤ 200 ms p95",
      (s) => s.medianMs <= 100 && s.p95Ms <= 200,
    ],
    [
      "serveCorpus",
      `\`serve\`, N = ${r.settings?.serveSize}: same`,
      "≤ 300 ms",
      (s) => s.medianMs <= 300,
    ],
  ]) {
    const s = r[key];
    if (!s) continue;
    if (s.error) {
      rows.push(failed(label, s.error));
      continue;
    }
    const how =
      s.reloads > 0 ? `page reloaded ${s.reloads}x in ${s.edits} edits` : "in place, no reload";
    rows.push({
      label,
      hugo: "",
      eleventy: "",
      brook: `${ms(s.medianMs)} median, ${ms(s.p95Ms)} p95, ${ms(s.maxMs)} max (${s.edits} edits; ${how}; server ${Math.round(s.serverCpuMsPerEdit)} CPU ms/edit)`,
      target,
      met: yes(meets(s)),
    });
  }
  if (r.checkLinks) {
    const c = r.checkLinks;
    const label = "`check-links`, real docs";
    if (c.error) rows.push(failed(label, c.error));
    else {
      const reads = c.reads
        ? c.outputOnly
          ? "reads the output and link map only"
          : `also reads content/ (${c.reads.contentFiles} files) and the build cache (${c.reads.cacheFiles})`
        : "what it reads: not traced";
      rows.push({
        label,
        hugo: "",
        eleventy: "",
        brook: `${sec(c.wallS)}, ${c.cpuS.toFixed(2)} CPU s; ${reads}`,
        target: "≤ 0.3 s, reading dist/ only",
        met: yes(c.outputOnly === undefined ? undefined : c.wallS <= 0.3 && c.outputOnly),
      });
    }
  }
  return rows;
}

/** The markdown table. */
export function markdownTable(rows) {
  const lines = ["| | Hugo | Eleventy | Brook | target | met |", "|---|---|---|---|---|---|"];
  for (const row of rows)
    lines.push(
      `| ${row.label} | ${row.hugo} | ${row.eleventy} | ${row.brook} | ${row.target} | ${row.met} |`,
    );
  return lines.join("\n");
}

/** How each measured row was taken, with its per-run figures. */
export function notes(r) {
  const out = [];
  const s = r.settings;
  for (const [n, c] of Object.entries(r.cold ?? {})) {
    if (c.error) continue;
    const runs = ["hugo", "eleventy", "brook"]
      .map((t) => `${t} ${c[t].ok ? c[t].walls.map((w) => w.toFixed(2)).join(", ") : c[t].status}`)
      .join("; ");
    const discarded = ["hugo", "eleventy", "brook"].flatMap((t) =>
      c[t].discarded?.length ? [`${t} ${c[t].discarded.join(", ")}`] : [],
    );
    const other = ["hugo", "eleventy", "brook"]
      .map((t) => `${t} ${c[t].ok ? c[t].otherCpuS.toFixed(1) : "-"}`)
      .join(", ");
    out.push(
      `- N = ${n} cold: shared harness run.sh (caches and output deleted before each build, output on tmpfs), median of ${s.runs}; wall s per run: ${runs}; ` +
        `other processes' CPU s during the builds (median): ${other}.${discarded.length ? ` Discarded as the machine was busy: ${discarded.join("; ")}.` : ""}`,
    );
  }
  if (r.floor?.ok) {
    out.push(
      `- Floor: remark-floor.mjs on the N = ${r.floor.n} corpus (${r.floor.pages} pages, best of 3 passes, one thread, wall time); the engine figure is Brook's cold CPU seconds (median) ÷ pages. ` +
        `The floor's process took ${r.floor.processCpuS.toFixed(1)} CPU s in ${r.floor.processWallS.toFixed(1)} s wall: much less CPU than wall means it waited for a core and the floor reads high (the ratio low).`,
    );
  }
  if (r.cli?.warm || r.cli?.edit) {
    const list = (x) => x.runs.map((run) => run.wall.toFixed(2)).join(", ");
    out.push(
      `- CLI rebuilds: \`build --content COPY --out OUT\` from the project root on a tmpfs copy of the corpus, after one build that fills the cache; median of ${s.repeats}.` +
        (r.cli.warm ? ` Nothing changed: ${list(r.cli.warm)} s.` : "") +
        (r.cli.edit
          ? ` One page edited (${r.cli.edit.page}, a different new first paragraph each time): ${list(r.cli.edit)} s.`
          : ""),
    );
  }
  for (const key of ["serveDocs", "serveCorpus"]) {
    const v = r[key];
    if (!v || v.error) continue;
    const build =
      v.serverBuildMs !== undefined
        ? `, server rebuild ${Math.round(v.serverBuildMs)} ms median (${v.renderedPerEdit} of ${v.pages} pages rendered)`
        : "";
    out.push(
      `- serve, ${v.label}: Date.now() before writeFile → the frame after the marker entered the DOM (Chromium), ${v.edits} edits after 1 warm-up; min ${ms(v.minMs)}; ` +
        `save → the page's update/reload message ${ms(v.toMessageMedianMs)} median (the rest is the page fetching and painting)${build}; ` +
        `messages ${Object.entries(v.messages)
          .filter(([, k]) => k)
          .map(([t, k]) => `${t} ${k}`)
          .join(", ")}; first build ${Number.isFinite(v.firstBuildMs) ? ms(v.firstBuildMs) : "?"}` +
        (v.settledWithoutSearchLog
          ? `; ${v.settledWithoutSearchLog} of the saves printed no search-index line (the server was taken as settled after 2 s idle)`
          : "") +
        ".",
    );
  }
  if (r.checkLinks && !r.checkLinks.error) {
    const c = r.checkLinks;
    const reads = c.reads
      ? ` Traced run opened ${c.reads.outputFiles} files of the output, the link map: ${c.reads.linkMap ? "yes" : "no"}, ${c.reads.contentFiles} under content/, ${c.reads.cacheFiles} of the build cache.`
      : "";
    out.push(
      `- check-links: \`check-links dist\` from the root of a temp copy of the docs after a fresh \`build\`, median of ${s.repeats}; exit ${c.exitCodes.join("/")}; "${c.summary}".${reads}`,
    );
  }
  return out.join("\n");
}
