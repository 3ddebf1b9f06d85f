/** The search box's behaviour once the index is loaded: results, ↑ ↓ Enter Escape, and the status text. */
import type { SearchInputProps } from "../../../templates/SearchInput.tsx";
import { SearchResults, type SearchResultGroup } from "../../../templates/SearchResults.tsx";
import type { SearchState } from "./use-search.ts";

/** The engine, loaded in the same chunk. */
export { createSearch } from "./engine.ts";

/** Props of the live SearchInput for this state and these results. */
export function searchProps(state: SearchState, set: (s: SearchState) => void, groups: SearchResultGroup[], go: (href: string) => void): SearchInputProps {
  const options = groups.flatMap((g) => g.options);
  const query = state.value.trim();
  const shown = state.open && query !== "";
  const n = options.length;
  const close = () => set({ ...state, open: false, active: -1 });
  return {
    value: state.value,
    expanded: shown && n > 0,
    activeId: options[state.active]?.id,
    results: <SearchResults groups={groups} activeId={options[state.active]?.id} />,
    message: !shown ? "" : n ? `${n} result${n === 1 ? "" : "s"}` : `No results for “${query}”. Try fewer or different words.`,
    showMessage: shown && !n,
    onFocus: () => set({ ...state, open: true }),
    onChange: (value) => set({ value, open: true, active: -1 }),
    onBlur(e) {
      if (!e.currentTarget.contains(e.relatedTarget as Node | null)) close();
    },
    onKeyDown(e) {
      if (e.key === "ArrowDown" || e.key === "ArrowUp") {
        e.preventDefault();
        if (!n) return set({ ...state, open: true });
        const active = e.key === "ArrowDown" ? (state.active + 1) % n : state.active <= 0 ? n - 1 : state.active - 1;
        set({ ...state, open: true, active });
        document.getElementById(options[active]!.id)?.scrollIntoView({ block: "nearest" });
      } else if (e.key === "Enter" && shown && n) {
        e.preventDefault();
        close();
        go(options[Math.max(state.active, 0)]!.href);
      } else if (e.key === "Escape") {
        e.preventDefault();
        if (shown) close();
        else set({ value: "", open: false, active: -1 });
      }
    },
  };
}
