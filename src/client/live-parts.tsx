/**
 * The deferred parts as the browser runs them (the chunk src/client/parts.ts loads): the
 * templates' parts, with the feedback and not-found parts made live. It imports nothing the page
 * bundle has (a module both import would become a chunk of its own, one more request on every
 * first load): no src/shared/url.ts, no analytics module, and React's hooks are handed over.
 */
import type { ComponentProps } from "react";
import { Feedback, type FeedbackProps } from "../../templates/Feedback.tsx";
import { NotFound, type NotFoundProps } from "../../templates/NotFound.tsx";
import { Outline } from "../../templates/Outline.tsx";
import { closest } from "../shared/similar.ts";
import type { NavLink, SidebarNode } from "../shared/types.ts";

export {
  Banner,
  Breadcrumbs,
  Home,
  Logo,
  Pagination,
  Progress,
  SiteFooter,
} from "../../templates/parts.ts";

/** What the page bundle hands over: React's hooks and the scroll-spy (importing them here would split each into a chunk of its own). */
export interface Runtime {
  useState: typeof import("react").useState;
  useEffect: typeof import("react").useEffect;
  onScrollThrottled: typeof import("./scroll-spy.ts").onScrollThrottled;
  sectionInView: typeof import("./scroll-spy.ts").sectionInView;
}
let rt: Runtime;
const useState = <S,>(initial: S) => rt.useState<S>(initial);
const useEffect: Runtime["useEffect"] = (effect, deps) => rt.useEffect(effect, deps);

/** Receives the runtime from the page bundle, before any part renders. */
export function provide(runtime: Runtime): void {
  rt = runtime;
}

/** "On this page" with its own scroll-spy: the section in view among its levels (`###` too), same throttle as the sidebar's. */
export function LiveOutline(props: ComponentProps<typeof Outline>) {
  const { page, site } = props;
  const [slug, setSlug] = useState<string | null>(null);
  useEffect(() => {
    const levels = page.outline;
    if (!levels) return;
    const stop = new AbortController();
    // Run once the router has scrolled to the new page's place (the update runs on a timer).
    rt.onScrollThrottled(
      site.navigation.scrollSpyThrottleMs,
      () => setSlug(rt.sectionInView(page.headers, levels)),
      stop.signal,
    )();
    return () => stop.abort();
  }, [page, site]);
  return <Outline {...props} activeSlug={slug} />;
}
export { LiveOutline as Outline };

/** At most this many suggestions (docs/design.md §8). */
const MAX_SUGGESTIONS = 3;
/** Below this similarity a route is no longer a plausible intended address. */
const SUGGEST_THRESHOLD = 0.4;

/** "Was this page helpful?", answered once per page view; the answer goes to the tag manager's data layer. */
export function LiveFeedback(props: FeedbackProps) {
  const [answer, setAnswer] = useState<boolean | null>(null);
  useEffect(() => {
    // A page view (docs/design.md §5: after a completed or redirected navigation) asks anew.
    const onNavigated = (e: Event) =>
      /^(completed|redirected)$/.test((e as CustomEvent<{ outcome: string }>).detail.outcome) &&
      setAnswer(null);
    addEventListener("docs:navigated", onNavigated);
    return () => removeEventListener("docs:navigated", onNavigated);
  }, []);
  useEffect(() => {
    // The buttons are gone: keep keyboard focus on what replaced them.
    if (answer != null) document.querySelector<HTMLElement>(".feedback-thanks")?.focus();
  }, [answer]);
  const onAnswer = (helpful: boolean) => {
    if (answer != null) return;
    setAnswer(helpful);
    // The tag manager reads entries pushed before it loaded, too.
    const w = window as unknown as { dataLayer?: object[] };
    (w.dataLayer ??= []).push({ event: "page_feedback", page_path: location.pathname, helpful });
  };
  return <Feedback {...props} answer={answer} onAnswer={onAnswer} />;
}
export { LiveFeedback as Feedback };

/** The not-found page with suggestions for the address in the address bar, and search for its words. */
export function LiveNotFound(props: NotFoundProps) {
  const base = props.site.base;
  const path = decode(location.pathname);
  const asked = path.startsWith(base) ? path.slice(base.length - 1) : path;
  const [suggestions, setSuggestions] = useState<NavLink[] | undefined>(undefined);
  // After hydration (the server's HTML has none), and again for each address asked for.
  useEffect(() => setSuggestions(suggestPages(props.site.sidebar, asked)), [props.site, asked]);
  const onSearchAddress = () => {
    const input = document.querySelector<HTMLInputElement>("#search-input");
    if (!input) return;
    input.focus();
    // The search box is React's: set its value as typing does (the prototype's setter, then an
    // input event), so its onChange sees the change.
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, "value")!.set!.call(
      input,
      addressWords(asked),
    );
    input.dispatchEvent(new Event("input", { bubbles: true }));
  };
  return <NotFound {...props} suggestions={suggestions} onSearchAddress={onSearchAddress} />;
}
export { LiveNotFound as NotFound };

/** Up to three pages of the sidebar (where every page is) whose route is most like `asked`. */
export function suggestPages(sidebar: SidebarNode[], asked: string): NavLink[] {
  const pages = new Map<string, string>();
  const walk = (nodes: SidebarNode[]) => {
    for (const n of nodes) {
      if (n.route && !pages.has(n.route)) pages.set(n.route, n.text);
      if (n.kind === "group") walk(n.items);
    }
  };
  walk(sidebar);
  return closest(asked.toLowerCase(), pages.keys(), MAX_SUGGESTIONS, SUGGEST_THRESHOLD).map(
    (route) => ({ route, text: pages.get(route)! }),
  );
}

/** The words of an address, for the search box: `/workflow/trigers/` → `workflow trigers`. */
export function addressWords(asked: string): string {
  return asked
    .replace(/(\/index)?\.html$/, "")
    .split(/[/_.\s-]+/)
    .filter(Boolean)
    .join(" ");
}

function decode(path: string): string {
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}
