/** The one schema of site.config.ts: types, defaults and checks (design.md §6). */
import { z } from "zod";
import { isOutlineSetting, type OutlineSetting } from "../shared/outline.ts";

const route = z
  .string()
  .regex(/^\/([^\s#?]*\/)?(#[\w-]+)?$/, "a route starts and ends with '/' (e.g. /workflows/copy/), optionally followed by #anchor");

const sidebarItem: z.ZodType<SidebarItemInput> = z.lazy(() =>
  z.union([
    route,
    z.strictObject({
      text: z.string().min(1),
      link: route.optional(),
      items: z.array(sidebarItem),
    }),
  ], { error: "a sidebar entry is a route such as /limits/, or a group { text, link?, items }" }),
);

/** A sidebar entry in site.config.ts: a route (title from the page) or a group. */
export type SidebarItemInput = string | { text: string; link?: string; items: SidebarItemInput[] };

const headTag = z.strictObject({
  tag: z.enum(["link", "meta"]),
  attrs: z.record(z.string(), z.string()),
});

/** The schema of site.config.ts; `SiteConfig` is its output, `UserConfig` its input. */
export const configSchema = z.strictObject({
  /** Site title, shown in the header and in every `<title>`. @default "Brook" */
  title: z.string().min(1).default("Brook"),
  /** Site description, the home page's meta description. */
  description: z.string().min(1).max(160).default("Documentation for connecting APIs quickly with Brook"),
  /** Base path every page is served under. @default "/docs/v2/" */
  base: z.string().regex(/^\/([\w.-]+\/)*$/, "base starts and ends with '/' (e.g. /docs/v2/)").default("/docs/v2/"),
  /** Origin of the published site, for canonical links and the sitemap. */
  siteUrl: z.url().regex(/^https?:\/\/[^/]+$/, "siteUrl is an origin without a path (e.g. https://brook.example)").default("https://brook.example"),
  /** The Brook web app, as `{{ site.webBase }}`. */
  webBase: z.url().default("https://brook.example"),
  /** The REST API base, as `{{ site.apiBase }}`. */
  apiBase: z.url().default("https://api.brook.example/v1"),
  /** The SQL API base, as `{{ site.sqlApiBase }}`. */
  sqlApiBase: z.url().default("https://rt.brook.example/sql"),
  /** Extra `<link>`/`<meta>` tags in every head. @example [{ tag: "link", attrs: { rel: "icon", href: "/docs/v2/favicon.svg" } }] */
  head: z.array(headTag).default([]),
  /** Where "Edit this page" points: `${url}/edit/${branch}/${contentDir}/${file}`. Empty url: no edit link. */
  repo: z
    .strictObject({ url: z.union([z.url(), z.literal("")]), branch: z.string().min(1), contentDir: z.string() })
    .default({ url: "", branch: "main", contentDir: "content" }),
  /** The version menu. */
  versions: z
    .array(z.strictObject({ text: z.string().min(1), link: z.string().min(1), badge: z.string().optional() }))
    .default([]),
  /** Google Tag Manager; `BROOK_DOCS_GTM_ID` overrides gtmId at build time. */
  analytics: z
    .strictObject({ gtmId: z.string().regex(/^(GTM-[A-Z0-9]+)?$/, "gtmId looks like GTM-ABC123, or is empty") })
    .default({ gtmId: "" }),
  /** Client timings (spec §9). */
  navigation: z
    .strictObject({
      chunkTimeoutMs: z.number().int().positive().default(120_000),
      progressDelayMs: z.number().int().nonnegative().default(200),
      scrollSpyThrottleMs: z.number().int().positive().default(300),
    })
    .default({ chunkTimeoutMs: 120_000, progressDelayMs: 200, scrollSpyThrottleMs: 300 }),
  /** Redirects: `from` a route (with or without trailing slash) `to` a page route plus optional #hash. */
  redirects: z
    .array(z.strictObject({ from: z.string().regex(/^\/[^\s#?]*$/, "from is a path starting with '/'"), to: route }))
    .default([]),
  /**
   * Heading levels of the "On this page" outline beside the article (wide screens): `false`, one
   * level (`2`), or a range (`[2, 3]`). A page's frontmatter `outline` overrides it. @default [2, 3]
   */
  outline: z
    .custom<OutlineSetting>(isOutlineSetting, { error: "outline is false, 2, 3, or [from, to] with levels 2-3 (e.g. [2, 3])" })
    .default([2, 3]),
  /**
   * An announcement above the header on every page: text and an optional link (a route such as
   * `/changelog/`, or an https URL). Readers can dismiss it; a new `id` shows it again to everyone.
   * @example { id: "v2-launch", text: "Brook v2 is here.", link: { text: "What changed", href: "/changelog/" } }
   */
  banner: z
    .strictObject({
      id: z.string().regex(/^[\w.-]{1,64}$/, "banner.id is letters, digits, '-', '_' or '.' (at most 64)"),
      text: z.string().min(1).max(200),
      link: z
        .strictObject({
          text: z.string().min(1).max(80),
          href: z.string().regex(/^(\/[^\s]*|https:\/\/\S+)$/, "banner.link.href is a route such as /changelog/ or an https:// URL"),
        })
        .optional(),
    })
    .optional(),
  /** The sidebar; absent: generated from the content folder tree. */
  sidebar: z.array(sidebarItem).optional(),
});

/** What site.config.ts exports (through `defineConfig`). */
export type UserConfig = z.input<typeof configSchema>;
/** The validated config with every default applied. */
export type SiteConfig = z.output<typeof configSchema>;
