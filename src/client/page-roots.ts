/**
 * The page's own elements the client starts from, found by where the build puts them: children of
 * `<body>`, where a page's content never stands (it is all inside `#app`). A heading or any other
 * element of the content cannot stand in for them, whatever its id (src/shared/site-ids.ts keeps
 * content ids off the site's own as well).
 */
import { SITE_ID } from "../shared/site-ids.ts";

/** The `<script type="application/json">` that holds the page's boot data. */
export function bootElement(): HTMLScriptElement | null {
  return document.querySelector<HTMLScriptElement>(
    `body > script[type="application/json"]#${SITE_ID.boot}`,
  );
}

/** The element React hydrates. */
export function appElement(): HTMLElement | null {
  return document.querySelector<HTMLElement>(`body > div#${SITE_ID.app}`);
}
