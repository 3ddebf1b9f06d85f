/**
 * What every check of check-links reads (the build, where its links came from, its base and
 * origin) and what they add to (problems, checked links, links found sound), made once per run.
 */
import { join, relative } from "node:path";
import type { LinkTargets } from "../core/link-rules.ts";
import { propose } from "../../shared/similar.ts";
import { normalizeRoute, pathToRoute } from "../../shared/url.ts";
import type { BuiltSite } from "./built-site.ts";
import { CheckedLinks, type LinkKind } from "./checked-links.ts";
import type { LinkSources } from "./link-sources.ts";
import { Reporter } from "./reporter.ts";
import { detectBase, detectSiteUrl, linkTargets } from "./site-facts.ts";

/** A link found sound, by all that decides it: the path it landed on and its kind. */
export interface SoundLink {
  path: string;
  kind: LinkKind;
}

/** One run's shared reading of the build. */
export interface CheckContext {
  site: BuiltSite;
  sources: LinkSources | undefined;
  base: string;
  /** The site's origin (`https://brook.example`). */
  siteUrl: string;
  targets: LinkTargets;
  report: Reporter;
  checked: CheckedLinks;
  /**
   * Links found sound, by a key of all that decides it: the header and sidebar repeat the same
   * links on every page, and a sound one is only counted again.
   */
  sound: Map<string, SoundLink>;
  /** A site path as the built file's path from the cwd (where a template's link is reported). */
  builtFile(path: string): string;
}

/** Reads what the checks share from the build in `site`. */
export function createContext(
  site: BuiltSite,
  sources: LinkSources | undefined,
  cwd: string,
): CheckContext {
  const base = sources?.base ?? detectBase(site);
  return {
    site,
    sources,
    base,
    siteUrl: sources?.siteUrl ?? detectSiteUrl(site),
    targets: linkTargets(site, base),
    report: new Reporter(),
    checked: new CheckedLinks(),
    sound: new Map(),
    builtFile: (path) => relative(cwd, join(site.root, path)).split("\\").join("/"),
  };
}

/** A site path as the writer writes it: the route (`/limits/`), or the path outside the base. */
export function asRoute(ctx: CheckContext, path: string): string {
  return pathToRoute(ctx.base, path) ?? path;
}

/** The page route closest to a path that matches none ("did you mean"), if one is close. */
export function guessRoute(ctx: CheckContext, path: string): string | undefined {
  const route = pathToRoute(ctx.base, path.split("#")[0]!.split("?")[0]!);
  return route === null ? undefined : propose(normalizeRoute(route), ctx.targets.pages.keys());
}

/** Percent-decodes a fragment, or leaves it as it is when it is not valid. */
export function safeDecode(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}
