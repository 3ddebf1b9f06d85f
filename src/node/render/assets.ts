/**
 * The reader's client bundle and the stylesheet: esbuild, minified, content-hashed (docs/design.md §5).
 * They depend on the generator's code only, never on content: the bin builds them once beside
 * the CLI bundle (BROOK_DOCS_ASSETS); without that (tests), they are built once per process.
 */
import { existsSync, readFileSync } from "node:fs";
import { contentHash } from "./hash.ts";
import { join } from "node:path";
import { codeThemeCss } from "../content/code/code-theme.ts";

/** A file of the assets folder: path relative to it, and its content. */
export interface AssetFile {
  path: string;
  content: string | Uint8Array;
}

/** The client's files and the names pages refer to. */
export interface ClientAssets {
  files: AssetFile[];
  /** The hydration entry (`client.<hash>.js`). */
  entry: string;
  /** The classic `<head>` script that settles layout and theme before the first paint (src/client/early.ts). */
  earlyScript: string;
  /** The classic `<head>` script of the announcement banner, linked only when config has one (src/client/banner.ts). */
  bannerScript: string;
  /** The classic script of redirect stubs. */
  redirectScript: string;
  /** The stylesheet (`style.<hash>.css`). */
  css: string;
}

let built: Promise<ClientAssets> | undefined;

/**
 * The client assets: the prebuilt ones of the bin in `dir` (Settings.assetsDir) when present, else
 * built once for this process from the sources in `root`.
 */
export function clientAssets(dir: string | undefined, root: string): Promise<ClientAssets> {
  if (dir && existsSync(join(dir, "index.json"))) {
    const index = JSON.parse(readFileSync(join(dir, "index.json"), "utf8")) as Omit<
      ClientAssets,
      "files"
    > & { files: string[] };
    return Promise.resolve({
      ...index,
      files: index.files.map((path) => ({ path, content: readFileSync(join(dir, path)) })),
    });
  }
  built ??= buildClientAssets(root);
  return built;
}

/**
 * Bundles src/client in two builds and the stylesheet. React's side (main.tsx, loaded on intent)
 * first, then the page's scripts: the module entry (boot.ts), told the name of React's entry, the
 * `<head>` scripts and the redirect helper. Two builds, because one would put esbuild's helpers in
 * a chunk shared by both sides: one more request on every first load.
 */
export async function buildClientAssets(root: string): Promise<ClientAssets> {
  const { build } = await import("esbuild");
  const options: import("esbuild").BuildOptions & { write: false; define: Record<string, string> } =
    {
      absWorkingDir: root,
      bundle: true,
      splitting: true,
      format: "esm",
      platform: "browser",
      target: ["es2020"],
      minify: true,
      write: false,
      outdir: "out",
      entryNames: "[name].[hash]",
      chunkNames: "[name].[hash]",
      jsx: "automatic",
      define: { "process.env.NODE_ENV": '"production"' },
      legalComments: "none",
      logLevel: "silent",
    };
  const [live, css] = await Promise.all([
    build({ ...options, entryPoints: { main: join(root, "src/client/main.tsx") } }),
    bundleCss(root),
  ]);
  const files = (outputs: { path: string; contents: Uint8Array }[]): AssetFile[] =>
    outputs.map((f) => ({
      path: f.path.slice(f.path.lastIndexOf("/out/") + 5),
      content: f.contents,
    }));
  const liveFiles = files(live.outputFiles);
  const main = liveFiles.find((f) => f.path.startsWith("main."))!.path;
  const page = await build({
    ...options,
    entryPoints: {
      client: join(root, "src/client/boot.ts"),
      early: join(root, "src/client/early.ts"),
      banner: join(root, "src/client/banner.ts"),
      redirect: join(root, "src/client/redirect.ts"),
    },
    define: { ...options.define, BROOK_LIVE_ENTRY: JSON.stringify("./" + main) },
    external: ["./main.*"],
  });
  const all = [...files(page.outputFiles), ...liveFiles, css];
  const named = (prefix: string) => all.find((f) => f.path.startsWith(prefix))!.path;
  return {
    files: all,
    entry: named("client."),
    earlyScript: named("early."),
    bannerScript: named("banner."),
    redirectScript: named("redirect."),
    css: css.path,
  };
}

/** templates/theme.css and the code theme's token classes, minified. */
async function bundleCss(root: string): Promise<AssetFile> {
  const { build } = await import("esbuild");
  const source = readFileSync(join(root, "templates", "theme.css"), "utf8") + codeThemeCss();
  const result = await build({
    stdin: { contents: source, loader: "css" },
    bundle: false,
    minify: true,
    write: false,
    logLevel: "silent",
    target: ["chrome100", "firefox100", "safari15"],
  });
  const css = result.outputFiles[0]!.text;
  return { path: `style.${contentHash(css)}.css`, content: css };
}
