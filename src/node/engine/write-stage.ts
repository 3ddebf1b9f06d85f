/**
 * The write stage: the client, the not-found page, redirects, host files and llms*.txt, then the
 * search index and the route manifest that names it, public/, and the swap; the link map beside
 * the output.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { SiteConfig } from "../config/schema.ts";
import type { PublicFile } from "../content/discover.ts";
import type { PageFacts } from "../content/parse-page.ts";
import { assetsPath } from "../../shared/output-layout.ts";
import type { SitePlan } from "../site/model.ts";
import type { SearchFiles } from "../search/index-files.ts";
import { placeInConfig, type LinkMap } from "../write/link-map.ts";
import type { Writer } from "../write/writer.ts";
import type { OutputRecord, OutputState } from "./cache.ts";
import type { PagesOutcome } from "./pages.ts";
import { copyPublic, writeManifest, writeSiteFiles, type SiteFilesInput } from "./site-files.ts";
import type { OutputTarget } from "./strategy.ts";

/** What the write stage reads. */
export interface WriteInput extends Pick<
  SiteFilesInput,
  "config" | "plan" | "assets" | "writer" | "siteKey" | "fromPlan" | "previous" | "renderNotFound"
> {
  /** What the pages stage made: its files (with their keys), data files and Markdown. */
  pages: Pick<PagesOutcome, "outputs" | "dataFiles" | "markdown">;
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
}

/** What the write stage wrote: every path, the output's records, whether it made any file anew. */
export interface WriteStage {
  written: Set<string>;
  output: OutputState;
  made: boolean;
}

/** Writes and swaps in the output. */
export async function writeStage(input: WriteInput): Promise<WriteStage> {
  const { writer, config, pages, target } = input;
  const assetsDir = assetsPath(config.base);
  const outDir = target.dir ?? "";
  const written = new Set([...pages.outputs.keys(), input.sitePath]);
  const outputs = new Map<string, OutputRecord>(pages.outputs);
  const { made } = await writeSiteFiles({
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
  writeManifest({ ...input, assetsDir, dataFiles: pages.dataFiles, written }, search.entry);
  for (const f of input.published) {
    writer.write(config.base.slice(1) + f.path, f.content);
    written.add(config.base.slice(1) + f.path);
  }
  const publicDir = join(input.cwd, "public");
  copyPublic(input.publicFiles, publicDir, input.cwd, config.base.slice(1), written, writer);
  writer.commit();
  target.finish(input.links);
  const dataFiles = new Map(Object.entries(pages.dataFiles));
  return { written, output: { dir: outDir, files: outputs, dataFiles }, made };
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
