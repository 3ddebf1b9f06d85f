/** The client bundle and the stylesheet: esbuild, minified, content-hashed (design.md §5). */
import { build } from "esbuild";
import { readFileSync } from "node:fs";
import { createHash } from "node:crypto";
import { join } from "node:path";
import { projectRoot } from "../paths.ts";
import type { CodeStyles } from "../content/highlight.ts";

/** A file of the assets folder: path relative to it, and its content. */
export interface AssetFile {
  path: string;
  content: string | Uint8Array;
}

/** Short content hash used in file names. */
export function contentHash(content: string | Uint8Array): string {
  return createHash("sha256").update(content).digest("base64url").replace(/[-_]/g, "").slice(0, 10).toLowerCase();
}

/** Bundles src/client (hydration entry, lazy chunks), the `<head>` scripts and the redirect helper. */
export async function bundleClient(): Promise<{ files: AssetFile[]; entry: string; earlyScript: string; bannerScript: string; redirectScript: string }> {
  const root = projectRoot();
  const result = await build({
    absWorkingDir: root,
    entryPoints: { client: join(root, "src/client/main.tsx"), early: join(root, "src/client/early.ts"), banner: join(root, "src/client/banner.ts"), redirect: join(root, "src/client/redirect.ts") },
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
    metafile: true,
  });
  const files = result.outputFiles.map((f) => ({ path: f.path.slice(f.path.lastIndexOf("/out/") + 5), content: f.contents }));
  const entry = files.find((f) => f.path.startsWith("client."))!.path;
  const earlyScript = files.find((f) => f.path.startsWith("early."))!.path;
  const bannerScript = files.find((f) => f.path.startsWith("banner."))!.path;
  const redirectScript = files.find((f) => f.path.startsWith("redirect."))!.path;
  return { files, entry, earlyScript, bannerScript, redirectScript };
}

/** Minifies templates/theme.css and appends the highlighter's token classes. */
export async function bundleCss(codeStyles: CodeStyles): Promise<AssetFile> {
  const source = readFileSync(join(projectRoot(), "templates", "theme.css"), "utf8");
  const tokens = Object.keys(codeStyles)
    .sort()
    .map((cls) => `.${cls}{${codeStyles[cls]}}`)
    .join("");
  const result = await build({
    stdin: { contents: source + tokens, loader: "css" },
    bundle: false,
    minify: true,
    write: false,
    logLevel: "silent",
    target: ["chrome100", "firefox100", "safari15"],
  });
  const css = result.outputFiles[0]!.text;
  return { path: `style.${contentHash(css)}.css`, content: css };
}
