/**
 * Parts rendered in place on the server and hydrated later in the browser (templates/parts.ts).
 * Each sits in a Suspense boundary, so React keeps the server's HTML until the part's code is
 * there; each is memoised, so a re-render of the page around it does not touch the boundary before
 * it has hydrated (an update there would make React drop the server HTML and show the fallback).
 */
import {
  createContext,
  memo,
  Suspense,
  useContext,
  type ComponentProps,
  type ComponentType,
} from "react";
import type { PageData, SiteData } from "../src/shared/types.ts";
import type * as PartsModule from "./parts.ts";
import type { UiState } from "./ui.ts";

type Name = keyof typeof PartsModule;

/** The part components: the real ones on the server, suspending ones in the browser. */
export type Parts = { [K in Name]: ComponentType<ComponentProps<(typeof PartsModule)[K]>> };

/** Which components render the parts; without a provider, parts render nothing. */
export const PartsContext = createContext<Parts | null>(null);

function deferred<K extends Name>(name: K) {
  return memo(function Deferred(props: ComponentProps<(typeof PartsModule)[K]>) {
    // The generic index loses the pairing of name and props; each export below fixes K.
    const Part = useContext(PartsContext)?.[name] as ComponentType<object> | undefined;
    return Part ? (
      <Suspense fallback={null}>
        <Part {...(props as object)} />
      </Suspense>
    ) : null;
  });
}

/** The announcement banner. */
export const DeferredBanner = deferred("Banner");
/** The breadcrumbs and their structured data. */
export const DeferredBreadcrumbs = deferred("Breadcrumbs");
/** "Was this page helpful?" */
export const DeferredFeedback = deferred("Feedback");
/** "On this page". */
export const DeferredOutline = deferred("Outline");
/** Previous and next. */
export const DeferredPagination = deferred("Pagination");
/** The site footer. */
export const DeferredFooter = deferred("SiteFooter");
/** The site logo. */
export const DeferredLogo = deferred("Logo");
/** The navigation progress bar (only ever rendered during a navigation, once the parts are there). */
export const DeferredProgress = deferred("Progress");
const DeferredHome = deferred("Home");
const DeferredNotFound = deferred("NotFound");

type LayoutProps = { site: SiteData; page: PageData; ui?: UiState };
// Only site and page reach a deferred layout: UI state changes on every render.
const layout =
  (Part: typeof DeferredHome) =>
  ({ site, page }: LayoutProps) => <Part site={site} page={page} />;
/** The home layout, deferred. */
export const HomeLayout = layout(DeferredHome);
/** The not-found layout, deferred; the browser's part adds the suggestions. */
export const NotFoundLayout = layout(DeferredNotFound);
