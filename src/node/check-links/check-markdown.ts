/**
 * Step 1b of check-links, Markdown for machines: the links of each page's `.md` and of llms.txt,
 * absolute to the site's origin (llms-full.txt repeats the pages' files). A problem the page's
 * HTML already showed at the same source place is not reported twice.
 */
import { routeToPath, pathToRoute } from "../../shared/url.ts";
import type { CheckContext } from "./check-context.ts";
import type { Place } from "./link-sources.ts";
import { pageProblem, type Problem } from "./page-problem.ts";
import { lineColumn } from "../../shared/text-lines.ts";
import { markdownRoute, scanMarkdown, type MarkdownUrl } from "./scan-markdown.ts";

/** Checks the links of every `.md` file and llms.txt under the base. */
export async function checkMarkdownLinks(ctx: CheckContext): Promise<void> {
  const { site, base, siteUrl } = ctx;
  for (const path of [...site.files].filter(
    (f) => (f.endsWith(".md") || f.endsWith("/llms.txt")) && f.startsWith(base),
  )) {
    const text = site.text(path)!;
    const route = markdownRoute(base, path);
    const pageUrl = siteUrl + (route === null ? path : routeToPath(base, route));
    for (const url of scanMarkdown(text, siteUrl)) {
      const checked = await checkMarkdownUrl(ctx, url, pageUrl);
      if (!checked) continue;
      const { problem, href } = checked;
      const place: Place = (route !== null &&
        ctx.sources?.markdownLinkPlace(route, href, pageUrl)) || {
        file: ctx.builtFile(path),
        ...lineColumn(text, url.offset),
        source: false,
      };
      if (place.source && ctx.report.has(place, problem.rule)) continue;
      ctx.report.add(place, problem.rule, problem.message);
    }
  }
}

/** The problem of one link of a `.md` file (with its absolute URL), or undefined when sound or not ours. */
async function checkMarkdownUrl(
  ctx: CheckContext,
  url: MarkdownUrl,
  pageUrl: string,
): Promise<{ problem: Problem; href: string } | undefined> {
  const { siteUrl, base } = ctx;
  // An absolute URL found sound on one page is sound on every page.
  const soundKey = url.value.startsWith(siteUrl + "/")
    ? `md\0${url.kind}\0${url.value}`
    : undefined;
  const known = soundKey === undefined ? undefined : ctx.sound.get(soundKey);
  if (known) return void ctx.checked.add(url.value, known.kind);
  let parsed: URL;
  try {
    parsed = new URL(url.value, pageUrl);
  } catch {
    return undefined;
  }
  // Other origins were checked on the HTML pages, which hold the same links.
  if (parsed.origin !== siteUrl || pathToRoute(base, parsed.pathname) === null) return undefined;
  const internal = parsed.pathname + parsed.search + parsed.hash;
  const kind = url.kind === "image" ? "asset" : "page";
  ctx.checked.add(url.value, kind);
  const landing = await ctx.site.land(internal);
  let problem: Problem | undefined;
  if (url.kind === "image" || (landing.ok && !landing.file.endsWith(".html"))) {
    if (!landing.ok)
      problem = {
        rule: "broken-asset",
        message: `${url.kind} ${url.value}: no such file in the build`,
      };
  } else problem = pageProblem(ctx, url.value, internal, landing);
  if (problem) return { problem, href: parsed.href };
  if (soundKey !== undefined) ctx.sound.set(soundKey, { path: internal, kind });
  return undefined;
}
