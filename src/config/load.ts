/** Loads site.config.ts (bundled by esbuild, imported once) and validates it against the schema. */
import { existsSync, mkdirSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { createHash } from "node:crypto";
import { build } from "esbuild";
import { z } from "zod";
import { BrookError, type Diagnostic } from "../errors.ts";
import { projectRoot } from "../paths.ts";
import { configSchema, type SiteConfig } from "./schema.ts";

/** The default config file name, looked up in the working directory. */
export const CONFIG_FILE = "site.config.ts";

/**
 * Loads, validates and defaults the config. Without `file`, site.config.ts is looked up beside
 * the content folder (the project root for `content/`); none there → defaults, so any Markdown
 * folder builds.
 */
export async function loadConfig(file: string | undefined, cwd: string, contentDir: string): Promise<{ config: SiteConfig; file?: string }> {
  const path = file ? resolve(cwd, file) : join(dirname(resolve(cwd, contentDir)), CONFIG_FILE);
  if (!existsSync(path)) {
    if (file) throw configError(`config file ${file} does not exist`, "pass an existing file to --config, or omit it", { file });
    return { config: validateConfig({}, "(defaults)") };
  }
  const raw = await importConfigModule(path);
  return { config: validateConfig(raw, relative(cwd, path) || path), file: path };
}

async function importConfigModule(path: string): Promise<unknown> {
  let code: string;
  try {
    const result = await build({
      entryPoints: [path],
      bundle: true,
      write: false,
      platform: "node",
      format: "esm",
      packages: "external",
      // `brook-docs/config` is this generator's defineConfig, wherever the config file lives.
      alias: { "brook-docs/config": join(projectRoot(), "src", "config", "define.ts") },
      logLevel: "silent",
    });
    code = result.outputFiles[0]!.text;
  } catch (e) {
    const first = (e as { errors?: { text: string; location?: { file: string; line: number; column: number } }[] }).errors?.[0];
    const where = first?.location ? `${first.location.file}:${first.location.line}:${first.location.column + 1}: ` : "";
    const message = first?.text ?? "site.config.ts does not compile";
    const place = first?.location ? { file: first.location.file, line: first.location.line, column: first.location.column + 1 } : { file: relative(process.cwd(), path) };
    throw configError(`${where}${message}`, "fix the syntax error in the config file", place, message, e);
  }
  // Import through a file (not a data: URL) so bare imports resolve from the project.
  const dir = join(process.cwd(), "node_modules", ".cache", "brook-docs-config");
  mkdirSync(dir, { recursive: true });
  const out = join(dir, `config-${createHash("sha1").update(code).digest("hex").slice(0, 12)}.mjs`);
  const { writeFileSync } = await import("node:fs");
  writeFileSync(out, code);
  const mod = (await import(pathToFileURL(out).href)) as { default?: unknown };
  if (mod.default === undefined) throw configError(`${path} has no default export`, "export the config: export default defineConfig({ ... })", { file: relative(process.cwd(), path) });
  return mod.default;
}

/** Validates a raw config object; every problem at once, each with its path and a hint. */
export function validateConfig(raw: unknown, file: string): SiteConfig {
  const parsed = configSchema.safeParse(raw);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${formatPath(issue.path)}: ${issueMessage(issue)}`);
    const hint = "fix the fields above in site.config.ts; docs/configuration.md lists every field";
    throw new BrookError(
      `${file}: ${problems.length} problem${problems.length === 1 ? "" : "s"} in the config\n${problems.map((p) => `  ${p}`).join("\n")}`,
      hint,
      // One diagnostic per field, so CI annotates each (docs/ci.md).
      { diagnostics: problems.map((message) => ({ file, message, rule: "config", hint: "docs/configuration.md lists every field" })) },
    );
  }
  const config = parsed.data;
  const gtm = process.env.BROOK_DOCS_GTM_ID;
  if (gtm !== undefined) {
    if (gtm !== "" && !/^GTM-[A-Z0-9]+$/.test(gtm)) throw new BrookError(`BROOK_DOCS_GTM_ID=${gtm} is not a tag manager id`, "use an id like GTM-ABC123, or unset it");
    config.analytics = { gtmId: gtm };
  }
  return config;
}

/** A config problem: today's text for people, one `config` diagnostic for CI reports. */
function configError(text: string, hint: string, place: Omit<Diagnostic, "message" | "rule">, message = text, cause?: unknown): BrookError {
  return new BrookError(text, hint, { cause, diagnostics: [{ ...place, message, rule: "config", hint }] });
}

function formatPath(path: PropertyKey[]): string {
  return path.reduce<string>((acc, key) => (typeof key === "number" ? `${acc}[${key}]` : acc ? `${acc}.${String(key)}` : String(key)), "") || "(root)";
}

function issueMessage(issue: z.core.$ZodIssue): string {
  if (issue.code === "unrecognized_keys") return `unknown key${issue.keys.length > 1 ? "s" : ""} ${issue.keys.map((k) => `'${k}'`).join(", ")} (remove or rename)`;
  return issue.message;
}
