/**
 * The deferred parts in the browser (templates/Deferred.tsx): components that suspend until the
 * parts' chunk is there. React's side of the client loads it before hydrating (main.tsx); should
 * it fail, React keeps the server's HTML of them.
 */
import { createElement, use, useEffect, useState } from "react";
import type { Parts } from "../../templates/Deferred.tsx";

type PartsModule = typeof import("./live-parts.tsx");

type ScrollSpy = typeof import("./scroll-spy.ts");
let open: (spy: ScrollSpy) => void;
const gate = new Promise<ScrollSpy>((resolve) => (open = resolve));
const loaded = gate
  .then((spy) => Promise.all([import("./live-parts.tsx"), spy]))
  .then(([m, { onScrollThrottled, sectionInView }]) => {
    m.provide({ useState, useEffect, onScrollThrottled, sectionInView });
    // Marked fulfilled at once, so `use` renders the parts in the same commit as a navigation.
    Object.assign(ready, { status: "fulfilled", value: m });
    return m;
  });
// What the parts suspend on: never rejected (should the chunk fail, the server's HTML stays).
const ready = loaded.catch(() => new Promise<never>(() => undefined));

/**
 * Starts loading the parts' chunk (once; the scroll-spy is the page script's, handed over so it
 * is not a chunk of its own); resolves when it is there, rejects when it cannot load.
 */
export function loadParts(spy: ScrollSpy): Promise<PartsModule> {
  open(spy);
  return loaded;
}

const part = <K extends keyof Parts>(name: K) =>
  function Part(props: object) {
    return createElement(
      use(ready as Promise<PartsModule>)[name] as (p: object) => React.ReactNode,
      props,
    );
  } as Parts[K];

const NAMES = [
  "Banner",
  "Breadcrumbs",
  "Feedback",
  "Home",
  "Logo",
  "NotFound",
  "Outline",
  "Pagination",
  "Progress",
  "SiteFooter",
] as const;

/** The parts as suspending components, for `<App parts>`. */
export const LAZY_PARTS = Object.fromEntries(NAMES.map((name) => [name, part(name)])) as Parts;
