/** The layouts pages can choose in frontmatter (`layout:`), by name. */
import { Article } from "./Article.tsx";
import { Home } from "./Home.tsx";
import { NotFound } from "./NotFound.tsx";

export const LAYOUT_COMPONENTS = { doc: Article, home: Home, "not-found": NotFound } as const;
