/**
 * The problems check-links found, as diagnostics: one each for a source place, and one with a
 * count for a template's link that repeats on every page.
 */
import type { Diagnostic } from "../core/errors.ts";
import type { Place } from "./link-sources.ts";

const HINTS: Record<string, string> = {
  "broken-link": "fix the link, or add a redirect under `redirects` in site.config.ts",
  "broken-anchor": "anchors are heading slugs: lower case, spaces as '-', punctuation dropped",
  "broken-asset":
    "the file is not in the build: check the path (files in public/ are copied under the base)",
  "broken-redirect": "point the redirect at an existing page and heading, in one hop",
  "broken-sitemap": "the sitemap lists the pages of the build: rebuild, and report it if it stays",
  "external-link": "external links are absolute https:// URLs",
  "broken-external":
    "fix or remove the link; a site that turns link checkers away can be checked in a browser",
};

/** Collects problems; `problems()` gives them merged and in file order. */
export class Reporter {
  private readonly found: Diagnostic[] = [];
  // Where `found` has a problem of a rule: asked once a link, so a list searched each time grew
  // with the square of the links.
  private readonly foundAt = new Set<string>();
  // Problems from templates repeat on every page: one report each, with a count.
  private readonly repeated = new Map<string, { d: Diagnostic; files: Set<string> }>();

  /** Reports a problem at `place`; `value` (the built link) is named as the writer wrote it. */
  add(place: Place, rule: string, text: string, value?: string): void {
    const message = value && place.written ? text.replace(value, place.written) : text;
    const d: Diagnostic = {
      file: place.file,
      line: place.line,
      column: place.column,
      message,
      rule,
      hint: HINTS[rule],
    };
    if (place.source) {
      this.foundAt.add(placeKey(place, rule));
      return void this.found.push(d);
    }
    const key = `${rule}\0${message}`;
    const seen = this.repeated.get(key);
    if (seen) seen.files.add(place.file);
    else this.repeated.set(key, { d, files: new Set([place.file]) });
  }

  /** Whether a problem of `rule` was already reported at this source place. */
  has(place: Place, rule: string): boolean {
    return this.foundAt.has(placeKey(place, rule));
  }

  /** Every problem, the repeated ones with how many more files have them, sorted by place. */
  problems(): Diagnostic[] {
    const all = [...this.found];
    for (const { d, files } of this.repeated.values()) {
      const more = files.size - 1;
      all.push(
        more
          ? { ...d, message: `${d.message} (and in ${more} more file${more === 1 ? "" : "s"})` }
          : d,
      );
    }
    return all.sort(
      (a, b) =>
        a.file.localeCompare(b.file) ||
        (a.line ?? 0) - (b.line ?? 0) ||
        (a.column ?? 0) - (b.column ?? 0),
    );
  }
}

function placeKey(place: Place, rule: string): string {
  return `${place.file}\0${place.line}\0${place.column}\0${rule}`;
}
