/** A page's Markdown body → its HTML and what the site model needs of it (on a build worker). */
import type { Diagnostic } from "../core/errors.ts";
import type { Header, PageSearchData } from "../../shared/types.ts";
import type { HighlightCache } from "./code/highlight.ts";
import { renderMarkdown, type LinkRef } from "./markdown/markdown.ts";
import { MAX_PAGE_BYTES, MAX_PAGE_DIAGNOSTICS } from "./limits.ts";
import { searchData } from "./search-data.ts";
import { figureStatements, type FigureStatement } from "./figure-statements.ts";
import { checkMarkerRuns } from "./markdown/markdown-guard.ts";
import type { PageSource } from "./frontmatter/page-source.ts";
import { replaceSiteValues } from "./site-values.ts";
import { expandIncludes, placeDiagnostic, type LineOrigin } from "./parts/includes.ts";
import { SourceReader, type SourceRoots } from "./parts/source-files.ts";
import { routeToPath } from "../../shared/url.ts";
import { apiFromFile } from "./markdown/api-operation.ts";
import { cliFromFile } from "./markdown/cli-command.ts";
import { CLI_DEPENDENCY } from "../reference/cli-reference.ts";
import { OPENAPI_DEPENDENCY } from "../../shared/openapi/operations.ts";
import type { CodeSample } from "../examples/sample.ts";
import type { PageClaim } from "./claims.ts";

/** Options that change how a body renders. */
export interface ParseOptions {
  base: string;
  siteValues: Record<string, string>;
  /** Where includes, code imports and images are read from; without it they are left as written. */
  roots?: SourceRoots;
  /** The site's origin (config siteUrl): asks for the body as Markdown for machines too. */
  siteUrl?: string;
  /** The REST API's description as the build wrote it for the workers (`::operation`). */
  openapi?: string;
  /** The CLI's description as the build wrote it for the workers (`::cli-command`). */
  cli?: string;
}

/** What the Markdown of a page yields, besides its HTML: small, kept for every page of a build. */
export interface PageFacts {
  headers: Header[];
  links: LinkRef[];
  /** Headings and counted body terms for the search index (the section text itself is not kept). */
  search: PageSearchData;
  ids: string[];
  /** Non-fatal diagnostics, kept so that a page from the cache reports them again. */
  warnings: Diagnostic[];
  /**
   * What else the body read, besides its file: part of its cache key (README, "How it works"):
   * the site values it used, and the files it included, imported or took an image size from,
   * each with the hash of its bytes (`[content/_parts/auth.md, sha1]`).
   */
  deps: { siteValues: string[]; files: [string, string][] };
  /** The code blocks, for the example checks (src/node/examples/), placed in their files as diagnostics are. */
  samples: CodeSample[];
  /** What the prose states of error codes and exit codes (claims.ts), placed likewise. */
  claims?: PageClaim[];
  /** Where the body states each of the site's figures (published as figures.json), when `siteUrl` was given. */
  figures: FigureStatement[];
}

/** The body parsed: its HTML and its facts, or the errors that stop it. */
export interface ParsedBody {
  html?: string;
  /** The body as Markdown for machines, when `siteUrl` was given. */
  markdown?: string;
  facts?: PageFacts;
  errors: Diagnostic[];
  warnings: Diagnostic[];
}

/** Rules of diagnostics that do not stop a page. */
const WARNING_RULES = new Set([
  "code-language",
  "code-info",
  "image-size",
  "raw-html",
  "literal-syntax",
]);

/** Parses a page's body: includes, limits, site values, Markdown. Never throws for content. */
export async function parseBody(
  source: PageSource,
  options: ParseOptions,
  highlights?: HighlightCache,
): Promise<ParsedBody> {
  const { file, body, bodyLine } = source;
  const page = { file, relativePath: source.relativePath, lineOffset: bodyLine - 1 };
  const reader = options.roots ? new SourceReader(options.roots) : undefined;
  const expanded = expandIncludes(body, page, reader);
  if (expanded.diagnostics.length)
    return { errors: capped(expanded.diagnostics, file, "errors"), warnings: [] };
  // A diagnostic about a line that came from an included file names that file and line.
  const place = <T extends { file: string; line?: number; column?: number }>(d: T) =>
    placeDiagnostic(d, page, expanded.origins);
  // Site values next: they come from the config, and what micromark sees is the page with them
  // (values are one line each, so lines stay where they were).
  const values = replaceSiteValues(expanded.body, options.siteValues, file, page.lineOffset);
  if (values.body.length > body.length && Buffer.byteLength(values.body) > MAX_PAGE_BYTES) {
    return {
      errors: [
        {
          file,
          rule: "file-size",
          message: `with its includes and site values, the page is over the limit of ${MAX_PAGE_BYTES / 1024} KB`,
          hint: "split it into several pages",
        },
      ],
      warnings: [],
    };
  }
  const runs = checkMarkerRuns(values.body, file, page.lineOffset);
  if (runs.length) return { errors: capped(runs.map(place), file, "errors"), warnings: [] };
  const pageUrl =
    options.siteUrl === undefined
      ? undefined
      : options.siteUrl + routeToPath(options.base, source.route);
  const md = await renderMarkdown(values.body, {
    file,
    base: options.base,
    lineOffset: page.lineOffset,
    highlights,
    reader,
    route: source.route,
    relativePath: source.relativePath,
    linkBase: partOf(expanded.origins, file, options.roots?.contentDisplay),
    pageUrl,
    api: options.openapi ? apiFromFile(options.openapi) : undefined,
    cli: options.cli ? cliFromFile(options.cli) : undefined,
  });
  const diagnostics = [...values.diagnostics, ...md.diagnostics].map(place);
  const errors = capped(
    diagnostics.filter((d) => !WARNING_RULES.has(d.rule)),
    file,
    "errors",
  );
  const warnings = capped(
    diagnostics.filter((d) => WARNING_RULES.has(d.rule)),
    file,
    "warnings",
  );
  if (errors.length) return { errors, warnings };
  const figures =
    options.siteUrl === undefined || pageUrl === undefined
      ? []
      : figureStatements(expanded.body, options.siteValues, md.headers, {
          siteUrl: options.siteUrl,
          base: options.base,
          pageUrl,
        });
  const links = expanded.origins
    ? md.links
        .map((l) => place({ ...l, file }))
        .map(({ file: from, ...l }) => (from === file ? l : { ...l, file: from }))
    : md.links;
  return {
    html: md.html,
    markdown: md.markdown,
    facts: {
      headers: md.headers,
      links,
      search: searchData(md.sections),
      ids: md.ids,
      warnings,
      deps: {
        siteValues: [
          ...values.used,
          ...(md.usedApi ? [OPENAPI_DEPENDENCY] : []),
          ...(md.usedCli ? [CLI_DEPENDENCY] : []),
        ],
        files: reader?.files() ?? [],
      },
      samples: md.samples.map(place),
      claims: md.claims.map(place),
      figures,
    },
    errors,
    warnings,
  };
}

/**
 * The first MAX_PAGE_DIAGNOSTICS of a page's errors or warnings, and one more that counts the rest:
 * a 400 KB line of `<b>` made 130,000 warnings, which no one reads and which overflowed the stack
 * of the code that gathers them.
 */
function capped(list: Diagnostic[], file: string, kind: "errors" | "warnings"): Diagnostic[] {
  if (list.length <= MAX_PAGE_DIAGNOSTICS) return list;
  const rest = list.length - MAX_PAGE_DIAGNOSTICS;
  return [
    ...list.slice(0, MAX_PAGE_DIAGNOSTICS),
    {
      file,
      rule: "too-many-problems",
      message: `${rest} more ${kind} on this page are not shown (a page reports at most ${MAX_PAGE_DIAGNOSTICS})`,
      hint: "fix the ones above and build again",
    },
  ];
}

/**
 * For a body with includes: the file in content/ each body line came from, so a `.md` link in a
 * part resolves from the part, as on GitHub (md-links.ts); undefined for the page's own lines.
 */
function partOf(
  origins: LineOrigin[] | undefined,
  page: string,
  contentDisplay: string | undefined,
): ((line: number) => string | undefined) | undefined {
  if (!origins || contentDisplay === undefined) return undefined;
  return (line) => {
    const file = origins[line - 1]?.file;
    return file && file !== page && file.startsWith(contentDisplay)
      ? file.slice(contentDisplay.length)
      : undefined;
  };
}
