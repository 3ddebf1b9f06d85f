/**
 * `brook-docs check-links [DIR]`: checks a finished build. Every internal href and src lands on a
 * file after the URL rules, every #fragment on an id of the target page, every redirect (stub,
 * `_redirects`, the client's table) on a page in one hop, every sitemap URL on a page; external
 * links are checked for form only, and with `external` on the network too. Problems point at
 * the Markdown (or config) source.
 */
import { join, relative, resolve } from "node:path";
import type { Diagnostic } from "../errors.ts";
import { checkLink, type LinkTargets } from "../site/links.ts";
import { propose } from "../shared/similar.ts";
import { normalizeRoute, pathToRoute, routeToPath } from "../shared/url.ts";
import { BuiltSite, type Landing } from "./built-site.ts";
import { CheckedLinks, type CheckedLink, type LinkKind } from "./checked-links.ts";
import { checkExternalLinks, type ExternalOptions } from "./external.ts";
import { lineColumn, type HtmlUrl } from "./scan-html.ts";
import { LinkSources, type Place } from "./link-sources.ts";
import { markdownRoute, scanMarkdown } from "./scan-markdown.ts";
import { SitePaths } from "./site-paths.ts";
import { assetUrl } from "../shared/output-layout.ts";

/** Options of `checkBuild`. */
export interface CheckOptions {
  /** The build folder (web root); its link map beside it names the Markdown file and line of each link. */
  dir: string;
  /** @default process.cwd() */
  cwd?: string;
  /** Also ask the servers of external https links (`--external`); off: form only, no network. @default false */
  external?: boolean | ExternalOptions;
}

/** What check-links found. */
export interface CheckReport {
  problems: Diagnostic[];
  /** URLs checked. */
  checked: number;
  /** HTML pages read (redirect stubs not counted). */
  pages: number;
  /** Each distinct link checked, with how often it occurs. */
  links: CheckedLink[];
}

const HINTS: Record<string, string> = {
  "broken-link": "fix the link, or add a redirect under `redirects` in site.config.ts",
  "broken-anchor": "anchors are heading slugs: lower case, spaces as '-', punctuation dropped",
  "broken-asset":
    "the file is not in the build: check the path (files in public/ are copied under the base)",
  "broken-redirect": "point the redirect at an existing page and heading, in one hop",
  "broken-sitemap": "the sitemap lists the pages of the build: rebuild, and report it if it stays",
  "external-link": "external links are absolute https:// URLs",
  "broken-external":
    "fix or remove the link; a site that turns link checkers away can be checked in a browser",
};
const SCHEME_RE = /^([a-z][a-z0-9+.-]*):/i;
const PAGE_TAGS = new Set(["a", "area"]);

/** Checks the build in `dir`; never throws for a broken link, only for a missing folder or a content error. */
export async function checkBuild(options: CheckOptions): Promise<CheckReport> {
  const cwd = resolve(options.cwd ?? process.cwd());
  const site = new BuiltSite(resolve(cwd, options.dir));
  const sources = LinkSources.load(site.root);
  const base = sources?.base ?? detectBase(site);
  const siteUrl = sources?.siteUrl ?? detectSiteUrl(site);
  const builtFile = (path: string) => relative(cwd, join(site.root, path)).split("\\").join("/");
  const problems: Diagnostic[] = [];
  // Problems from templates repeat on every page: one report each, with a count.
  const repeated = new Map<string, { d: Diagnostic; files: Set<string> }>();
  const checkedLinks = new CheckedLinks();
  // With `external`: each https URL and the places that link it, asked about after the scan.
  const externals = options.external ? new Map<string, (() => Place)[]>() : undefined;

  const targets = linkTargets(site, base);
  // Writers write routes (`/limits/`): suggestions and redirect targets are shown that way.
  const asRoute = (path: string) => pathToRoute(base, path) ?? path;
  const guessRoute = (path: string) => {
    const route = pathToRoute(base, path.split("#")[0]!.split("?")[0]!);
    return route === null ? undefined : propose(normalizeRoute(route), targets.pages.keys());
  };
  const report = (place: Place, rule: string, text: string, value?: string) => {
    // Name the link as the writer wrote it (`/limits/`), not as built (`/docs/v2/limits/`).
    const message = value && place.written ? text.replace(value, place.written) : text;
    const d: Diagnostic = {
      file: place.file,
      line: place.line,
      column: place.column,
      message,
      rule,
      hint: HINTS[rule],
    };
    if (place.source) return void problems.push(d);
    const key = `${rule}\0${message}`;
    const seen = repeated.get(key);
    if (seen) seen.files.add(place.file);
    else repeated.set(key, { d, files: new Set([place.file]) });
  };

  /** Why a page link's landing is broken, with "did you mean", or undefined. */
  const pageProblem = (
    value: string,
    path: string,
    landing: Landing,
  ): { rule: string; message: string } | undefined => {
    if (!landing.ok) {
      const from = checkLink(path, targets);
      if (from && from.rule === "broken-link")
        return {
          rule: from.rule,
          message: from.message.replace(`link to ${path}`, `link to ${value}`),
        };
      const guess = guessRoute(path);
      return {
        rule: "broken-link",
        message: `link to ${value} ${landing.why === "too-many-redirects" ? "redirects in a loop" : "matches no page"}${guess ? `; did you mean ${guess}?` : ""}`,
      };
    }
    const hash = safeDecode(landing.hash);
    if (!hash || hash === "top" || !landing.html || landing.html.ids.has(hash)) return undefined;
    const from = checkLink(path, targets);
    if (from && from.rule === "broken-anchor")
      return {
        rule: from.rule,
        message: from.message.replace(`link to ${path}`, `link to ${value}`),
      };
    const guess = propose(hash, landing.html.ids, 0.5);
    return {
      rule: "broken-anchor",
      message: `link to ${value}: ${landing.file} has no id #${hash}${guess ? `; did you mean #${guess}?` : ""}`,
    };
  };

  // 1. Every URL of every HTML file.
  let pages = 0;
  const resolved = new SitePaths();
  // Site-path links found sound, by all that decides it: the header and sidebar repeat the same
  // links on every page, and a sound one is only counted again.
  const sound = new Map<string, { path: string; kind: LinkKind }>();
  for (const [path, { text, scan }] of site.html) {
    if (!scan.refresh) pages++;
    const resolve = (value: string) => resolved.resolve(value, path);
    const route = pathToRoute(base, path.replace(/index\.html$/, ""));
    const placeOf = (url: HtmlUrl): Place =>
      (route !== null && !scan.refresh && sources?.linkPlace(route, url.value)) || {
        file: builtFile(path),
        ...lineColumn(text, url.offset),
        source: false,
      };
    for (const url of scan.urls) {
      const value = url.value.trim();
      // A stub's own target is checked with the redirects below.
      if (!value || (scan.refresh && url.value === scan.refresh.url)) continue;
      const isPageLink =
        PAGE_TAGS.has(url.tag) || url.rel === "canonical" || url.attr === "data-to";
      const soundKey =
        value[0] === "/" && value[1] !== "/"
          ? `${url.tag}\0${url.attr}\0${url.rel ?? ""}\0${value}`
          : undefined;
      const known = soundKey === undefined ? undefined : sound.get(soundKey);
      if (known) {
        checkedLinks.add(known.path, known.kind);
        continue;
      }
      checkedLinks.addFromHtml(value, resolve, isPageLink, { origin: siteUrl, base });
      const scheme = SCHEME_RE.exec(value)?.[1]?.toLowerCase();
      if (value.startsWith("#")) {
        const id = safeDecode(value.slice(1));
        if (id && id !== "top" && !scan.ids.has(id)) {
          const guess = propose(id, scan.ids, 0.5);
          report(
            placeOf(url),
            "broken-anchor",
            `link to ${value}: this page has no id #${id}${guess ? `; did you mean #${guess}?` : ""}`,
            value,
          );
        }
        continue;
      }
      let internal: string | undefined;
      if (value.startsWith("//")) {
        report(
          placeOf(url),
          "external-link",
          `link to ${value} is protocol-relative; write https://`,
        );
        continue;
      } else if (scheme) {
        if (scheme === "mailto" || scheme === "tel" || scheme === "data") continue;
        if (scheme === "javascript") {
          report(
            placeOf(url),
            "external-link",
            `link to ${value.slice(0, 40)} runs script; the site's CSP blocks javascript: URLs`,
          );
          continue;
        }
        let parsed: URL;
        try {
          parsed = new URL(value);
        } catch {
          report(placeOf(url), "external-link", `link to ${value} is not a valid URL`);
          continue;
        }
        // The site's origin serves more than the docs (the web app): only paths under the base are ours.
        if (parsed.origin === siteUrl && pathToRoute(base, parsed.pathname) !== null)
          internal = parsed.pathname + parsed.search + parsed.hash;
        else {
          if (scheme === "http")
            report(placeOf(url), "external-link", `link to ${value} uses http:; use https://`);
          else if (scheme !== "https")
            report(placeOf(url), "external-link", `link to ${value} uses the ${scheme}: scheme`);
          else if (!parsed.hostname.includes("."))
            report(placeOf(url), "external-link", `link to ${value} has no domain`);
          // Places are looked up only for the links found dead, in document order.
          else externals?.set(value, [...(externals.get(value) ?? []), () => placeOf(url)]);
          continue;
        }
      } else internal = resolve(value);
      const landing = site.landed(internal) ?? (await site.land(internal));
      const rememberSound = () =>
        soundKey !== undefined &&
        sound.set(soundKey, { path: internal, kind: isPageLink ? "page" : "asset" });
      if (isPageLink && (!landing.ok || !landing.file.endsWith(".html"))) {
        const problem = landing.ok
          ? {
              rule: "broken-link",
              message: `link to ${value} is a ${landing.file.slice(landing.file.lastIndexOf(".") + 1)} file, not a page`,
            }
          : pageProblem(value, internal, landing);
        if (problem && !(landing.ok && PAGE_TAGS.has(url.tag)))
          report(placeOf(url), problem.rule, problem.message, value);
        continue;
      }
      if (!landing.ok) {
        report(
          placeOf(url),
          "broken-asset",
          `${url.tag === "img" ? "image" : `${url.tag} ${url.rel ?? url.attr}`} ${value}: no such file in the build`,
          value,
        );
        continue;
      }
      if (isPageLink) {
        const problem = pageProblem(value, internal, landing);
        if (problem) report(placeOf(url), problem.rule, problem.message, value);
        else if (url.rel === "canonical" && landing.redirects > 0)
          report(
            placeOf(url),
            "broken-link",
            `canonical link ${value} redirects; point it at the page itself`,
          );
        else rememberSound();
      } else rememberSound();
    }
  }

  // 1b. Markdown for machines: the links of each page's `.md` and of llms.txt, absolute to the
  // site's origin (llms-full.txt repeats the pages' files). A problem the page's HTML already
  // showed at the same source place is not reported twice.
  for (const path of [...site.files].filter(
    (f) => (f.endsWith(".md") || f.endsWith("/llms.txt")) && f.startsWith(base),
  )) {
    const text = site.text(path)!;
    const route = markdownRoute(base, path);
    const pageUrl = siteUrl + (route === null ? path : routeToPath(base, route));
    for (const url of scanMarkdown(text, siteUrl)) {
      // An absolute URL found sound on one page is sound on every page.
      const soundKey = url.value.startsWith(siteUrl + "/")
        ? `md\0${url.kind}\0${url.value}`
        : undefined;
      const known = soundKey === undefined ? undefined : sound.get(soundKey);
      if (known) {
        checkedLinks.add(url.value, known.kind);
        continue;
      }
      let parsed: URL;
      try {
        parsed = new URL(url.value, pageUrl);
      } catch {
        continue;
      }
      // Other origins were checked on the HTML pages, which hold the same links.
      if (parsed.origin !== siteUrl || pathToRoute(base, parsed.pathname) === null) continue;
      const internal = parsed.pathname + parsed.search + parsed.hash;
      checkedLinks.add(url.value, url.kind === "image" ? "asset" : "page");
      const landing = await site.land(internal);
      let problem: { rule: string; message: string } | undefined;
      if (url.kind === "image" || (landing.ok && !landing.file.endsWith(".html"))) {
        if (!landing.ok)
          problem = {
            rule: "broken-asset",
            message: `${url.kind} ${url.value}: no such file in the build`,
          };
      } else problem = pageProblem(url.value, internal, landing);
      if (!problem) {
        if (soundKey !== undefined)
          sound.set(soundKey, { path: internal, kind: url.kind === "image" ? "asset" : "page" });
        continue;
      }
      const place = (route !== null && sources?.markdownLinkPlace(route, parsed.href, pageUrl)) || {
        file: builtFile(path),
        ...lineColumn(text, url.offset),
        source: false,
      };
      if (
        place.source &&
        problems.some(
          (d) =>
            d.file === place.file &&
            d.line === place.line &&
            d.column === place.column &&
            d.rule === problem.rule,
        )
      )
        continue;
      report(place, problem.rule, problem.message);
    }
  }

  // 2. Redirects: stubs (meta refresh), `_redirects` lines, the client's table. Each lands on a
  // page with the anchor, in one hop; each broken redirect is reported once.
  const redirectSeen = new Set<string>();
  const checkRedirect = async (fromPath: string, to: string, fallback: Place) => {
    const under = pathToRoute(base, fromPath);
    const route = under === null ? null : normalizeRoute(under);
    const key = `${route ?? fromPath}\0${to}`;
    if (redirectSeen.has(key)) return;
    redirectSeen.add(key);
    checkedLinks.add(to, "redirect");
    const target = new URL(to, "http://site.invalid" + fromPath);
    // One hop: the target itself must be a page, not a path that redirects again.
    const landing = await site.land(target.pathname + target.search + target.hash, 0);
    const what = `redirect ${asRoute(fromPath).replace(/(?<=[^/])$/, fromPath.endsWith(".html") ? "" : "/")} → ${asRoute(to)}`;
    let message: string | undefined;
    if (!landing.ok && landing.why === "too-many-redirects")
      message = `${what}: the target redirects again; point it at the final page`;
    else if (!landing.ok || !landing.file.endsWith(".html")) {
      const guess = guessRoute(target.pathname);
      message = `${what}: no such page${guess ? `; did you mean ${guess}?` : ""}`;
    } else if (landing.html?.refresh)
      message = `${what}: the target is another redirect (to ${landing.html.refresh.url}); point it at the final page`;
    else {
      const hash = safeDecode(landing.hash);
      if (hash && landing.html && !landing.html.ids.has(hash)) {
        const guess = propose(hash, landing.html.ids, 0.5);
        message = `${what}: the page has no heading #${hash}${guess ? `; did you mean #${guess}?` : ""}`;
      }
    }
    if (message)
      report(
        (route !== null && sources?.redirectPlace(route)) || fallback,
        "broken-redirect",
        message,
      );
  };
  for (const [path, { text, scan }] of site.html) {
    if (scan.refresh)
      await checkRedirect(path.replace(/index\.html$/, ""), scan.refresh.url, {
        file: builtFile(path),
        ...lineColumn(text, scan.refresh.offset),
        source: false,
      });
  }
  let lineNo = 0;
  for (const line of site.redirectsText.split("\n")) {
    lineNo++;
    const [from, to, status] = line.trim().split(/\s+/);
    if (
      !from ||
      !to ||
      from.startsWith("#") ||
      (status && !/^30\d$/.test(status)) ||
      from.includes("*") ||
      from.includes(":")
    )
      continue;
    await checkRedirect(from, to, {
      file: builtFile("/_redirects"),
      line: lineNo,
      column: line.indexOf(to) + 1,
      source: false,
    });
  }
  for (const manifestPath of manifestFiles(site)) {
    const manifest = JSON.parse(site.text(manifestPath)!) as {
      pages: Record<string, string>;
      redirects: Record<string, string>;
      search: string;
    };
    // The manifest sits under the base; the files it names, in the assets folder.
    const assets = assetUrl(base, "");
    for (const [route, file] of Object.entries(manifest.pages)) {
      checkedLinks.add(assets + file, "asset");
      if (!site.files.has(assets + file))
        report(
          { file: builtFile(manifestPath), source: false },
          "broken-asset",
          `the manifest's data file ${file} of ${route} is not in the build`,
        );
    }
    checkedLinks.add(assets + manifest.search, "asset");
    if (!site.files.has(assets + manifest.search))
      report(
        { file: builtFile(manifestPath), source: false },
        "broken-asset",
        `the manifest's search index ${manifest.search} is not in the build`,
      );
    for (const [from, to] of Object.entries(manifest.redirects)) {
      const path = base.replace(/\/$/, "") + from;
      await checkRedirect(path, base.replace(/\/$/, "") + to, {
        file: builtFile(manifestPath),
        source: false,
      });
    }
  }

  // 3. The sitemap and robots.txt.
  for (const sitemap of [...site.files].filter((f) => f.endsWith("sitemap.xml"))) {
    const text = site.text(sitemap)!;
    for (const m of text.matchAll(/<loc>([^<]*)<\/loc>/g)) {
      const loc = m[1]!.trim();
      checkedLinks.add(loc, "sitemap");
      const place: Place = {
        file: builtFile(sitemap),
        ...lineColumn(text, m.index + 5),
        source: false,
      };
      let parsed: URL | undefined;
      try {
        parsed = new URL(loc);
      } catch {
        parsed = undefined;
      }
      if (!parsed || parsed.origin !== siteUrl) {
        report(place, "broken-sitemap", `sitemap URL ${loc} is not on ${siteUrl}`);
        continue;
      }
      const landing = await site.land(parsed.pathname, 0);
      if (
        !landing.ok ||
        !landing.file.endsWith(".html") ||
        landing.html?.refresh ||
        landing.html?.boot?.page?.layout === "not-found"
      ) {
        report(place, "broken-sitemap", `sitemap URL ${loc} is not a page of the build`);
      }
    }
  }
  const robots = site.text("/robots.txt");
  if (robots) {
    for (const m of robots.matchAll(/^Sitemap:\s*(\S+)/gim)) {
      checkedLinks.add(m[1]!, "sitemap");
      const url = new URL(m[1]!);
      if (url.origin !== siteUrl || !site.files.has(url.pathname)) {
        report(
          { file: builtFile("/robots.txt"), ...lineColumn(robots, m.index), source: false },
          "broken-sitemap",
          `robots.txt names ${m[1]}, which is not in the build`,
        );
      }
    }
  }

  // 4. With `external`: the servers of external links, each asked once.
  if (externals?.size) {
    const results = await checkExternalLinks(
      externals.keys(),
      typeof options.external === "object" ? options.external : {},
    );
    for (const [url, places] of externals) {
      const r = results.get(url)!;
      checkedLinks.setStatus(url, r.status);
      if (!r.ok)
        for (const place of places)
          report(place(), "broken-external", `link to ${url} ${r.reason}`, url);
    }
  }

  for (const { d, files } of repeated.values()) {
    const more = files.size - 1;
    problems.push(
      more
        ? { ...d, message: `${d.message} (and in ${more} more file${more === 1 ? "" : "s"})` }
        : d,
    );
  }
  problems.sort(
    (a, b) =>
      a.file.localeCompare(b.file) ||
      (a.line ?? 0) - (b.line ?? 0) ||
      (a.column ?? 0) - (b.column ?? 0),
  );
  return { problems, checked: checkedLinks.total, pages, links: checkedLinks.list() };
}

function safeDecode(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

/** What checkLink (src/site/links.ts) needs, from the build: page routes with their ids, redirects, files. */
function linkTargets(site: BuiltSite, base: string): LinkTargets {
  const t: LinkTargets = { base, pages: new Map(), redirects: new Map(), files: new Set() };
  for (const [path, { scan }] of site.html) {
    const route = path.endsWith("/index.html")
      ? pathToRoute(base, path.slice(0, -"index.html".length))
      : null;
    if (route === null) continue;
    if (scan.refresh) {
      const to = pathToRoute(base, scan.refresh.url.split("#")[0]!);
      if (to !== null)
        t.redirects.set(
          route,
          to +
            (scan.refresh.url.includes("#")
              ? scan.refresh.url.slice(scan.refresh.url.indexOf("#"))
              : ""),
        );
    } else t.pages.set(route, scan.ids);
  }
  for (const f of site.files) {
    const route = pathToRoute(base, f);
    if (route !== null && !f.endsWith(".html")) t.files.add(route);
  }
  return t;
}

function manifestFiles(site: BuiltSite): string[] {
  const named = new Set<string>();
  for (const { scan } of site.html.values())
    if (scan.boot?.manifestFile) named.add(scan.boot.manifestFile);
  return [...named].filter((f) => site.files.has(f));
}

/** The base path, when the build left no link map: where the route manifest is. */
function detectBase(site: BuiltSite): string {
  for (const f of site.files) {
    const m = /^(.*\/)routes\.json$/.exec(f);
    if (m && site.files.has(`${m[1]}404.html`)) return m[1]!;
  }
  return "/";
}

/** The site's origin, when no config is at hand: from the canonical links. */
function detectSiteUrl(site: BuiltSite): string {
  for (const { scan } of site.html.values()) {
    const canonical = scan.urls.find((u) => u.rel === "canonical");
    if (canonical) {
      try {
        return new URL(canonical.value).origin;
      } catch {
        // try the next page
      }
    }
  }
  return "https://site.invalid";
}
