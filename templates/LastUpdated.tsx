import type { PageData } from "../src/shared/types.ts";

/** When the page's source last changed (its last commit), when the build knew it (docs/design.md §8). */
export function LastUpdated({ page }: { page: PageData }) {
  if (!page.lastUpdated) return null;
  return (
    <p className="last-updated">
      Last updated <time dateTime={page.lastUpdated.iso}>{page.lastUpdated.text}</time>
    </p>
  );
}
