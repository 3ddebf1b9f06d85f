/**
 * The build's side of the CLI description (config reference.cli, data/cli.yaml) for the pages that
 * show its commands (`::cli-command`, src/node/content/markdown/cli-command.ts): read on the main thread, flag
 * defaults that name a limit replaced by its value, written once as a file the workers read, and
 * the key a page that shows a command depends on (so an edit of the description renders it again).
 */
import { createHash } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import { isAbsolute, relative, resolve } from "node:path";
import { hasSiteValue, replaceSiteValues } from "../content/site-values.ts";
import { BrookError } from "../core/errors.ts";
import {
  loadCliDescription,
  type CliCommand,
  type CliDescription,
  type CliFlag,
} from "../core/cli-description.ts";

/** The site-value name of the description's hash: a page that shows a command reads it. */
export const CLI_DEPENDENCY = "{cli}";

/**
 * The CLI's description for the workers (the file the build wrote) and the value a page that
 * shows a command depends on (its hash), when the config names one inside its folder; otherwise
 * nothing (the example stage reports a bad path).
 */
export function cliReference(
  cliPath: string | undefined,
  configDir: string,
  siteValues: Record<string, string>,
  writeFile: (name: string, json: string) => string,
): { file?: string; values: Record<string, string> } {
  if (!cliPath) return { values: {} };
  const path = resolve(configDir, cliPath);
  const rel = relative(configDir, path);
  if (rel.startsWith("..") || isAbsolute(rel) || !existsSync(path)) return { values: {} };
  const text = readFileSync(path, "utf8");
  const json = JSON.stringify(resolveDefaults(loadCliDescription(text, rel), siteValues, rel));
  const hash = createHash("sha1").update(json).digest("hex");
  return { file: writeFile(`cli.${hash}.json`, json), values: { [CLI_DEPENDENCY]: hash } };
}

/**
 * A default written as a limit's name (`pageSize.default`) becomes that limit's value, and a
 * `{{ site.… }}` in a description (Markdown, as the reference renders it) the site value; an
 * unknown one stops the build.
 */
export function resolveDefaults(
  cli: CliDescription,
  values: Record<string, string>,
  file = "data/cli.yaml",
): CliDescription {
  const text = (s: string | undefined): string | undefined => {
    if (s === undefined || !hasSiteValue(s)) return s;
    const { body, diagnostics } = replaceSiteValues(s, values, file, 0);
    const [first] = diagnostics;
    if (first) throw new BrookError(`${file}: ${first.message}`, first.hint);
    return body;
  };
  const flag = (f: CliFlag): CliFlag => {
    const named = typeof f.default === "string" ? values[`limits.${f.default}`] : undefined;
    return { ...f, default: named ?? f.default, description: text(f.description) };
  };
  const command = (c: CliCommand): CliCommand => ({
    ...c,
    summary: text(c.summary),
    arguments: c.arguments?.map((a) => ({ ...a, description: text(a.description) })),
    flags: c.flags?.map(flag),
    subcommands: c.subcommands?.map(command),
    exits: c.exits?.map((e) => ({ ...e, when: text(e.when)! })),
  });
  return { ...cli, globalFlags: cli.globalFlags.map(flag), commands: cli.commands.map(command) };
}
