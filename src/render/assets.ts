/**
 * The reader's client bundle and the stylesheet: esbuild, minified, content-hashed (design.md §5).
 * They depend on the generator's code only, never on content: the bin builds them once beside
 * the CLI bundle (BROOK_DOCS_ASSETS); without that (tests), they are built once per process.
 */
import { existsSync, readFileSync } from "node:fs";
import { contentHash } from "./hash.ts";
import { join } from "node:path";
import { projectRoot } from "../paths.ts";
import { codeThemeCss } from "../content/code-theme.ts";

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

/** The client assets: the prebuilt ones of the bin when present, else built once for this process. */
export function clientAssets(): Promise<ClientAssets> {
  const dir = process.env.BROOK_DOCS_ASSETS;
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
  built ??= buildClientAssets();
  return built;
}

/** Bundles src/client (hydration entry, lazy chunks, the `<head>` scripts, the redirect helper) and the stylesheet. */
export async function buildClientAssets(root = projectRoot()): Promise<ClientAssets> {
  const { build } = await import("esbuild");
  const [client, css] = await Promise.all([
    build({
      absWorkingDir: root,
      entryPoints: {
        client: join(root, "src/client/main.tsx"),
        early: join(root, "src/client/early.ts"),
        banner: join(root, "src/client/banner.ts"),
        redirect: join(root, "src/client/redirect.ts"),
      },
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
    }),
    bundleCss(root),
  ]);
  const files: AssetFile[] = client.outputFiles.map((f) => ({
    path: f.path.slice(f.path.lastIndexOf("/out/") + 5),
    content: f.contents,
  }));
  files.push(css);
  return {
    files,
    entry: files.find((f) => f.path.startsWith("client."))!.path,
    earlyScript: files.find((f) => f.path.startsWith("early."))!.path,
    bannerScript: files.find((f) => f.path.startsWith("banner."))!.path,
    redirectScript: files.find((f) => f.path.startsWith("redirect."))!.path,
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
