/**
 * What the pages stage decides a page by: the key of everything its files are made of, whether
 * a kept page or a cached parse still holds, and taking a page's files from the last output.
 */
import { join } from "node:path";
import { signature } from "../core/file-signature.ts";
import type { PageFacts } from "../content/parse-page.ts";
import type { PlannedPage } from "../site/model.ts";
import type { PageShell } from "./page-task.ts";
import { hashKey } from "../core/cache-keys.ts";
import { type CachedPage, type CachedParse } from "../content/page-record.ts";
import type { KeptPage, PagesInput, PagesOutcome } from "./render-pages.ts";

/** The key of everything a page's two files are made of. */
export function renderKey(
  siteKey: string,
  parseKey: string,
  parse: { values: Record<string, string>; facts: PageFacts },
  shell: PageShell,
): string {
  return hashKey(
    siteKey,
    parseKey,
    JSON.stringify(parse.values),
    JSON.stringify(parse.facts.deps.files),
    JSON.stringify(shell),
  );
}

/**
 * Takes a page's three files (HTML, data, Markdown for machines) from memory, or from the
 * previous output as hard links, when their key is the same.
 */
export function reuse(
  input: PagesInput,
  page: PlannedPage,
  paths: { htmlPath: string; mdPath: string },
  key: string,
  out: PagesOutcome,
): boolean {
  const { assetsDir, previous } = input;
  const { htmlPath, mdPath } = paths;
  const kept = input.kept?.get(page.regularPath);
  if (kept && kept.renderKey === key) {
    // The same key from other objects (a plan made again): the next build compares these.
    const cached = input.pages.get(page.relativePath)!;
    if (cached.parse)
      out.kept?.set(page.regularPath, {
        ...kept,
        made: { page, source: cached, parse: cached.parse, siteKey: input.siteKey },
      });
    out.files.push(
      { path: htmlPath, content: kept.files.html },
      { path: assetsDir + kept.dataFile, content: kept.files.data },
      { path: mdPath, content: kept.markdown },
    );
    out.dataFiles[page.regularPath] = kept.dataFile;
    out.markdown.set(page.regularPath, kept.markdown);
    for (const path of [htmlPath, assetsDir + kept.dataFile, mdPath])
      out.outputs.set(path, { key, sig: "" });
    return true;
  }
  const dataFile = previous?.dataFiles.get(page.regularPath);
  if (!previous || !input.canReuse || !dataFile) return false;
  const paths3 = [htmlPath, assetsDir + dataFile, mdPath];
  const records = paths3.map((p) => previous.files.get(p));
  // Only files the last build wrote with this key and nobody changed since.
  if (
    !records.every((r, i) => r?.key === key && signature(join(input.outDir, paths3[i]!)) === r.sig)
  )
    return false;
  paths3.forEach((p, i) => {
    out.files.push({ path: p, from: join(input.outDir, p) });
    out.outputs.set(p, records[i]!);
  });
  out.dataFiles[page.regularPath] = dataFile;
  return true;
}

/** Whether a kept page was made from exactly these objects, in the same site. */
export function sameMaking(
  kept: KeptPage,
  page: PlannedPage,
  cached: CachedPage,
  input: PagesInput,
): boolean {
  const m = kept.made;
  return (
    m.page === page &&
    m.source === cached &&
    cached.parse !== undefined &&
    m.parse === cached.parse &&
    m.siteKey === input.siteKey
  );
}

/** Whether every site value a parse read, and every file it included, is as it was. */
export function stillValid(parse: CachedParse, input: PagesInput): boolean {
  return (
    Object.entries(parse.values).every(([k, v]) => input.parse.siteValues[k] === v) &&
    input.files.unchanged(parse.facts.deps.files)
  );
}

/** How a page is shown, apart from its body. */
export function toShell(p: PlannedPage): PageShell {
  return {
    route: p.regularPath,
    title: p.title,
    description: p.description,
    layout: p.layout,
    prev: p.prev,
    next: p.next,
    editUrl: p.editUrl,
    meta: p.frontmatter.meta,
    outline: p.outline,
    ...(p.lastUpdated && { lastUpdated: p.lastUpdated }),
  };
}
