/**
 * The search box's state (design.md §5): the index and the engine load on first focus, results
 * follow the input, ↑ ↓ move through them, Enter opens one, Escape closes the list, then clears.
 */
import { useMemo, useRef, useState } from "react";
import type { SearchInputProps } from "../../../templates/SearchInput.tsx";
import type { SearchIndexFile } from "../../shared/types.ts";
import type { Search } from "./engine.ts";

type Engine = Search | "loading" | "error";

/** Props for the live SearchInput. `indexUrl` names the index file; `go` follows a result. */
export function useSearch(base: string, indexUrl: () => Promise<string>, go: (href: string) => void): SearchInputProps {
  const [value, setValue] = useState("");
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [engine, setEngine] = useState<Engine | null>(null);
  const loading = useRef(false);
  const query = value.trim();
  const groups = useMemo(() => (typeof engine === "function" && query ? engine(query) : []), [engine, query]);
  const options = groups.flatMap((g) => g.options);

  const load = () => {
    if (loading.current) return;
    loading.current = true;
    setEngine("loading");
    Promise.all([import("./engine.ts"), indexUrl().then((url) => fetch(url)).then((r) => (r.ok ? (r.json() as Promise<SearchIndexFile>) : Promise.reject(new Error(`HTTP ${r.status}`))))]).then(
      ([m, file]) => setEngine(() => m.createSearch(file, base)),
      (e: unknown) => {
        console.error("docs: search index failed to load", e);
        loading.current = false;
        setEngine("error");
      },
    );
  };

  const close = () => {
    setOpen(false);
    setActive(-1);
  };
  const follow = (i: number) => {
    const option = options[i];
    if (!option) return;
    close();
    go(option.href);
  };

  const shown = open && query !== "";
  const message = !shown
    ? ""
    : engine === "error"
      ? "Search is unavailable right now. Try again in a moment."
      : typeof engine !== "function"
        ? "Loading search…"
        : options.length
          ? `${options.length} result${options.length === 1 ? "" : "s"}`
          : `No results for “${query}”. Try fewer or different words.`;
  return {
    value,
    expanded: shown && options.length > 0,
    activeId: options[active]?.id,
    groups,
    message,
    showMessage: shown && !options.length,
    onChange(v) {
      setValue(v);
      setOpen(true);
      setActive(-1);
      if (engine === "error") load();
    },
    onFocus() {
      load();
      setOpen(true);
    },
    onBlur(e) {
      if (!e.currentTarget.contains(e.relatedTarget as Node | null)) close();
    },
    onKeyDown(e) {
      const n = options.length;
      if (e.key === "ArrowDown" || e.key === "ArrowUp") {
        e.preventDefault();
        setOpen(true);
        if (!n) return;
        const next = e.key === "ArrowDown" ? (active + 1) % n : active <= 0 ? n - 1 : active - 1;
        setActive(next);
        document.getElementById(options[next]!.id)?.scrollIntoView({ block: "nearest" });
      } else if (e.key === "Enter" && shown && n) {
        e.preventDefault();
        follow(Math.max(active, 0));
      } else if (e.key === "Escape") {
        if (shown) close();
        else setValue("");
        e.preventDefault();
      }
    },
  };
}
