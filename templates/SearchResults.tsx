/** The search combobox's results, grouped by page, each option the link itself (design.md §4). */

/** Text with the matched words marked: plain strings, and `{ mark }` for a matched word. */
export type TextPart = string | { mark: string };

/** One result: a section of a page. */
export interface SearchOption {
  /** Element id, for aria-activedescendant. */
  id: string;
  /** `page/#section`. */
  href: string;
  /** The section heading (the page title for the text before the first heading). */
  heading: TextPart[];
  snippet: TextPart[];
}

/** The results of one page. */
export interface SearchResultGroup {
  id: string;
  title: TextPart[];
  options: SearchOption[];
}

/** The options of the search listbox, grouped by page. Content text only ever becomes text nodes. */
export function SearchResults({ groups, activeId }: { groups: SearchResultGroup[]; activeId?: string }) {
  return (
    <>
      {groups.map((g) => (
        <div key={g.id} className="search-group" role="group" aria-labelledby={g.id}>
          <div id={g.id} className="search-group-title">
            <Marked parts={g.title} />
          </div>
          {g.options.map((o) => (
            <a key={o.id} id={o.id} className="search-option" role="option" aria-selected={o.id === activeId} href={o.href} tabIndex={-1}>
              <span className="search-option-title">
                <Marked parts={o.heading} />
              </span>
              <span className="search-option-snippet">
                <Marked parts={o.snippet} />
              </span>
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
