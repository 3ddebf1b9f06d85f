/** The layouts pages can choose in frontmatter (`layout:`), by name. */
import { Article, ReferenceArticle } from "./Article.tsx";
import { HomeLayout, NotFoundLayout } from "./Deferred.tsx";

/** Layout components by name; each takes `{ site, page, ui }`. */
export const LAYOUT_COMPONENTS = {
  doc: Article,
  reference: ReferenceArticle,
  home: HomeLayout,
  "not-found": NotFoundLayout,
} as const;
