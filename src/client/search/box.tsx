/** The search box's behaviour once the index is loaded: results, ↑ ↓ Enter Escape, and the status text. */
import type { SearchInputProps } from "../../../templates/SearchInput.tsx";
import { SearchResults, type SearchResultGroup } from "../../../templates/SearchResults.tsx";
import type { SearchState } from "./use-search.ts";

/** The engine and its browser sources, loaded in the same chunk. */
export { createSearch } from "./engine.ts";
export { fetchSources } from "./sources.ts";

/** Props of the live SearchInput for this state and these results. */
export function searchProps(
  state: SearchState,
  set: (s: SearchState) => void,
  groups: SearchResultGroup[],
  go: (href: string) => void,
): SearchInputProps {
  // One option per page, best page first, so the first options are different pages; a page's
  // sections are listed under it once one of its options is active (↓ on the page opens them).
  const open = groups.find((g) => g.options.some((o) => o.href === state.active));
  const shown = groups.map((g) => (g === open ? g : { ...g, options: g.options.slice(0, 1) }));
  const options = shown.flatMap((g) => g.options);
  const query = state.value.trim();
  const visible = state.open && query !== "";
  const n = options.length;
  const active = options.findIndex((o) => o.href === state.active);
  const close = () => set({ ...state, open: false, active: "" });
  const pages = groups.length;
  return {
    value: state.value,
    expanded: visible && n > 0,
    activeId: options[active]?.id,
    results: <SearchResults groups={shown} activeId={options[active]?.id} />,
    message: !visible
      ? ""
      : pages
        ? `${pages} page${pages === 1 ? "" : "s"} found`
        : `No results for “${query}”. Try fewer or different words.`,
    showMessage: visible && !n,
    onFocus: () => set({ ...state, open: true }),
    onChange: (value) => set({ value, open: true, active: "" }),
    onBlur(e) {
      if (!e.currentTarget.contains(e.relatedTarget as Node | null)) close();
    },
    onKeyDown(e) {
      if (e.key === "ArrowDown" || e.key === "ArrowUp") {
        e.preventDefault();
        if (!n) return set({ ...state, open: true });
        const next = e.key === "ArrowDown" ? (active + 1) % n : active <= 0 ? n - 1 : active - 1;
        set({ ...state, open: true, active: options[next]!.href });
        document.getElementById(options[next]!.id)?.scrollIntoView({ block: "nearest" });
      } else if (e.key === "Enter" && visible && n) {
        e.preventDefault();
        close();
        go(options[Math.max(active, 0)]!.href);
      } else if (e.key === "Escape") {
        e.preventDefault();
        if (visible) close();
        else set({ value: "", open: false, active: "" });
      }
    },
  };
}
