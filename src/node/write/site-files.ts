/**
 * The write stage's files besides the pages: the client's assets, the route manifest, the
 * not-found page, redirect stubs, the host files (_redirects, _headers, sitemap, robots) and
 * the files of public/, and llms.txt / llms-full.txt.
 */
import { readFileSync } from "node:fs";
import { join, relative, sep } from "node:path";
import type { SiteConfig } from "../config/schema.ts";
import type { PublicFile } from "../content/discover.ts";
import { ContentError, type Diagnostic } from "../core/errors.ts";
import type { ClientAssets } from "../render/assets.ts";
import { contentHash } from "../render/hash.ts";
import { NOT_FOUND_PAGE, NOT_FOUND_ROUTE } from "../render/page-data.ts";
import { renderRedirectStub } from "../render/redirect-stub.ts";
import { isListed, type SitePlan } from "../site/model.ts";
import type { RouteManifest } from "../../shared/types.ts";
import { markdownPath, routeToPath, splitHash } from "../../shared/url.ts";
import { headersFile, redirectsFile, robotsFile, sitemapFile } from "./host-files.ts";
import type { Writer } from "./writer.ts";
import { llmsFiles, llmsFull } from "./llms.ts";
import { hashKey } from "../core/cache-keys.ts";
import { type OutputRecord, type OutputState } from "./output-state.ts";
import { signature } from "../core/file-signature.ts";
import {
  assetUrl,
  LLMS_FULL_FILE,
  LLMS_INDEX_FILE,
  manifestPath,
  pageDataName,
  VALUES_FILE,
} from "../../shared/output-layout.ts";

/** Files made from a plan alone (_redirects, the sitemap, llms.txt), by name, with the plan they were made from. */
export interface PlanFiles {
  plan: SitePlan;
  made: ReadonlyMap<string, unknown>;
}

/** What the write stage needs. */
export interface SiteFilesInput {
  config: SiteConfig;
  plan: SitePlan;
  assets: ClientAssets;
  writer: Writer;
  assetsDir: string;
  dataFiles: Record<string, string>;
  /** route → the Markdown for machines of each page the pages stage made or kept in memory (a page reused from the last output has its file there). */
  markdown: Map<string, string>;
  siteKey: string;
  /** The files the pages stage wrote, with their keys; the not-found page's are added. */
  outputs: Map<string, OutputRecord>;
  /** Every path written by the build so far; this stage adds its own (public/ may not replace any). */
  written: Set<string>;
  previous?: OutputState;
  outDir: string;
  /** What the last build made from its plan alone, by name, with that plan: kept while the plan is the same object (a session that keeps its plan). */
  planFiles?: PlanFiles;
  /** Renders the not-found page (on a worker). */
  renderNotFound(): Promise<string>;
}

/**
 * Writes everything but the pages, the search index, the route manifest and public/; says whether
 * it made a file whose inputs changed (else each was taken from the last output).
 */
export async function writeSiteFiles(
  input: SiteFilesInput,
): Promise<{ made: boolean; planFiles: PlanFiles }> {
  const { config, plan, assets, writer, assetsDir } = input;
  const under = config.base.slice(1);
  const write = (path: string, content: string | Uint8Array) => {
    writer.write(path, content);
    input.written.add(path);
  };
  for (const f of assets.files) write(assetsDir + f.path, f.content);

  write(assetsDir + NOT_FOUND_DATA.file, NOT_FOUND_DATA.json);
  const notFound = await writeNotFound(input, ["404.html", under + "404.html"]);

  const titles = new Map(plan.pages.map((p) => [p.regularPath, p.title]));
  for (const r of plan.redirects) {
    const target = routeToPath(config.base, r.to);
    const { route } = splitHash(r.to);
    write(
      under + r.from.slice(1) + "index.html",
      renderRedirectStub(
        target,
        config.siteUrl + routeToPath(config.base, route),
        titles.get(route) ?? target,
        assetUrl(config.base, assets.redirectScript),
      ),
    );
  }
  // Files made from the plan alone: a session that keeps its plan (the dev server) makes them once.
  const madeFromPlan = new Map(input.planFiles?.plan === plan ? input.planFiles.made : []);
  const fromPlan = <T>(name: string, make: () => T): T => {
    if (!madeFromPlan.has(name)) madeFromPlan.set(name, make());
    return madeFromPlan.get(name) as T;
  };
  write(
    "_redirects",
    fromPlan("_redirects", () =>
      redirectsFile(
        config.base,
        plan.pages.map((p) => p.regularPath),
        plan.redirects,
      ),
    ),
  );
  write("_headers", headersFile(config.base, config.analytics.gtmId));
  write(
    under + "sitemap.xml",
    fromPlan("sitemap", () =>
      sitemapFile(
        config.siteUrl,
        config.base,
        plan.pages.filter(isListed).map((p) => p.regularPath),
      ),
    ),
  );
  write("robots.txt", robotsFile(config.siteUrl, config.base));
  // Brook's figures as the pages state them, for tools (the assistant server's get_limit).
  write(under + VALUES_FILE, JSON.stringify(config.values));
  // Markdown for machines: the pages' own .md files are written by the pages stage.
  const mdPath = (route: string) => markdownPath(config.base, route).slice(1);
  const llms = fromPlan("llms", () => {
    const listed = plan.pages
      .filter(isListed)
      .map((p) => ({ route: p.regularPath, title: p.title, description: p.description }));
    const files = llmsFiles({
      title: config.title,
      description: config.description,
      siteUrl: config.siteUrl,
      base: config.base,
      sidebar: plan.sidebar,
      pages: listed,
    });
    return { ...files, mdPaths: files.order.map(mdPath) };
  });
  write(under + LLMS_INDEX_FILE, llms.index);
  // A page reused from the last output has its Markdown only in its file, now in the new output.
  const markdownOf = (route: string) =>
    input.markdown.get(route) ??
    readFileSync(writer.source?.(mdPath(route)) ?? join(writer.folder!, mdPath(route)), "utf8");
  const full = () => llmsFull(llms.order, markdownOf);
  // llms-full.txt is every page's Markdown in order: kept as it was while no page's Markdown (its
  // file's key) and no order changed, so a build that reused every page reads none of them.
  const fullKey = hashKey(
    input.siteKey,
    "llms-full",
    JSON.stringify(llms.order.map((r, i) => [r, input.outputs.get(llms.mdPaths[i]!)?.key ?? ""])),
  );
  const llmsFullMade = await reuseOrWrite(
    input,
    [under + LLMS_FULL_FILE],
    fullKey,
    async () => full(),
    full,
  );
  return { made: notFound || llmsFullMade, planFiles: { plan, made: madeFromPlan } };
}

/**
 * The route manifest: every page's data file, the redirects, the sections that moved, the search
 * index's entry file (so it is written last, once the index is made).
 */
export function writeManifest(
  input: Pick<
    SiteFilesInput,
    "config" | "plan" | "writer" | "assetsDir" | "dataFiles" | "written"
  > & {
    /** The check's table of sections that moved, by the route of the page they left. */
    moved: RouteManifest["moved"];
  },
  searchFile: string,
): void {
  // In the plan's order: a build that reused some pages writes the same bytes as one that made all.
  const pages = Object.fromEntries(
    input.plan.pages
      .filter((p) => input.dataFiles[p.regularPath])
      .map((p) => [p.regularPath, input.dataFiles[p.regularPath]!]),
  );
  const manifest: RouteManifest = {
    pages: { ...pages, [NOT_FOUND_ROUTE]: NOT_FOUND_DATA.file },
    redirects: Object.fromEntries(input.plan.redirects.map((r) => [r.from, r.to])),
    search: searchFile,
    ...(Object.keys(input.moved ?? {}).length && { moved: input.moved }),
  };
  const path = manifestPath(input.config.base);
  input.writer.write(path, JSON.stringify(manifest));
  input.written.add(path);
}

/** The not-found page's data, and its file under the assets folder (the same for every build). */
const NOT_FOUND_DATA = (() => {
  const json = JSON.stringify(NOT_FOUND_PAGE);
  return { json, file: pageDataName("not-found", contentHash(json)) };
})();

/** The not-found page, twice: reused when the site around it did not change, else rendered. */
function writeNotFound(input: SiteFilesInput, paths: string[]): Promise<boolean> {
  return reuseOrWrite(input, paths, hashKey(input.siteKey, "not-found"), input.renderNotFound);
}

/**
 * Files made from `key`'s inputs: the last output's (hard links on disk) when it made them with
 * the same key and nobody changed them since, else made (`makeWhenRead`: when first read, if the
 * writer keeps files in memory). True when they were made.
 */
async function reuseOrWrite(
  input: SiteFilesInput,
  paths: string[],
  key: string,
  make: () => Promise<string>,
  makeWhenRead?: () => string,
): Promise<boolean> {
  const { writer, previous, outputs } = input;
  const reusable =
    previous &&
    writer.reuse &&
    paths.every((p) => {
      const record = previous.files.get(p);
      // On disk, only a file nobody changed since; in memory, the writer holds the last build's files.
      return (
        record?.key === key && (!writer.folder || signature(join(input.outDir, p)) === record.sig)
      );
    });
  if (!reusable && makeWhenRead && writer.writeLazy) {
    for (const p of paths) {
      writer.writeLazy(p, makeWhenRead);
      input.written.add(p);
      outputs.set(p, { key, sig: "" });
    }
    return true;
  }
  const content = reusable ? undefined : await make();
  for (const p of paths) {
    input.written.add(p);
    if (content === undefined) {
      writer.reuse!(join(input.outDir, p), p);
      // The same file, linked: what it was when the last build recorded it.
      outputs.set(p, previous!.files.get(p)!);
    } else {
      writer.write(p, content);
      outputs.set(p, { key, sig: writer.folder ? signature(join(writer.folder, p)) : "" });
    }
  }
  return content !== undefined;
}

/** Copies public/ under the base; a file that would replace one the build wrote is an error. */
export function copyPublic(
  files: PublicFile[],
  publicDir: string,
  cwd: string,
  under: string,
  written: Set<string>,
  writer: Writer,
): void {
  const clashes: Diagnostic[] = [];
  for (const f of files) {
    const to = under + f.relativePath;
    if (written.has(to)) {
      clashes.push({
        file: relative(cwd, join(publicDir, f.relativePath)).split(sep).join("/"),
        rule: "public-clash",
        message: `the build writes ${to} itself; this file would replace it`,
        hint: "rename or move the file in public/",
      });
    } else {
      writer.copyFile(f.absolutePath, to);
      written.add(to);
    }
  }
  if (clashes.length) throw new ContentError(clashes);
}
