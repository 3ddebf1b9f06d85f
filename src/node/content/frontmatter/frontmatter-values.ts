/**
 * Site values in a page's `title` and `description` (`{{ site.limits.tmp }}`), replaced when the
 * site is planned. The read stage keeps a page's frontmatter as written, so a cached page needs no
 * reading again when a value changes: the plan, which is made again whenever the config changes,
 * puts the values in, and everything made from the plan (the `<h1>`, `<title>`, meta tags, the
 * sidebar, search, llms.txt) sees the text with them.
 */
import type { SiteConfig } from "../../config/schema.ts";
import type { Diagnostic } from "../../core/errors.ts";
import { MAX_DESCRIPTION, VALUE_KEYS } from "./frontmatter-schema.ts";
import type { PageSource } from "./page-source.ts";
import { flattenSiteValues, hasSiteValue, replaceSiteValues } from "../site-values.ts";

/** The values `{{ site.KEY }}` can read: the config's own fields, then `values` by dotted path. */
export function siteValuesOf(config: SiteConfig): Record<string, string> {
  const own = {
    title: config.title,
    description: config.description,
    base: config.base,
    siteUrl: config.siteUrl,
    webBase: config.webBase,
    apiBase: config.apiBase,
    sqlApiBase: config.sqlApiBase,
  };
  // The config schema keeps `values` off the built-in names, so neither side overwrites the other.
  return { ...own, ...flattenSiteValues(config.values) };
}

/**
 * The page with site values in its title and description. A page that reads none comes back as
 * the same object; an unknown value, or a description over the limit once its values are in, is a
 * diagnostic at the line and column of the frontmatter.
 */
export function withFrontmatterValues(
  source: PageSource,
  values: Record<string, string>,
): { source: PageSource; diagnostics: Diagnostic[] } {
  const diagnostics: Diagnostic[] = [];
  let frontmatter = source.frontmatter;
  for (const key of VALUE_KEYS) {
    const text = frontmatter[key];
    if (!hasSiteValue(text)) continue;
    const at = source.valuesAt?.[key] ?? { line: 1, column: 1 };
    const replaced = replaceSiteValues(text, values, source.file, at.line - 1);
    // replaceSiteValues counts columns from the start of the text; the text starts at `at.column`.
    diagnostics.push(
      ...replaced.diagnostics.map((d) =>
        d.line === at.line && d.column !== undefined
          ? { ...d, column: d.column + at.column - 1 }
          : d,
      ),
    );
    if (
      key === "description" &&
      !replaced.diagnostics.length &&
      replaced.body.length > MAX_DESCRIPTION
    ) {
      diagnostics.push({
        file: source.file,
        line: at.line,
        column: at.column,
        rule: "frontmatter",
        message: `description is ${replaced.body.length} characters with its site values in it, over the limit of ${MAX_DESCRIPTION}`,
        hint: "shorten it to one sentence a search result can show",
      });
    }
    frontmatter = { ...frontmatter, [key]: replaced.body };
  }
  return {
    source: frontmatter === source.frontmatter ? source : { ...source, frontmatter },
    diagnostics,
  };
}
