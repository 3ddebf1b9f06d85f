/**
 * The search box's state, in every page's bundle: the value typed, whether the list is open and
 * which option is active. Everything else (lunr, the engine, the keys, the messages) loads with
 * the index's head file on first focus (box.tsx, its own chunk).
 */
import { useMemo, useRef, useState } from "react";
import type { SearchInputProps } from "../../../templates/SearchInput.tsx";
import type { SearchHead } from "../../shared/search/format.ts";
import type { RouteManifest } from "../../shared/types.ts";
import type { Search } from "./engine.ts";

/** What the reader has done in the search box. */
export interface SearchState {
  value: string;
  open: boolean;
  /** The href of the active option, "" for none (options come and go as sections load). */
  active: string;
}

type Loaded = { box: typeof import("./box.tsx"); search: Search };

/** Props for the live SearchInput; `go` follows a result. */
export function useSearch(
  base: string,
  /** The assets folder's URL (boot data): the index and the page data are there. */
  assets: string,
  manifest: Promise<RouteManifest>,
  go: (href: string) => void,
): SearchInputProps {
  const [state, setState] = useState<SearchState>({ value: "", open: false, active: "" });
  const [loaded, setLoaded] = useState<Loaded | "error" | null>(null);
  // Bumped when a shard or a page's sections arrive: the same query, more to show.
  const [version, setVersion] = useState(0);
  const loading = useRef(false);
  const query = state.value.trim();
  const groups = useMemo(
    () => (loaded && loaded !== "error" && query ? loaded.search(state.value) : []),
    [loaded, state.value, version],
  );
  if (loaded && loaded !== "error") return loaded.box.searchProps(state, setState, groups, go);

  // Until the engine is here (or when it failed): typing works and the status says why nothing shows.
  const load = () => {
    if (loading.current) return;
    loading.current = true;
    const head = manifest
      .then((m) => fetch(assets + m.search))
      .then((r) =>
        r.ok ? (r.json() as Promise<SearchHead>) : Promise.reject(new Error(`HTTP ${r.status}`)),
      );
    Promise.all([import("./box.tsx"), head]).then(
      ([box, h]) =>
        setLoaded({
          box,
          search: box.createSearch(h, box.fetchSources(base, assets, manifest), () =>
            setVersion((v) => v + 1),
          ),
        }),
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
    message: shown
      ? loaded
        ? "Search is unavailable right now. Try again in a moment."
        : "Loading search…"
      : "",
    showMessage: shown,
    onFocus() {
      load();
      setState((s) => ({ ...s, open: true }));
    },
    onChange(value) {
      load();
      setState({ value, open: true, active: "" });
    },
    onBlur(e) {
      if (!e.currentTarget.contains(e.relatedTarget as Node | null))
        setState((s) => ({ ...s, open: false }));
    },
  };
}
