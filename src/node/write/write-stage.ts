/**
 * The write stage, the only code that writes the output: `openOutput` opens the build's writer and
 * writes the site data file first (the page workers read it, and write the pages they make into
 * the folder being built through output-folder.ts); `writeStage` writes what the other stages
 * handed over, as data: the pages' files, the client, the not-found page, redirects, host files and
 * llms*.txt, then the search index and the route manifest that names it, the published files,
 * public/, and swaps the output in, the link map beside it.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { SiteConfig } from "../config/schema.ts";
import type { PublicFile } from "../content/discover.ts";
import type { PageFacts } from "../content/parse-page.ts";
import { assetsPath, manifestPath } from "../../shared/output-layout.ts";
import type { SitePlan } from "../site/model.ts";
import type { SearchFiles } from "../search/index-files.ts";
import { placeInConfig, type LinkMap } from "../core/link-map.ts";
import type { OutputFiles, Writer } from "./writer.ts";
import type { OutputRecord, OutputState } from "./output-state.ts";
import type { PageFile, PagesOutcome } from "../pages/render-pages.ts";
import { signature } from "../core/file-signature.ts";
import {
  copyPublic,
  writeManifest,
  writeSiteFiles,
  type PlanFiles,
  type SiteFilesInput,
} from "./site-files.ts";
import type { OutputTarget } from "./output-target.ts";
import type { RouteManifest } from "../../shared/types.ts";

/** What the write stage reads. */
export interface WriteInput extends Pick<
  SiteFilesInput,
  "config" | "plan" | "assets" | "writer" | "siteKey" | "planFiles" | "previous" | "renderNotFound"
> {
  /** What the pages stage made: its files (with their keys), data files and Markdown. */
  pages: Pick<PagesOutcome, "outputs" | "dataFiles" | "markdown" | "files">;
  /** The site data file, written before the pages. */
  sitePath: string;
  /** The index files, when they are made (the write stage goes on meanwhile). */
  searching: Promise<SearchFiles>;
  publicFiles: PublicFile[];
  /** Files the stages made for readers' tools, under the base (openapi.yaml, brook-runtime.d.ts). */
  published: { path: string; content: string }[];
  cwd: string;
  target: OutputTarget;
  links: LinkMap;
  /** The check's table of sections that moved, for the route manifest. */
  moved: RouteManifest["moved"];
}

/** What the write stage wrote: every path, the output's records, whether it made any file anew. */
export interface WriteStage {
  written: Set<string>;
  output: OutputState;
  made: boolean;
  /** What it made from the plan alone, for the next build of the same plan. */
  planFiles: PlanFiles;
  /** The committed output, when it is kept in memory (what the build hands its caller). */
  files?: OutputFiles;
}

/** A build's output, open: its writer, and where the page workers read the site data and write. */
export interface OpenOutput {
  writer: Writer;
  /** The site data file as the workers read it. */
  siteDataPath: string;
  /** The folder the workers write the pages they make into; absent when the output is in memory. */
  folder?: string;
  /** Whether a file of the previous output can be taken as it is. */
  canReuse: boolean;
}

/**
 * Opens the build's output and writes the site data file (`site`: its path in the output, its
 * name and its JSON), which the page workers read; `last`: the files of the last build kept in
 * memory; `remove`: removes a swapped-out output elsewhere (on a worker).
 */
export function openOutput(
  target: OutputTarget,
  last: OutputFiles | undefined,
  remove: (dir: string) => Promise<void> | undefined,
  site: { path: string; name: string; json: string },
): OpenOutput {
  const writer = target.open(last, remove);
  try {
    writer.write(site.path, site.json);
    const siteDataPath = target.siteDataPath(writer, site.path, site.name, site.json);
    return { writer, siteDataPath, folder: writer.folder, canReuse: writer.reuse !== undefined };
  } catch (e) {
    writer.abort();
    throw e;
  }
}

/** Writes the pages' files as the pages stage handed them over; their records with signatures on disk. */
function writePageFiles(
  writer: Writer,
  files: PageFile[],
  records: ReadonlyMap<string, OutputRecord>,
): Map<string, OutputRecord> {
  for (const f of files) {
    if ("content" in f) writer.write(f.path, f.content);
    else if ("from" in f) writer.reuse!(f.from, f.path);
    else writer.adopt?.(f.path);
  }
  // What the files are on disk now: the next build reuses them only if nobody changed them since.
  const folder = writer.folder;
  return new Map(
    [...records].map(([path, r]) => [
      path,
      r.sig || !folder ? r : { ...r, sig: signature(join(folder, path)) },
    ]),
  );
}

/** Writes and swaps in the output. */
export async function writeStage(input: WriteInput): Promise<WriteStage> {
  const { writer, config, pages, target } = input;
  const assetsDir = assetsPath(config.base);
  const outDir = target.dir ?? "";
  const written = new Set([...pages.outputs.keys(), input.sitePath]);
  const outputs = writePageFiles(writer, pages.files, pages.outputs);
  const { made, planFiles } = await writeSiteFiles({
    ...input,
    assetsDir,
    outDir,
    dataFiles: pages.dataFiles,
    markdown: pages.markdown,
    outputs,
    written,
  });
  // While the index is made on a worker: the reused files are linked into the new output.
  writer.prepare?.();
  const search = await input.searching;
  writeSearch(writer, assetsDir, search, written);
  writeManifest(
    { ...input, assetsDir, dataFiles: pages.dataFiles, written, moved: input.moved },
    search.entry,
  );
  for (const f of input.published) {
    writer.write(config.base.slice(1) + f.path, f.content);
    written.add(config.base.slice(1) + f.path);
  }
  const publicDir = join(input.cwd, "public");
  copyPublic(input.publicFiles, publicDir, input.cwd, config.base.slice(1), written, writer);
  writer.commit();
  target.finish(input.links);
  const dataFiles = new Map(Object.entries(pages.dataFiles));
  const files = writer.committedFiles?.();
  return { written, output: { dir: outDir, files: outputs, dataFiles }, made, planFiles, files };
}

/** Writes the index's files under the assets folder. */
export function writeSearch(
  writer: Writer,
  assetsDir: string,
  search: SearchFiles,
  written: Set<string>,
): void {
  for (const f of search.files) {
    writer.write(assetsDir + f.name, f.content);
    written.add(assetsDir + f.name);
  }
}

/** The link map of a build: each page's links as written, each redirect's line in the config. */
export function linkMapOf(
  config: SiteConfig,
  plan: SitePlan,
  facts: Map<string, PageFacts>,
  configFile: string,
  configPath: string | undefined,
): LinkMap {
  const text = configPath ? readFileSync(configPath, "utf8") : "";
  const pages: LinkMap["pages"] = {};
  for (const p of plan.pages)
    pages[p.regularPath] = { file: p.file, links: facts.get(p.regularPath)?.links ?? [] };
  const redirects: LinkMap["redirects"] = {};
  config.redirects.forEach((r, i) => {
    redirects[plan.redirects[i]?.from ?? r.from] = {
      file: configFile,
      ...placeInConfig(text, r.from),
    };
  });
  return { version: 1, base: config.base, siteUrl: config.siteUrl, pages, redirects };
}

/**
 * Publishes an index made after the build (the dev server's deferred one): the last build's files
 * kept in memory as they are, the index's files, and a route manifest that names it. The files
 * of the new output.
 */
export function publishSearch(
  target: OutputTarget,
  last: {
    files?: OutputFiles;
    config: SiteConfig;
    plan: { planned: { plan: SitePlan } };
    dataFiles: Record<string, string>;
    check?: { result: { moved: RouteManifest["moved"] } };
  },
  index: SearchFiles,
): OutputFiles | undefined {
  const { config } = last;
  const manifest = manifestPath(config.base);
  const writer = target.open(last.files, () => undefined);
  const written = new Set<string>();
  for (const path of last.files?.keys() ?? [])
    if (path !== manifest) {
      writer.reuse?.(path, path);
      written.add(path);
    }
  const assetsDir = assetsPath(config.base);
  writeSearch(writer, assetsDir, index, written);
  const site = {
    config,
    plan: last.plan.planned.plan,
    dataFiles: last.dataFiles,
    moved: last.check?.result.moved,
  };
  writeManifest({ ...site, writer, assetsDir, written }, index.entry);
  writer.commit();
  return writer.committedFiles?.();
}
