/**
 * Images of a page (docs/design.md §8): every image loads lazily and decodes off the main thread; a
 * local one (a file of public/, by site path or relative to the page) gets the `width` and
 * `height` of its file, so the page does not move when it arrives, and is a `file:line` error
 * when the file is missing. The file is read under the rules of source-files.ts and becomes a
 * dependency of the page (a new size renders it again).
 */
import { posix } from "node:path";
import type { Element } from "hast";
import { imageSize } from "image-size";
import { classifyUrl, safeDecode } from "../../../shared/url-policy.ts";
import { pathToRoute, routeToPath } from "../../../shared/url.ts";
import { MAX_PUBLIC_FILE_BYTES } from "../limits.ts";
import type { RenderContext } from "./markdown.ts";
import { isSkippedName } from "../parts/walk.ts";
import { placeOf } from "./pass-report.ts";

/** Adds loading hints to every image and the size of its file to each local one. */
export function sizeImages(images: Element[], ctx: RenderContext): void {
  for (const img of images) {
    img.properties.loading = "lazy";
    img.properties.decoding = "async";
    const src = img.properties.src;
    if (typeof src !== "string" || !ctx.reader) continue;
    const local = publicPath(src, ctx.base, ctx.route ?? "/");
    if (local === undefined) continue;
    const place = placeOf(img, ctx);
    // As written: site paths without the base the mdast pass gave them.
    const written = src.startsWith(ctx.base) ? src.slice(ctx.base.length - 1) : src;
    const missing = (why: string) =>
      ctx.diagnostics.push({
        ...place,
        rule: "image-missing",
        message: `image ${JSON.stringify(written.slice(0, 80))}: ${why}`,
        hint: "put the file in public/ (public/img/x.png is /img/x.png), or fix the path",
      });
    if ("problem" in local) {
      missing(local.problem);
      continue;
    }
    const read = ctx.reader.read("public", local.path, MAX_PUBLIC_FILE_BYTES);
    if ("problem" in read) {
      missing(
        read.problem.kind === "missing"
          ? `${read.problem.message} (images are files of public/)`
          : read.problem.message,
      );
      continue;
    }
    try {
      const size = imageSize(read.bytes);
      if (size.width && size.height) {
        img.properties.width = size.width;
        img.properties.height = size.height;
        continue;
      }
    } catch {
      // Not an image format image-size reads: reported below.
    }
    ctx.diagnostics.push({
      ...place,
      rule: "image-size",
      message: `image ${read.display}: its width and height cannot be read`,
      hint: "use a PNG, JPEG, GIF, WebP, AVIF or an SVG with width and height (or a viewBox)",
    });
  }
}

/**
 * The path under public/ of a local image URL (as the page's HTML has it: site paths with the
 * base), undefined for an external one, a problem when it leads out of the site.
 */
function publicPath(
  src: string,
  base: string,
  route: string,
): { path: string } | { problem: string } | undefined {
  const verdict = classifyUrl(src);
  if (!verdict.ok || (verdict.kind !== "site" && verdict.kind !== "relative")) return undefined;
  const url = new URL(src, "http://site.invalid" + routeToPath(base, route));
  const underBase = pathToRoute(base, url.pathname);
  if (underBase === null) return { problem: `it leads out of ${base}` };
  const decoded = safeDecode(underBase);
  if (decoded === undefined) return { problem: "it has a malformed %-escape" };
  const path = posix.normalize(decoded).replace(/^\/+/, "");
  if (path === "" || path.endsWith("/") || path.startsWith(".."))
    return { problem: "it names a folder, not a file" };
  if (path.split("/").some(isSkippedName))
    return { problem: "it names a hidden file, which the build never reads" };
  return { path };
}
