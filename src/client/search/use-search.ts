/**
 * The search box's state, in every page's bundle: the value typed, whether the list is open and
 * which option is active. Everything else (lunr, the index, the keys, the messages) loads with
 * the index on first focus (box.tsx, its own chunk).
 */
import { useMemo, useRef, useState } from "react";
import type { SearchInputProps } from "../../../templates/SearchInput.tsx";
import type { SearchIndexFile } from "../../shared/types.ts";
import { routeToPath } from "../../shared/url.ts";
import type { Search } from "./engine.ts";

/** What the reader has done in the search box. */
export interface SearchState {
  value: string;
  open: boolean;
  /** Index of the active option in display order, -1 for none. */
  active: number;
}

type Loaded = { box: typeof import("./box.tsx"); search: Search };

/** Props for the live SearchInput. `indexUrl` names the index file; `go` follows a result. */
export function useSearch(base: string, indexUrl: () => Promise<string>, go: (href: string) => void): SearchInputProps {
  const [state, setState] = useState<SearchState>({ value: "", open: false, active: -1 });
  const [loaded, setLoaded] = useState<Loaded | "error" | null>(null);
  const loading = useRef(false);
  const query = state.value.trim();
  const groups = useMemo(() => (loaded && loaded !== "error" && query ? loaded.search(query) : []), [loaded, query]);
  if (loaded && loaded !== "error") return loaded.box.searchProps(state, setState, groups, go);

  // Until the engine is here (or when it failed): typing works and the status says why nothing shows.
  const load = () => {
    if (loading.current) return;
    loading.current = true;
    const file = indexUrl()
      .then((url) => fetch(url))
      .then((r) => (r.ok ? (r.json() as Promise<SearchIndexFile>) : Promise.reject(new Error(`HTTP ${r.status}`))));
    Promise.all([import("./box.tsx"), file]).then(
      ([box, f]) => setLoaded({ box, search: box.createSearch(f, (route, slug) => routeToPath(base, route) + (slug && "#" + slug)) }),
      (e: unknown) => {
        console.error("docs: search index failed to load", e);
        loading.current = false;
        setLoaded("error");
      },
    );
  };
  const shown = state.open && query !== "";
  return {
    value: state.value,
    message: shown ? (loaded ? "Search is unavailable right now. Try again in a moment." : "Loading search…") : "",
    showMessage: shown,
    onFocus() {
      load();
      setState((s) => ({ ...s, open: true }));
    },
    onChange(value) {
      load();
      setState({ value, open: true, active: -1 });
    },
    onBlur(e) {
      if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setState((s) => ({ ...s, open: false }));
    },
  };
}
