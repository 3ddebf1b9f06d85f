/** The search box as the server renders it: an ARIA 1.2 combobox with its (empty, hidden) listbox. */
export function SearchInput(props: {
  value?: string;
  expanded?: boolean;
  activeId?: string;
  onChange?: (value: string) => void;
  onFocus?: () => void;
  onKeyDown?: (e: React.KeyboardEvent<HTMLInputElement>) => void;
  inputRef?: React.Ref<HTMLInputElement>;
  children?: React.ReactNode;
}) {
  return (
    <div className="search">
      <label htmlFor="search-input" className="visually-hidden">
        Search the docs
      </label>
      <input
        id="search-input"
        ref={props.inputRef}
        type="search"
        placeholder="Search..."
        autoComplete="off"
        spellCheck={false}
        role="combobox"
        aria-expanded={props.expanded ? "true" : "false"}
        aria-controls="search-results"
        aria-autocomplete="list"
        aria-activedescendant={props.activeId}
        aria-keyshortcuts="/ Control+K Meta+K"
        value={props.value ?? ""}
        onChange={(e) => props.onChange?.(e.target.value)}
        onFocus={props.onFocus}
        onKeyDown={props.onKeyDown}
        readOnly={!props.onChange}
      />
      <kbd className="search-key" aria-hidden="true">/</kbd>
      {props.children ?? <div id="search-results" role="listbox" aria-label="Search results" hidden />}
    </div>
  );
}
