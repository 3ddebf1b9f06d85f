import type { ReactNode } from "react";
import { SITE_ID } from "../src/shared/site-ids.ts";

/** What the live search passes in; the server renders the defaults (read-only, closed, empty). */
export interface SearchInputProps {
  value?: string;
  expanded?: boolean;
  activeId?: string;
  /** The listbox's options (templates/SearchResults.tsx), rendered by the search code once loaded. */
  results?: ReactNode;
  /** Text of the polite status region: the result count, or why there are none. */
  message?: string;
  /** Show the message as a visible panel (no results, loading, unavailable). */
  showMessage?: boolean;
  onChange?: (value: string) => void;
  onFocus?: () => void;
  onKeyDown?: (e: React.KeyboardEvent<HTMLInputElement>) => void;
  onBlur?: (e: React.FocusEvent<HTMLDivElement>) => void;
}

/** The search box: an ARIA 1.2 combobox, its listbox of results and a status line. */
export function SearchInput(props: SearchInputProps) {
  return (
    <div className="search" onBlur={props.onBlur}>
      <label htmlFor={SITE_ID.searchInput} className="visually-hidden">
        Search the docs
      </label>
      <input
        id={SITE_ID.searchInput}
        type="search"
        placeholder="Search..."
        autoComplete="off"
        spellCheck={false}
        role="combobox"
        aria-expanded={props.expanded ? "true" : "false"}
        aria-controls={SITE_ID.searchResults}
        aria-autocomplete="list"
        aria-activedescendant={props.expanded ? props.activeId : undefined}
        aria-keyshortcuts="/ Control+K Meta+K"
        value={props.value ?? ""}
        onChange={(e) => props.onChange?.((e.target as { value?: string }).value ?? "")}
        onFocus={props.onFocus}
        onKeyDown={props.onKeyDown}
        readOnly={!props.onChange}
      />
      <kbd className="search-key" aria-hidden="true">
        /
      </kbd>
      <div
        id={SITE_ID.searchResults}
        className="search-results"
        role="listbox"
        aria-label="Search results"
        hidden={!props.expanded}
      >
        {props.expanded && props.results}
      </div>
      <div className={props.showMessage ? "search-empty" : "visually-hidden"} role="status">
        {props.message ?? ""}
      </div>
    </div>
  );
}
