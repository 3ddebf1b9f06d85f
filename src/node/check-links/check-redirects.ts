/**
 * Step 2 of check-links: every redirect (the stub pages' meta refresh, the `_redirects` rules, the
 * client's table in each route manifest) lands on a page, in one hop, with the anchor it names;
 * each broken redirect is reported once; so does each section the manifest says moved. The manifest's data files and search index exist.
 */
import { propose } from "../../shared/similar.ts";
import { normalizeRoute, pathToRoute } from "../../shared/url.ts";
import { asRoute, guessRoute, safeDecode, type CheckContext } from "./check-context.ts";
import type { Place } from "./link-sources.ts";
import { lineColumn } from "../../shared/text-lines.ts";
import { manifestFiles } from "./site-facts.ts";
import { assetUrl } from "../../shared/output-layout.ts";
import type { MovedAnchors } from "../../shared/moved-anchors.ts";
import { checkMovedSections } from "./check-moved.ts";

/** Checks every redirect of the build and the files each route manifest names. */
export async function checkRedirects(ctx: CheckContext): Promise<void> {
  const check = redirectChecker(ctx);
  for (const [path, { text, scan }] of ctx.site.html) {
    if (scan.refresh)
      await check(path.replace(/index\.html$/, ""), scan.refresh.url, {
        file: ctx.builtFile(path),
        ...lineColumn(text, scan.refresh.offset),
        source: false,
      });
  }
  // Only the host's real redirects: rewrites (200, 404) and patterns name no single page.
  for (const rule of ctx.site.redirects.rules) {
    if (!/^30\d$/.test(String(rule.status)) || rule.from.includes("*") || rule.from.includes(":"))
      continue;
    await check(rule.from, rule.to, {
      file: ctx.builtFile("/_redirects"),
      line: rule.line,
      column: rule.column,
      source: false,
    });
  }
  for (const manifestPath of manifestFiles(ctx.site)) await checkManifest(ctx, manifestPath, check);
}

type RedirectCheck = (fromPath: string, to: string, fallback: Place) => Promise<void>;

/** Checks one redirect, reported at its config line when the link map knows it; each once. */
function redirectChecker(ctx: CheckContext): RedirectCheck {
  const seen = new Set<string>();
  return async (fromPath, to, fallback) => {
    const under = pathToRoute(ctx.base, fromPath);
    const route = under === null ? null : normalizeRoute(under);
    const key = `${route ?? fromPath}\0${to}`;
    if (seen.has(key)) return;
    seen.add(key);
    ctx.checked.add(to, "redirect");
    const message = await redirectProblem(ctx, fromPath, to);
    if (message)
      ctx.report.add(
        (route !== null && ctx.sources?.redirectPlace(route)) || fallback,
        "broken-redirect",
        message,
      );
  };
}

/** Why the redirect from `fromPath` to `to` is broken, or undefined. */
async function redirectProblem(
  ctx: CheckContext,
  fromPath: string,
  to: string,
): Promise<string | undefined> {
  const target = new URL(to, "http://site.invalid" + fromPath);
  // One hop: the target itself must be a page, not a path that redirects again.
  const landing = await ctx.site.land(target.pathname + target.search + target.hash, 0);
  const slash = fromPath.endsWith(".html") ? "" : "/";
  const what = `redirect ${asRoute(ctx, fromPath).replace(/(?<=[^/])$/, slash)} → ${asRoute(ctx, to)}`;
  if (!landing.ok && landing.why === "too-many-redirects")
    return `${what}: the target redirects again; point it at the final page`;
  if (!landing.ok || !landing.file.endsWith(".html")) {
    const guess = guessRoute(ctx, target.pathname);
    return `${what}: no such page${guess ? `; did you mean ${guess}?` : ""}`;
  }
  if (landing.html?.refresh)
    return `${what}: the target is another redirect (to ${landing.html.refresh.url}); point it at the final page`;
  const hash = safeDecode(landing.hash);
  if (!hash || !landing.html || landing.html.ids.has(hash)) return undefined;
  const guess = propose(hash, landing.html.ids, 0.5);
  return `${what}: the page has no heading #${hash}${guess ? `; did you mean #${guess}?` : ""}`;
}

/** The route manifest: its data files and search index exist, its redirects land. */
async function checkManifest(ctx: CheckContext, manifestPath: string, check: RedirectCheck) {
  const { site, base } = ctx;
  const manifest = JSON.parse(site.text(manifestPath)!) as {
    pages: Record<string, string>;
    redirects: Record<string, string>;
    search: string;
    moved?: Record<string, MovedAnchors>;
  };
  const place: Place = { file: ctx.builtFile(manifestPath), source: false };
  // The manifest sits under the base; the files it names, in the assets folder.
  const assets = assetUrl(base, "");
  for (const [route, file] of Object.entries(manifest.pages)) {
    ctx.checked.add(assets + file, "asset");
    if (!site.files.has(assets + file))
      ctx.report.add(
        place,
        "broken-asset",
        `the manifest's data file ${file} of ${route} is not in the build`,
      );
  }
  ctx.checked.add(assets + manifest.search, "asset");
  if (!site.files.has(assets + manifest.search))
    ctx.report.add(
      place,
      "broken-asset",
      `the manifest's search index ${manifest.search} is not in the build`,
    );
  const root = base.replace(/\/$/, "");
  for (const [from, to] of Object.entries(manifest.redirects))
    await check(root + from, root + to, { file: ctx.builtFile(manifestPath), source: false });
  if (manifest.moved) await checkMovedSections(ctx, manifest.moved, place);
}
