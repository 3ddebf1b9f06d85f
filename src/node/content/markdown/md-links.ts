/**
 * Links to Markdown files, as GitHub and VitePress read them: `[limits](./limits.md)`,
 * `[x](../limits.md#http-payload)` (relative to the page's file), `/limits.md` (from the content
 * folder), `guide/index.md` (the folder's route). Each becomes the page's route, checked with its
 * anchor like any site link. `?raw` asks for the page's Markdown for machines instead
 * (docs/design.md §8): `[limits as Markdown](./limits.md?raw)` → `/docs/v2/limits.md`.
 */
import { posix } from "node:path";
import type { Diagnostic } from "../../core/errors.ts";
import { markdownPath } from "../../../shared/url.ts";
import { fileToRoute, isPartPath } from "../discover.ts";

const MD_LINK_RE = /^([^?#]*\.md)(\?raw(?:=true)?)?(#.*)?$/;

/** A Markdown link resolved: the route it is checked as (with its anchor) and the href it gets. */
export type MarkdownLink =
  { route: string; href: string } | { problem: Omit<Diagnostic, "file" | "line" | "column"> };

/**
 * Resolves `url` (a site or relative URL) when it names a `.md` file; undefined for any other
 * link. `page` is the linking page's path in content/ (`guide/limits.md`).
 */
export function resolveMarkdownLink(
  url: string,
  page: string,
  base: string,
): MarkdownLink | undefined {
  const m = MD_LINK_RE.exec(url);
  if (!m) return undefined;
  const [, path, raw, hash = ""] = m as unknown as [
    string,
    string,
    string | undefined,
    string | undefined,
  ];
  let decoded: string;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    return undefined;
  }
  const target = posix.normalize(
    decoded.startsWith("/") ? decoded.slice(1) : posix.join(posix.dirname(page), decoded),
  );
  if (target.startsWith("../") || target === ".." || posix.isAbsolute(target)) {
    return {
      problem: {
        rule: "broken-link",
        message: `link to ${url} leads outside the content folder`,
        hint: "link to a page under content/, relative to this file or from content/ with a leading /",
      },
    };
  }
  // `./.md`, `./.hidden.md`: no page has such a file (names starting with `.` are skipped), and
  // `.md` alone would otherwise be read as the folder's index, the home page.
  if (target.split("/").some((segment) => segment.startsWith("."))) {
    return {
      problem: {
        rule: "broken-link",
        message: `link to ${url} names no page: '${posix.basename(target)}' is not a page's file name`,
        hint: "name the page's file, e.g. ./limits.md (a file whose name starts with '.' is never a page)",
      },
    };
  }
  if (isPartPath(target)) {
    return {
      problem: {
        rule: "broken-link",
        message: `link to ${url} names a part (a file under a '_' folder or name), not a page`,
        hint: "link to the page that includes the part",
      },
    };
  }
  const route = fileToRoute(target);
  if (raw) {
    if (hash)
      return {
        problem: {
          rule: "broken-link",
          message: `link to ${url}: the Markdown for machines has no anchors`,
          hint: "drop the #anchor, or drop ?raw to link to the page",
        },
      };
    return { route, href: markdownPath(base, route) };
  }
  return { route: route + hash, href: base.replace(/\/$/, "") + route + hash };
}
