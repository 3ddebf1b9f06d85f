/** The one schema of site.config.ts: types, defaults and checks (docs/design.md §6). */
import { z } from "zod";
import { isOutlineSetting, type OutlineSetting } from "../../shared/outline.ts";
import {
  classifyUrl,
  isRoute,
  isRouteLoose,
  isRouteWithFragment,
  NAME_CHARACTERS,
} from "../../shared/url-policy.ts";
import { checkValueTree, isPlainObject, type SiteValueTree } from "./values-schema.ts";

export { BUILT_IN_SITE_VALUES, type SiteValueTree } from "./values-schema.ts";

const route = z
  .string()
  .refine(
    isRouteWithFragment,
    `a route starts and ends with '/' and uses ${NAME_CHARACTERS} (e.g. /workflows/copy/), optionally followed by #anchor`,
  );

const httpUrl = z.url({ protocol: /^https?$/, error: "an absolute http:// or https:// URL" });

/** A link the site renders: a path on this host (`/docs/v1/`) or an http(s) URL. */
const siteOrHttpLink = z.string().refine((v) => {
  const verdict = classifyUrl(v);
  return verdict.ok && (verdict.kind === "site" || verdict.kind === "external");
}, "a path starting with '/' or an http:// or https:// URL");

const sidebarItem: z.ZodType<SidebarItemInput> = z.lazy(() =>
  z.union(
    [
      route,
      z.strictObject({
        text: z.string().min(1),
        link: route.optional(),
        items: z.array(sidebarItem),
      }),
    ],
    { error: "a sidebar entry is a route such as /limits/, or a group { text, link?, items }" },
  ),
);

/** A sidebar entry in site.config.ts: a route (title from the page) or a group. */
export type SidebarItemInput = string | { text: string; link?: string; items: SidebarItemInput[] };

/** Attributes a head tag may carry: enough for icons, feeds, theme colours and verification tags, nothing that runs. */
const HEAD_ATTRIBUTES = [
  "rel",
  "href",
  "type",
  "sizes",
  "media",
  "hreflang",
  "title",
  "color",
  "as",
  "crossorigin",
  "name",
  "property",
  "content",
] as const;

const headTag = z
  .strictObject({
    tag: z.enum(["link", "meta"]),
    attrs: z.partialRecord(
      z.enum(HEAD_ATTRIBUTES, { error: `head tag attributes are ${HEAD_ATTRIBUTES.join(", ")}` }),
      z.string(),
    ),
  })
  .refine((t) => t.attrs.href === undefined || siteOrHttpLink.safeParse(t.attrs.href).success, {
    message: "href is a path starting with '/' or an http:// or https:// URL",
    path: ["attrs", "href"],
  });

/** The schema of site.config.ts; `SiteConfig` is its output, `UserConfig` its input. */
export const configSchema = z.strictObject({
  /** Site title, shown in the header and in every `<title>`. @default "Brook" */
  title: z.string().min(1).default("Brook"),
  /** Site description, the home page's meta description. */
  description: z
    .string()
    .min(1)
    .max(160)
    .default("Documentation for connecting APIs quickly with Brook"),
  /** Base path every page is served under. @default "/docs/v2/" */
  base: z
    .string()
    .refine(
      isRoute,
      `base starts and ends with '/' and uses ${NAME_CHARACTERS} between them (e.g. /docs/v2/)`,
    )
    .default("/docs/v2/"),
  /** Origin of the published site, for canonical links and the sitemap. */
  siteUrl: httpUrl
    .regex(
      /^https?:\/\/[^/?#\s]+$/,
      "siteUrl is an origin without a path (e.g. https://brook.example)",
    )
    .default("https://brook.example"),
  /** The Brook web app, as `{{ site.webBase }}`. */
  webBase: httpUrl.default("https://brook.example"),
  /** The REST API base, as `{{ site.apiBase }}`. */
  apiBase: httpUrl.default("https://api.brook.example/v1"),
  /** The SQL API base, as `{{ site.sqlApiBase }}`. */
  sqlApiBase: httpUrl.default("https://rt.brook.example/sql"),
  /**
   * Site values of your own, read in content as `{{ site.NAME }}` or `{{ site.group.NAME }}`:
   * text or numbers, in groups up to 6 levels deep. Numbers render as JavaScript
   * writes them (`10000`); write text for anything else (`"10,000"`, `"512KB"`). @default {}
   * @example { limits: { httpPayload: "512KB", memory: { default: "256MB", max: "10GB" } } }
   */
  values: z
    .custom<SiteValueTree>(
      isPlainObject,
      'values is an object of named values: { limits: { httpPayload: "512KB" } }',
    )
    .superRefine((tree, ctx) => checkValueTree(tree, [], ctx))
    .default({}),
  /**
   * The descriptions of Brook that reference pages and example checks are made from, each a path
   * relative to the config file, inside its folder: `openapi` (the REST API, OpenAPI 3.1 YAML),
   * `cli` (data/cli.yaml), `runtime` (data/runtime.d.ts), `runtimeLanguages`
   * (data/runtime-languages.yaml: how Python and Go steps spell the runtime; their examples are
   * checked against `runtime` through it) and `errors` (data/errors.yaml, every error's type, code
   * and status). Each optional. @default {}
   */
  reference: z
    .strictObject({
      openapi: z.string().min(1).optional(),
      cli: z.string().min(1).optional(),
      runtime: z.string().min(1).optional(),
      runtimeLanguages: z.string().min(1).optional(),
      errors: z.string().min(1).optional(),
    })
    .default({}),
  /** Extra `<link>`/`<meta>` tags in every head. @example [{ tag: "link", attrs: { rel: "icon", href: "/docs/v2/favicon.svg" } }] */
  head: z.array(headTag).default([]),
  /** Where "Edit this page" points: `${url}/edit/${branch}/${contentDir}/${file}`. Empty url: no edit link. */
  repo: z
    .strictObject({
      url: z.union([httpUrl, z.literal("")]),
      branch: z.string().regex(/^[\w./-]+$/, "a branch name"),
      contentDir: z
        .string()
        .refine(
          (d) => d === "" || isRouteLoose("/" + d.replace(/\/$/, "")),
          "a folder path such as content or docs/content",
        ),
    })
    .default({ url: "", branch: "main", contentDir: "content" }),
  /** The version menu. */
  versions: z
    .array(
      z.strictObject({
        text: z.string().min(1),
        link: siteOrHttpLink,
        badge: z.string().optional(),
      }),
    )
    .default([]),
  /** Google Tag Manager; `BROOK_DOCS_GTM_ID` overrides gtmId at build time. */
  analytics: z
    .strictObject({
      gtmId: z.string().regex(/^(GTM-[A-Z0-9]+)?$/, "gtmId looks like GTM-ABC123, or is empty"),
    })
    .default({ gtmId: "" }),
  /** Client timings (spec §9). */
  navigation: z
    .strictObject({
      chunkTimeoutMs: z.number().int().positive().default(120_000),
      progressDelayMs: z.number().int().nonnegative().default(200),
      scrollSpyThrottleMs: z.number().int().positive().default(300),
    })
    .default({ chunkTimeoutMs: 120_000, progressDelayMs: 200, scrollSpyThrottleMs: 300 }),
  /** Search (docs/configuration.md#search). */
  search: z
    .strictObject({
      /**
       * Words readers type that the docs say differently, applied at query time: a query word
       * (or phrase) also looks for each of its alternatives. One way: `cron` finds schedules, a
       * search for `schedule` does not turn into `cron`.
       * @default {}
       * @example { golang: ["go"], "env var": ["environment variable"] }
       */
      synonyms: z
        .record(
          z
            .string()
            .regex(/[\p{L}\p{N}]/u, "a synonym is a word or phrase")
            .max(60),
          z
            .array(
              z
                .string()
                .regex(/[\p{L}\p{N}]/u, "an alternative is a word or phrase")
                .max(60),
            )
            .min(1)
            .max(8),
        )
        .refine((r) => Object.keys(r).length <= 500, "at most 500 synonyms")
        .default({}),
    })
    .default({ synonyms: {} }),
  /** Redirects: `from` a route (with or without trailing slash) `to` a page route plus optional #hash. */
  redirects: z
    .array(
      z.strictObject({
        from: z
          .string()
          .refine(isRouteLoose, `from is a path such as /notebook/sql, using ${NAME_CHARACTERS}`),
        to: route,
      }),
    )
    .default([]),
  /**
   * Heading levels of the "On this page" outline beside the article (wide screens): `false`, one
   * level (`2`), or a range (`[2, 3]`). A page's frontmatter `outline` overrides it. @default [2, 3]
   */
  outline: z
    .custom<OutlineSetting>(isOutlineSetting, {
      error: "outline is false, 2, 3, or [from, to] with levels 2-3 (e.g. [2, 3])",
    })
    .default([2, 3]),
  /**
   * An announcement above the header on every page: text and an optional link (a route such as
   * `/changelog/`, optionally with `#anchor`, or an http(s) URL). Readers can dismiss it; a new `id` shows it again to everyone.
   * @example { id: "v2-launch", text: "Brook v2 is here.", link: { text: "What changed", href: "/changelog/" } }
   */
  banner: z
    .strictObject({
      id: z
        .string()
        .regex(/^[\w.-]{1,64}$/, "banner.id is letters, digits, '-', '_' or '.' (at most 64)"),
      text: z.string().min(1).max(200),
      link: z
        .strictObject({
          text: z.string().min(1).max(80),
          href: z.string().refine((v) => {
            if (isRouteWithFragment(v)) return true;
            const verdict = classifyUrl(v);
            return verdict.ok && verdict.kind === "external";
          }, "banner.link.href is a route such as /changelog/ (optionally with #anchor) or an http(s):// URL"),
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
