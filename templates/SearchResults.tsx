/**
 * The search combobox's results: one group per page, best page first. A group's first option is the
 * page itself, then its best sections; every option is the link itself (docs/design.md §4).
 */

/** Text with the matched words marked: plain strings, and `{ mark }` for a matched word. */
export type TextPart = string | { mark: string };

/** One result: a page, or a section of the page above it. */
export interface SearchOption {
  /** Element id, for aria-activedescendant. */
  id: string;
  kind: "page" | "section";
  /** `page/` or `page/#section`. */
  href: string;
  /** The page title, or the section heading. */
  heading: TextPart[];
  snippet: TextPart[];
}

/** The results of one page: the page's option first. */
export interface SearchResultGroup {
  id: string;
  options: SearchOption[];
}

/** The options of the search listbox, grouped by page. Content text only ever becomes text nodes. */
export function SearchResults({
  groups,
  activeId,
}: {
  groups: SearchResultGroup[];
  activeId?: string;
}) {
  return (
    <>
      {groups.map((g) => (
        <div
          key={g.id}
          className="search-group"
          role="group"
          aria-labelledby={`${g.options[0]?.id}-title`}
        >
          {g.options.map((o) => (
            <a
              key={o.id}
              id={o.id}
              className={`search-option search-${o.kind}`}
              role="option"
              aria-selected={o.id === activeId}
              href={o.href}
              tabIndex={-1}
            >
              <span className="search-option-title" id={`${o.id}-title`}>
                <Marked parts={o.heading} />
              </span>
              {o.snippet.length > 0 && (
                <span className="search-option-snippet">
                  <Marked parts={o.snippet} />
                </span>
              )}
            </a>
          ))}
        </div>
      ))}
    </>
  );
}

function Marked({ parts }: { parts: TextPart[] }) {
  return <>{parts.map((p, i) => (typeof p === "string" ? p : <mark key={i}>{p.mark}</mark>))}</>;
}
