/**
 * Where the assistant server reads the docs from: a finished build folder, or the published site.
 * Both answer one question, "the text of this file under the docs' base", and neither can be
 * made to read anything else: a folder never leaves its root (no `..`, no link that leads out,
 * regular files only), a site is fetched only under its URL.
 */
import { lstatSync, readdirSync, readFileSync, realpathSync, statSync } from "node:fs";
import { join, resolve, sep } from "node:path";
import { ASSETS_FOLDER, MANIFEST_FILE } from "../../shared/output-layout.ts";

/** Largest file the server reads (llms-full.txt of the docs is under 1 MB). */
const MAX_FILE_BYTES = 8 * 1024 * 1024;
/** How long a fetch of the published site may take. */
const FETCH_TIMEOUT_MS = 15_000;
/** How deep under a build folder the docs' base is looked for (`docs/v2/` is two). */
const MAX_BASE_DEPTH = 4;

/** Reads files under the docs' base (`routes.json`, `limits.md`, `assets/…`). */
export interface DocsSource {
  /** The docs' base path (`/docs/v2/`). */
  readonly base: string;
  /** The published docs' URL when the source is the published site (`https://brook.example/docs/v2/`). */
  readonly siteUrl?: string;
  /** Names the source in messages. */
  readonly name: string;
  /** The file's text, or undefined when there is none. */
  read(path: string): Promise<string | undefined>;
}

/** Why the docs cannot be read at all (not a build, a site that does not answer). */
export class NotADocsSite extends Error {}

/** Whether `path` is a plain relative path: no empty, `.`, `..` or hidden segment, no backslash or control character. */
export function isPlainPath(path: string): boolean {
  // eslint-disable-next-line no-control-regex
  if (!path || path.startsWith("/") || /[\\\u0000-\u001f\u007f%]/.test(path)) return false;
  return path.split("/").every((s) => s !== "" && !s.startsWith("."));
}

/** A finished build: `dir` is the web root `brook-docs build` wrote (default dist/). */
export function folderSource(dir: string): DocsSource {
  const root = resolve(dir);
  let realRoot: string;
  try {
    realRoot = realpathSync(root);
    if (!statSync(realRoot).isDirectory()) throw new Error("not a folder");
  } catch {
    throw new NotADocsSite(`${dir} is not a folder; build the docs first (brook-docs build)`);
  }
  const base = findBase(realRoot);
  if (!base) {
    throw new NotADocsSite(
      `${dir} is not a Brook build: no ${MANIFEST_FILE} under it; build the docs first (brook-docs build) and pass the output folder`,
    );
  }
  const readPlain = (path: string): string | undefined => {
    if (!isPlainPath(path)) return undefined;
    const full = join(realRoot, ...base.slice(1).split("/").filter(Boolean), ...path.split("/"));
    try {
      // Only a regular file that is, once every link is followed, still inside the build.
      const real = realpathSync(full);
      if (!real.startsWith(realRoot + sep)) return undefined;
      const st = statSync(real);
      if (!st.isFile() || st.size > MAX_FILE_BYTES) return undefined;
      return readFileSync(real, "utf8");
    } catch {
      return undefined;
    }
  };
  return {
    base,
    name: dir,
    read: async (path) => readPlain(path),
  };
}

/** The docs' base under a build folder: the folder that holds the route manifest and a 404 page. */
function findBase(root: string): string | undefined {
  const walk = (rel: string, depth: number): string | undefined => {
    const here = join(root, rel);
    if (isFile(join(here, MANIFEST_FILE)) && isFile(join(here, "404.html"))) return `/${rel}`;
    if (depth >= MAX_BASE_DEPTH) return undefined;
    let names: string[];
    try {
      names = readdirSync(here).sort();
    } catch {
      return undefined;
    }
    for (const name of names) {
      if (name.startsWith(".") || name + "/" === ASSETS_FOLDER) continue;
      try {
        if (!lstatSync(join(here, name)).isDirectory()) continue;
      } catch {
        continue;
      }
      const found = walk(`${rel}${name}/`, depth + 1);
      if (found) return found;
    }
    return undefined;
  };
  return walk("", 0);
}

function isFile(path: string): boolean {
  try {
    return lstatSync(path).isFile();
  } catch {
    return false;
  }
}

/**
 * The published docs at `siteUrl` (`https://brook.example/docs/v2/`): each file fetched once and
 * kept, and nothing fetched outside that URL (redirects are not followed).
 */
export function siteSource(siteUrl: string, fetchFn: typeof fetch = fetch): DocsSource {
  let prefix: URL;
  try {
    prefix = new URL(siteUrl);
  } catch {
    throw new NotADocsSite(
      `--site ${siteUrl} is not a URL; pass the docs' address, such as https://brook.example/docs/v2/`,
    );
  }
  if (prefix.protocol !== "https:" && prefix.protocol !== "http:") {
    throw new NotADocsSite(`--site ${siteUrl}: only http: and https: sites can be read`);
  }
  prefix.search = "";
  prefix.hash = "";
  if (!prefix.pathname.endsWith("/")) prefix.pathname += "/";
  const cache = new Map<string, Promise<string | undefined>>();
  const fetchText = async (url: string): Promise<string | undefined> => {
    const response = await fetchFn(url, {
      redirect: "manual",
      signal: AbortSignal.timeout(FETCH_TIMEOUT_MS),
    });
    if (response.status !== 200) {
      await response.body?.cancel();
      return undefined;
    }
    return readCapped(response);
  };
  return {
    base: prefix.pathname,
    siteUrl: prefix.href,
    name: prefix.href,
    read(path) {
      if (!isPlainPath(path)) return Promise.resolve(undefined);
      const url = new URL(path, prefix).href;
      if (!url.startsWith(prefix.href)) return Promise.resolve(undefined);
      let text = cache.get(path);
      if (!text) {
        text = fetchText(url).catch(() => undefined);
        cache.set(path, text);
        // A failure is not kept: the next call asks again.
        void text.then((t) => t === undefined && cache.delete(path));
      }
      return text;
    },
  };
}

/**
 * A body's text, or undefined past MAX_FILE_BYTES: read chunk by chunk and dropped as soon as it
 * is too long, since `text()` would hold an endless answer in memory until the fetch timed out.
 */
async function readCapped(response: Response): Promise<string | undefined> {
  if (!response.body) return "";
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let bytes = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    bytes += value.byteLength;
    if (bytes > MAX_FILE_BYTES) {
      await reader.cancel();
      return undefined;
    }
    chunks.push(value);
  }
  // As `text()` decodes: UTF-8, a byte-order mark dropped.
  return new TextDecoder().decode(Buffer.concat(chunks));
}
