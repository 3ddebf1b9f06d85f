/**
 * The plan stage: routes, sidebar, prev/next and redirects from the frontmatter alone, the site
 * data file made from them, and what every page's render shares (asset URLs, head tags): its key
 * renders every page again when it changes.
 */
import type { SiteConfig } from "../config/schema.ts";
import type { LastUpdated } from "../content/git-dates.ts";
import { ContentError } from "../core/errors.ts";
import type { ClientAssets } from "../render/assets.ts";
import { contentHash } from "../render/hash.ts";
import { toSiteData } from "../render/page-data.ts";
import { planSite } from "./plan.ts";
import { assetUrl, manifestUrl, siteDataName } from "../../shared/output-layout.ts";
import type { RenderSetup } from "../pages/page-task.ts";
import { hashKey } from "../core/cache-keys.ts";
import { type CachedPage } from "../content/page-record.ts";
import { sortDiagnostics } from "../core/errors.ts";

/** A plan, the site data made from it, and the files made from it alone (filled by the write stage of its first build). */
export interface PlanOutcome {
  planned: ReturnType<typeof planSite>;
  siteJson: string;
  fromPlan: Map<string, unknown>;
}

/** A plan with what it was made from: the next build keeps it while these are the same. */
export interface PlanMemo extends PlanOutcome {
  configJson: string;
  lastUpdated: Map<string, LastUpdated>;
  sources: CachedPage["source"][];
}

/** What the plan stage reads. */
export interface PlanInput {
  config: SiteConfig;
  configFile: string;
  sources: CachedPage["source"][];
  lastUpdated: Map<string, LastUpdated>;
  assets: ClientAssets;
  /** The live-reload client's URL, linked by every page (the dev server's builds). */
  devClient?: string;
  /** The generator's version: every page's render depends on it. */
  generator: string;
}

/** What the plan stage gives: the plan, the site data and its file, the pages' render setup and its key. */
export interface PlanStage extends PlanOutcome {
  siteFile: string;
  render: Omit<RenderSetup, "sitePath">;
  siteKey: string;
  memo: PlanMemo;
}

/**
 * Plans the site. The last plan is kept while the config, the git dates and every page's
 * frontmatter, file and route are as they were (a body edit leaves the plan as it was: the same
 * objects, so the pages stage sees at once what did not change).
 */
export function planStage(input: PlanInput, previous?: PlanMemo): PlanStage {
  const { config, assets } = input;
  const configJson = JSON.stringify([config, input.configFile]);
  const memo =
    previous &&
    previous.configJson === configJson &&
    previous.lastUpdated === input.lastUpdated &&
    sameSources(previous.sources, input.sources)
      ? previous
      : { configJson, lastUpdated: input.lastUpdated, sources: input.sources, ...plan(input) };
  const siteFile = siteDataName(contentHash(memo.siteJson));
  const url = (file: string) => assetUrl(config.base, file);
  const render: PlanStage["render"] = {
    assets: {
      css: url(assets.css),
      js: url(assets.entry),
      early: url(assets.earlyScript),
      banner: url(assets.bannerScript),
      siteData: url(siteFile),
    },
    headTags: config.head,
    manifestFile: manifestUrl(config.base),
    siteFile: url(siteFile),
    ...(input.devClient && { devClient: input.devClient }),
  };
  // Everything every page's render shares: a change here renders every page again. (The site
  // data's path on disk is not part of it: it names the same bytes wherever they are.)
  const siteKey = hashKey(
    input.generator,
    memo.siteJson,
    JSON.stringify({ ...render, sitePath: "" }),
  );
  return { ...memo, siteFile, render, siteKey, memo };
}

function plan(input: PlanInput): PlanOutcome {
  const sources = input.sources.map((s) => ({ ...s, body: "" }));
  const planned = planSite(input.config, input.configFile, sources, input.lastUpdated);
  if (planned.errors.length) throw new ContentError(sortDiagnostics(planned.errors));
  const siteJson = JSON.stringify(toSiteData(input.config, planned.plan));
  return { planned, siteJson, fromPlan: new Map() };
}

/** Whether two lists of page sources plan the same site: the same objects, or equal ones (a body edit makes a new, equal source). */
function sameSources(a: CachedPage["source"][], b: CachedPage["source"][]): boolean {
  return (
    a.length === b.length &&
    a.every((s, i) => s === b[i] || JSON.stringify(s) === JSON.stringify(b[i]))
  );
}
