/**
 * Step 1 of check-links: every URL of every HTML file. In-page `#fragments` against the page's
 * ids; links into the build through the URL rules to a file (a page for `a`, `area`, canonical),
 * with the anchor they name; external URLs for form, and kept for `--external`.
 */
import { pathToRoute } from "../../shared/url.ts";
import { propose } from "../../shared/similar.ts";
import type { Landing } from "./built-site.ts";
import { safeDecode, type CheckContext } from "./check-context.ts";
import type { Place } from "./link-sources.ts";
import { pageProblem } from "./page-problem.ts";
import { lineColumn } from "../../shared/text-lines.ts";
import type { HtmlUrl, ScannedHtml } from "./scan-html.ts";
import { SitePaths } from "./site-paths.ts";

/** External https URLs and the places that link them, asked about after the scan (`--external`). */
export type ExternalLinks = Map<string, (() => Place)[]>;

const SCHEME_RE = /^([a-z][a-z0-9+.-]*):/i;
const PAGE_TAGS = new Set(["a", "area"]);

/** One HTML file being checked. */
interface HtmlFile {
  path: string;
  scan: ScannedHtml;
  /** Where to report a URL of this file: its Markdown source, or the built file. */
  placeOf(url: HtmlUrl): Place;
  /** A relative URL's site path against this file. */
  resolve(value: string): string;
}

/** Checks the URLs of every HTML file; returns how many pages (not redirect stubs) it read. */
export async function checkHtmlLinks(
  ctx: CheckContext,
  externals?: ExternalLinks,
): Promise<number> {
  let pages = 0;
  const resolved = new SitePaths();
  for (const [path, { text, scan }] of ctx.site.html) {
    if (!scan.refresh) pages++;
    const route = pathToRoute(ctx.base, path.replace(/index\.html$/, ""));
    const file: HtmlFile = {
      path,
      scan,
      resolve: (value) => resolved.resolve(value, path),
      placeOf: (url) =>
        (route !== null && !scan.refresh && ctx.sources?.linkPlace(route, url.value)) || {
          file: ctx.builtFile(path),
          ...lineColumn(text, url.offset),
          source: false,
        },
    };
    for (const url of scan.urls) {
      // A stub's own target is checked with the redirects.
      if (!url.value.trim() || (scan.refresh && url.value === scan.refresh.url)) continue;
      // Most links landed before (the same header and sidebar on every page): no await for them.
      const pending = checkUrl(ctx, file, url, externals);
      if (pending) await pending;
    }
  }
  return pages;
}

/** Checks one URL; returns a promise only when where it lands is not known yet. */
function checkUrl(
  ctx: CheckContext,
  file: HtmlFile,
  url: HtmlUrl,
  externals?: ExternalLinks,
): Promise<void> | undefined {
  const value = url.value.trim();
  const isPageLink = PAGE_TAGS.has(url.tag) || url.rel === "canonical" || url.attr === "data-to";
  const soundKey =
    value[0] === "/" && value[1] !== "/"
      ? `${url.tag}\0${url.attr}\0${url.rel ?? ""}\0${value}`
      : undefined;
  const known = soundKey === undefined ? undefined : ctx.sound.get(soundKey);
  if (known) return void ctx.checked.add(known.path, known.kind);
  ctx.checked.addFromHtml(value, file.resolve, isPageLink, { origin: ctx.siteUrl, base: ctx.base });
  if (value.startsWith("#")) return void checkFragment(ctx, file, url, value);
  const internal = internalPath(ctx, file, url, value, externals);
  if (internal === undefined) return;
  const link: InternalLink = { value, internal, isPageLink, soundKey };
  const landed = ctx.site.landed(internal);
  if (landed) return void checkLanding(ctx, file, url, link, landed);
  return ctx.site.land(internal).then((landing) => checkLanding(ctx, file, url, link, landing));
}

/** A URL into the build, with what decides whether it is sound. */
interface InternalLink {
  value: string;
  internal: string;
  isPageLink: boolean;
  soundKey: string | undefined;
}

/** Judges where an internal link landed: a page (with its anchor) for page links, a file for the rest. */
function checkLanding(
  ctx: CheckContext,
  file: HtmlFile,
  url: HtmlUrl,
  link: InternalLink,
  landing: Landing,
): void {
  const { value, internal, isPageLink, soundKey } = link;
  const place = () => file.placeOf(url);
  const rememberSound = () =>
    soundKey !== undefined &&
    ctx.sound.set(soundKey, { path: internal, kind: isPageLink ? "page" : "asset" });
  if (isPageLink && (!landing.ok || !landing.file.endsWith(".html"))) {
    const problem = landing.ok
      ? {
          rule: "broken-link",
          message: `link to ${value} is a ${landing.file.slice(landing.file.lastIndexOf(".") + 1)} file, not a page`,
        }
      : pageProblem(ctx, value, internal, landing);
    if (problem && !(landing.ok && PAGE_TAGS.has(url.tag)))
      ctx.report.add(place(), problem.rule, problem.message, value);
    return;
  }
  if (!landing.ok) {
    const what = url.tag === "img" ? "image" : `${url.tag} ${url.rel ?? url.attr}`;
    return void ctx.report.add(
      place(),
      "broken-asset",
      `${what} ${value}: no such file in the build`,
      value,
    );
  }
  if (!isPageLink) return void rememberSound();
  const problem = pageProblem(ctx, value, internal, landing);
  if (problem) ctx.report.add(place(), problem.rule, problem.message, value);
  else if (url.rel === "canonical" && landing.redirects > 0)
    ctx.report.add(
      place(),
      "broken-link",
      `canonical link ${value} redirects; point it at the page itself`,
    );
  else rememberSound();
}

/** An in-page `#fragment`: an id of this page (`#top` always works). */
function checkFragment(ctx: CheckContext, file: HtmlFile, url: HtmlUrl, value: string) {
  const id = safeDecode(value.slice(1));
  if (!id || id === "top" || file.scan.ids.has(id)) return;
  const guess = propose(id, file.scan.ids, 0.5);
  ctx.report.add(
    file.placeOf(url),
    "broken-anchor",
    `link to ${value}: this page has no id #${id}${guess ? `; did you mean #${guess}?` : ""}`,
    value,
  );
}

/**
 * The site path a URL names in the build, or undefined when it leads elsewhere: then its form is
 * checked here (protocol-relative, `javascript:`, `http:`, other schemes, no domain), and a sound
 * https URL is kept for `--external`.
 */
function internalPath(
  ctx: CheckContext,
  file: HtmlFile,
  url: HtmlUrl,
  value: string,
  externals?: ExternalLinks,
): string | undefined {
  const scheme = SCHEME_RE.exec(value)?.[1]?.toLowerCase();
  const report = (message: string) => ctx.report.add(file.placeOf(url), "external-link", message);
  if (value.startsWith("//"))
    return void report(`link to ${value} is protocol-relative; write https://`);
  if (!scheme) return file.resolve(value);
  if (scheme === "mailto" || scheme === "tel" || scheme === "data") return undefined;
  if (scheme === "javascript")
    return void report(
      `link to ${value.slice(0, 40)} runs script; the site's CSP blocks javascript: URLs`,
    );
  let parsed: URL;
  try {
    parsed = new URL(value);
  } catch {
    return void report(`link to ${value} is not a valid URL`);
  }
  // The site's origin serves more than the docs (the web app): only paths under the base are ours.
  if (parsed.origin === ctx.siteUrl && pathToRoute(ctx.base, parsed.pathname) !== null)
    return parsed.pathname + parsed.search + parsed.hash;
  if (scheme === "http") report(`link to ${value} uses http:; use https://`);
  else if (scheme !== "https") report(`link to ${value} uses the ${scheme}: scheme`);
  else if (!parsed.hostname.includes(".")) report(`link to ${value} has no domain`);
  // Places are looked up only for the links found dead, in document order.
  else externals?.set(value, [...(externals.get(value) ?? []), () => file.placeOf(url)]);
  return undefined;
}
