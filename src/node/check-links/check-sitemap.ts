/** Step 3 of check-links: every URL of the sitemap is a page of the build, and robots.txt names the sitemap. */
import type { CheckContext } from "./check-context.ts";
import type { Place } from "./link-sources.ts";
import { lineColumn } from "../../shared/text-lines.ts";

/** Checks every sitemap.xml of the build and robots.txt. */
export async function checkSitemaps(ctx: CheckContext): Promise<void> {
  for (const sitemap of [...ctx.site.files].filter((f) => f.endsWith("sitemap.xml")))
    await checkSitemap(ctx, sitemap);
  checkRobots(ctx);
}

async function checkSitemap(ctx: CheckContext, sitemap: string) {
  const text = ctx.site.text(sitemap)!;
  for (const m of text.matchAll(/<loc>([^<]*)<\/loc>/g)) {
    const loc = m[1]!.trim();
    ctx.checked.add(loc, "sitemap");
    const place: Place = {
      file: ctx.builtFile(sitemap),
      ...lineColumn(text, m.index + 5),
      source: false,
    };
    let parsed: URL | undefined;
    try {
      parsed = new URL(loc);
    } catch {
      parsed = undefined;
    }
    if (!parsed || parsed.origin !== ctx.siteUrl) {
      ctx.report.add(place, "broken-sitemap", `sitemap URL ${loc} is not on ${ctx.siteUrl}`);
      continue;
    }
    const landing = await ctx.site.land(parsed.pathname, 0);
    if (
      !landing.ok ||
      !landing.file.endsWith(".html") ||
      landing.html?.refresh ||
      landing.html?.boot?.page?.layout === "not-found"
    )
      ctx.report.add(place, "broken-sitemap", `sitemap URL ${loc} is not a page of the build`);
  }
}

function checkRobots(ctx: CheckContext) {
  const robots = ctx.site.text("/robots.txt");
  if (!robots) return;
  for (const m of robots.matchAll(/^Sitemap:\s*(\S+)/gim)) {
    ctx.checked.add(m[1]!, "sitemap");
    const url = new URL(m[1]!);
    if (url.origin !== ctx.siteUrl || !ctx.site.files.has(url.pathname))
      ctx.report.add(
        { file: ctx.builtFile("/robots.txt"), ...lineColumn(robots, m.index), source: false },
        "broken-sitemap",
        `robots.txt names ${m[1]}, which is not in the build`,
      );
  }
}
