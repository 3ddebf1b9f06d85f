/** What the client and templates get besides the pages: the site data, and the not-found page's data. */
import type { SiteConfig } from "../config/schema.ts";
import type { SitePlan } from "../site/model.ts";
import type { PageData, SiteData } from "../../shared/types.ts";

/** The route the not-found page's data is listed under in the route manifest. */
export const NOT_FOUND_ROUTE = "/404/";

/** The built-in not-found page (dist/404.html and the client's unknown-route layout). */
export const NOT_FOUND_PAGE: PageData = {
  route: NOT_FOUND_ROUTE,
  title: "Page not found",
  description: "The page you asked for does not exist.",
  layout: "not-found",
  headers: [],
  prev: null,
  next: null,
  editUrl: "",
  meta: [],
  outline: null,
  html: "",
};

/** Site-wide data for templates and client: one hashed file. */
export function toSiteData(config: SiteConfig, plan: SitePlan): SiteData {
  return {
    title: config.title,
    description: config.description,
    base: config.base,
    siteUrl: config.siteUrl,
    sidebar: plan.sidebar,
    sidebarComplete: plan.sidebarComplete,
    versions: config.versions,
    navigation: config.navigation,
    gtmId: config.analytics.gtmId,
    banner: config.banner ?? null,
  };
}
