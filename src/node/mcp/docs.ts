/**
 * The docs as the assistant server sees them: the pages of the route manifest, grouped as the
 * sidebar groups them (llms.txt lists them that way, with their descriptions), each page's
 * Markdown for machines, and the not-found page's suggestions for an address that is no page.
 */
import { closest } from "../../shared/similar.ts";
import { movedTo, type MovedAnchors } from "../../shared/moved-anchors.ts";
import type { PageData, RouteManifest } from "../../shared/types.ts";
import { markdownPath, normalizeRoute, splitHash } from "../../shared/url.ts";
import { NotADocsSite, type DocsSource } from "./docs-source.ts";
import { ASSETS_FOLDER, LLMS_INDEX_FILE, MANIFEST_FILE } from "../../shared/output-layout.ts";
import { splitPage, type SplitPage } from "./page-sections.ts";

/** Suggestions for an unknown address: as many, and as close, as the not-found page's (docs/design.md §8). */
const MAX_SUGGESTIONS = 3;
const SUGGEST_THRESHOLD = 0.4;
/** Characters of an address compared for suggestions. */
const COMPARED_CHARS = 200;
const LLMS_GROUP_RE = /^## (.+)$/;
// The title is read up to its first unescaped `]` (llms.txt escapes the brackets of titles): a
// lazy `.+?` there tried every `](` of a line, quadratic on a long line a site could send.
const LLMS_PAGE_RE = /^- \[((?:\\.|[^\\\]])+)\]\((\S+?)\)(?:: (.*))?$/;

/** A page of the docs. */
export interface DocsPage {
  route: string;
  title: string;
  description: string;
  /** Where a reader opens it. */
  url: string;
  /** The sidebar group it is listed under (`Workflows › Quickstart`). */
  group: string;
}

/** A page read for an assistant: its Markdown cut into sections. */
export interface PageText extends DocsPage {
  markdown: string;
  /** ISO date of the last change of its source, when the build knew it. */
  lastUpdated?: string;
  split: SplitPage;
}

/** The docs of one build or site. */
export interface Docs {
  source: DocsSource;
  manifest: RouteManifest;
  pages: DocsPage[];
  byRoute: Map<string, DocsPage>;
}

/** Reads the route manifest and the page list; throws NotADocsSite when they are not there. */
export async function loadDocs(source: DocsSource): Promise<Docs> {
  const [manifestText, llms] = await Promise.all([
    source.read(MANIFEST_FILE),
    source.read(LLMS_INDEX_FILE),
  ]);
  const manifest = parseJson<RouteManifest>(manifestText);
  if (
    !isRecord(manifest?.pages) ||
    !isRecord(manifest.redirects) ||
    typeof manifest.search !== "string" ||
    !llms
  ) {
    throw new NotADocsSite(
      `no Brook docs at ${source.name}: ${MANIFEST_FILE} or ${LLMS_INDEX_FILE} is missing or unreadable`,
    );
  }
  // A site's manifest may map a route to anything: only text is a data file or a redirect's target.
  manifest.pages = onlyText(manifest.pages);
  manifest.redirects = onlyText(manifest.redirects);
  manifest.moved = wellFormedMoved(manifest.moved);
  const pages = parseLlmsIndex(llms, source.base).filter((p) => manifest.pages[p.route]);
  // Readers are sent to the site the docs were read from, else to where the build says they are published.
  for (const p of pages) p.url = (source.siteUrl ?? p.url) + p.route.slice(1);
  return { source, manifest, pages, byRoute: new Map(pages.map((p) => [p.route, p])) };
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

/** The manifest's tables of moved sections that have the shape the build writes; the others dropped. */
function wellFormedMoved(value: unknown): Record<string, MovedAnchors> {
  const tables: Record<string, MovedAnchors> = {};
  if (!isRecord(value)) return tables;
  const indexes = (v: unknown, count: number) =>
    isRecord(v) &&
    Object.values(v).every(
      (i) => Number.isInteger(i) && (i as number) >= 0 && (i as number) < count,
    );
  for (const [route, t] of Object.entries(value)) {
    if (!isRecord(t) || !Array.isArray(t.to) || !t.to.every((r) => typeof r === "string")) continue;
    if (!indexes(t.ids, t.to.length) || !indexes(t.prefixes, t.to.length)) continue;
    if (!indexes(t.sections, t.to.length)) continue;
    tables[route] = t as unknown as MovedAnchors;
  }
  return tables;
}

function onlyText(record: Record<string, unknown>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(record).filter((e): e is [string, string] => typeof e[1] === "string"),
  );
}

/** The pages of llms.txt, in the sidebar's order, with the group each is listed under. */
export function parseLlmsIndex(text: string, base: string): DocsPage[] {
  const pages: DocsPage[] = [];
  let group = "";
  for (const line of text.split("\n")) {
    const g = LLMS_GROUP_RE.exec(line);
    if (g) {
      group = g[1]!.trim();
      continue;
    }
    const m = LLMS_PAGE_RE.exec(line.trim());
    if (!m) continue;
    const route = routeOfMarkdownUrl(m[2]!, base);
    if (route)
      pages.push({
        route,
        title: m[1]!,
        description: m[3] ?? "",
        url: originOf(m[2]!) + base,
        group,
      });
  }
  return pages;
}

function originOf(url: string): string {
  try {
    return new URL(url).origin;
  } catch {
    return "";
  }
}

/** `https://host/docs/v2/api/rest.md` → `/api/rest/`; `…/index.md` → `/`. */
function routeOfMarkdownUrl(url: string, base: string): string | undefined {
  let path: string;
  try {
    path = new URL(url, "https://docs.invalid").pathname;
  } catch {
    return undefined;
  }
  if (!path.startsWith(base) || !path.endsWith(".md")) return undefined;
  const rel = path.slice(base.length, -3);
  return rel === "index" ? "/" : `/${rel}/`;
}

/**
 * The route a path or URL names: `/limits/`, `limits`, `/docs/v2/limits`, a full URL of the docs,
 * or the page's `.md`; a redirect is followed, and so is a section that moved to another page.
 * Undefined when it names no page. The anchor is the one asked for (`/limits/#memory`), else the
 * redirect's.
 */
export function routeOf(
  docs: Docs,
  pathOrUrl: string,
): { route?: string; asked: string; anchor: string } {
  let path = pathOrUrl.trim();
  let anchor = "";
  try {
    if (/^[a-z][a-z0-9+.-]*:/i.test(path)) {
      const url = new URL(path);
      path = url.pathname;
      anchor = url.hash.slice(1);
    }
  } catch {
    return { asked: path, anchor };
  }
  const split = splitHash(path.split("?")[0]!);
  path = split.route;
  anchor ||= split.hash;
  const base = docs.source.base;
  if (path.startsWith(base)) path = "/" + path.slice(base.length);
  else if (path === base.slice(0, -1)) path = "/";
  path = path.replace(/(\/index)?\.(md|html)$/, "");
  const route =
    path === "" || path === "/" ? "/" : normalizeRoute(path.startsWith("/") ? path : `/${path}`);
  const target =
    docs.manifest.redirects[route] ?? docs.manifest.redirects[route.replace(/\/$/, "")];
  // A section that moved to a page of its own (frontmatter moved_from) is answered from there.
  const moved = anchor ? movedTo(docs.manifest.moved?.[route], decoded(anchor)) : undefined;
  if (moved) {
    const there = docs.byRoute.has(moved.route) ? moved.route : undefined;
    return { route: there, asked: route, anchor: moved.keepHash ? decoded(anchor) : "" };
  }
  const final = target ? splitHash(target) : { route, hash: "" };
  return {
    route: docs.byRoute.has(final.route) ? final.route : undefined,
    asked: route,
    anchor: decoded(anchor || final.hash),
  };
}

/** An anchor as the page's ids write it (`%C3%A9t%C3%A9` is `été`); a malformed escape stays as written. */
function decoded(anchor: string): string {
  try {
    return decodeURIComponent(anchor);
  } catch {
    return anchor;
  }
}

/** Up to three pages whose route is most like an address that is no page (the not-found page's rule). */
export function suggestPages(docs: Docs, asked: string): DocsPage[] {
  const routes = docs.pages.map((p) => p.route);
  // No route is longer: a 50 KB request is compared by its start.
  const value = asked.slice(0, COMPARED_CHARS).toLowerCase();
  const near = closest(value, routes, MAX_SUGGESTIONS, SUGGEST_THRESHOLD);
  // A miss always names pages to try: the closest routes, however far.
  return (near.length ? near : closest(value, routes, MAX_SUGGESTIONS, 0)).map((r) =>
    docs.byRoute.get(r)!,
  );
}

/** Pages read in a session, by route (a site's files are read once; a folder's could change). */
const readPages = new WeakMap<Docs, Map<string, Promise<PageText | undefined>>>();
/** Pages kept at once: the real docs are 120; a site of thousands is read again past it. */
const MAX_KEPT_PAGES = 500;

/** A page's Markdown for machines, its sections and its last update (from its data file). */
export function readPage(docs: Docs, route: string): Promise<PageText | undefined> {
  let kept = readPages.get(docs);
  if (!kept) readPages.set(docs, (kept = new Map()));
  let page = kept.get(route);
  if (!page) {
    if (kept.size >= MAX_KEPT_PAGES) kept.clear();
    page = readPageNow(docs, route);
    kept.set(route, page);
    // A page that could not be read is asked for again next time.
    void page.then((p) => p === undefined && kept.delete(route));
  }
  return page;
}

async function readPageNow(docs: Docs, route: string): Promise<PageText | undefined> {
  const page = docs.byRoute.get(route);
  if (!page) return undefined;
  const dataFile = docs.manifest.pages[route];
  const [markdown, dataText] = await Promise.all([
    docs.source.read(markdownPath(docs.source.base, route).slice(docs.source.base.length)),
    dataFile ? docs.source.read(ASSETS_FOLDER + dataFile) : undefined,
  ]);
  if (markdown === undefined) return undefined;
  const data = parseJson<PageData>(dataText);
  const headers = Array.isArray(data?.headers)
    ? data.headers
        .filter((h) => typeof h?.slug === "string")
        .map((h) => ({ ...h, title: typeof h.title === "string" ? h.title : "" }))
    : [];
  const lastUpdated = typeof data?.lastUpdated?.iso === "string" ? data.lastUpdated.iso : undefined;
  return {
    ...page,
    markdown,
    split: splitPage(markdown, headers, page.title),
    ...(lastUpdated && { lastUpdated }),
  };
}

/** JSON text → value, or undefined. */
export function parseJson<T>(text: string | undefined): T | undefined {
  if (text === undefined) return undefined;
  try {
    return JSON.parse(text) as T;
  } catch {
    return undefined;
  }
}
