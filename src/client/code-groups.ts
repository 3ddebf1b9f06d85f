/**
 * Code groups' tabs (docs/design.md §8), part of the page script. The
 * build renders ARIA tabs with the first selected; this selects the reader's label in every
 * group (the labels chosen last are kept in localStorage, most recent first, so a page without
 * the last choice falls back to the one before), and makes the tabs work: click, arrow keys,
 * Home and End. Panels share one grid cell (templates/theme.css), so no choice moves the page.
 */

const STORAGE_KEY = "brook-code-group";
const KEPT = 8;
const TAB = '.code-group [role="tab"]';

/** The labels the reader chose, most recent first. */
function chosen(): string[] {
  try {
    const value: unknown = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? "[]");
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === "string") : [];
  } catch {
    return [];
  }
}

function remember(label: string): void {
  try {
    localStorage.setItem(
      STORAGE_KEY,
      JSON.stringify([label, ...chosen().filter((l) => l !== label)].slice(0, KEPT)),
    );
  } catch {
    // Storage off or full: the choice holds for this page only.
  }
}

/** Selects `tab` in its group: its panel shown, the others hidden, one tab in the Tab order. */
function select(tab: HTMLElement): void {
  for (const t of tab.parentElement!.querySelectorAll<HTMLElement>('[role="tab"]')) {
    const on = t === tab;
    t.setAttribute("aria-selected", String(on));
    t.tabIndex = on ? 0 : -1;
    document
      .getElementById(t.getAttribute("aria-controls") ?? "")
      ?.toggleAttribute("data-active", on);
  }
}

/** In every group of the page, selects the first of `labels` it has (groups with none keep theirs). */
function selectLabels(labels: string[]): void {
  for (const list of document.querySelectorAll(".code-group [role=tablist]")) {
    const tabs = [...list.querySelectorAll<HTMLElement>('[role="tab"]')];
    for (const label of labels) {
      const tab = tabs.find((t) => t.dataset.label === label);
      if (!tab) continue;
      if (tab.getAttribute("aria-selected") !== "true") select(tab);
      break;
    }
  }
}

/** The reader chose `tab`: its label in every group of the page, and on later pages (clicks come through boot.ts's delegated handler). */
export function choose(tab: HTMLElement): void {
  const label = tab.dataset.label ?? "";
  select(tab);
  selectLabels([label]);
  remember(label);
}

function onKey(e: KeyboardEvent): void {
  const tab = e.target instanceof Element ? e.target.closest<HTMLElement>(TAB) : null;
  if (!tab || e.altKey || e.ctrlKey || e.metaKey) return;
  const tabs = [...tab.parentElement!.querySelectorAll<HTMLElement>('[role="tab"]')];
  const i = tabs.indexOf(tab);
  const to =
    e.key === "ArrowRight"
      ? i + 1
      : e.key === "ArrowLeft"
        ? i - 1
        : e.key === "Home"
          ? 0
          : e.key === "End"
            ? tabs.length - 1
            : undefined;
  if (to === undefined) return;
  e.preventDefault();
  const next = tabs[(to + tabs.length) % tabs.length]!;
  choose(next);
  next.focus();
}

let listening = false;

/** Applies the reader's labels to the groups of the page shown (again after each new page), and listens for keys. */
export default function startCodeGroups(): void {
  selectLabels(chosen());
  if (listening) return;
  listening = true;
  document.addEventListener("keydown", onKey);
}
