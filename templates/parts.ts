/**
 * The parts of the page that the browser loads on first use, as their own chunk (first-load
 * JavaScript on a doc page stays within budget): the server renders them in place, and the client
 * hydrates them once the reader interacts or navigates (templates/Deferred.tsx). The home and
 * not-found layouts are here too: a doc page never needs them at first.
 */
export { Banner } from "./Banner.tsx";
export { Breadcrumbs } from "./Breadcrumbs.tsx";
export { Feedback } from "./Feedback.tsx";
export { Home } from "./Home.tsx";
export { Logo } from "./Logo.tsx";
export { NotFound } from "./NotFound.tsx";
export { Outline } from "./Outline.tsx";
export { Pagination } from "./Pagination.tsx";
export { Progress } from "./Progress.tsx";
export { SiteFooter } from "./SiteFooter.tsx";
