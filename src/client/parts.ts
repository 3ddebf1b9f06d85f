/**
 * The deferred parts in the browser (templates/Deferred.tsx): components that suspend until the
 * parts' chunk is there. It loads only once `loadParts()` is called (first interaction, a
 * navigation, the home and not-found pages); until then React keeps the server's HTML of them.
 */
import { createElement, use, useEffect, useState } from "react";
import type { Parts } from "../../templates/Deferred.tsx";

type PartsModule = typeof import("./live-parts.tsx");

let open: () => void;
const gate = new Promise<void>((resolve) => (open = resolve));
const loaded = gate
  .then(() => Promise.all([import("./live-parts.tsx"), import("./scroll-spy.ts")]))
  .then(([m, { onScrollThrottled, sectionInView }]) => {
    m.provide({ useState, useEffect, onScrollThrottled, sectionInView });
    // Marked fulfilled at once, so `use` renders the parts in the same commit as a navigation.
    Object.assign(ready, { status: "fulfilled", value: m });
    return m;
  });
// What the parts suspend on: never rejected (should the chunk fail, the server's HTML stays).
const ready = loaded.catch(() => new Promise<never>(() => undefined));

/** Starts loading the parts' chunk (once); resolves when it is there, rejects when it cannot load. */
export function loadParts(): Promise<PartsModule> {
  open();
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
