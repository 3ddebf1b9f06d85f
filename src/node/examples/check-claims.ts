/**
 * What the pages' prose and tables say of error codes and exit codes (src/node/content/claims.ts),
 * checked against the descriptions that hold them. `error-shape`: a code paired with a status is a
 * code of the error catalogue (data/errors.yaml) with that status (and type, in a table with a
 * `type` column). `cli-usage`: an exit code given to a `brook` command is one data/cli.yaml
 * documents for it or for every command, and in a section about one of Brook's named errors
 * (`## Event Queue Full`), it is the exit code the command documents for that error.
 */
import type { Diagnostic } from "../core/errors.ts";
import type { PageClaim } from "../content/claims.ts";
import type { ErrorCatalogue } from "../reference/error-catalogue.ts";
import type { CliCommand, CliDescription } from "../core/cli-description.ts";

/** What the claims are checked against (each when the site has it), and how hints name them. */
export interface ClaimSources {
  errors?: { catalogue: ErrorCatalogue; file: string };
  cli?: { description: CliDescription; file: string };
}

/** Each claim's problems. */
export function checkClaims(claims: PageClaim[], sources: ClaimSources): Diagnostic[] {
  const out: Diagnostic[] = [];
  const seen = new Set<string>();
  for (const claim of claims) {
    // A part included by several pages is one text: reported once.
    const key = `${claim.file}:${claim.line}:${claim.column}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const report = (rule: string, message: string, hint: string) =>
      out.push({ file: claim.file, line: claim.line, column: claim.column, rule, message, hint });
    if (claim.kind === "status" && sources.errors) {
      const { catalogue, file } = sources.errors;
      const hint = `the error codes are described in ${file}: pair the code with its status, or describe the code there`;
      const entry = catalogue.codes[claim.code];
      if (!entry) {
        report("error-shape", `${claim.code} is no error code of ${file}`, hint);
        continue;
      }
      const status = catalogue.types[entry.type]!.status;
      if (status !== claim.status)
        report(
          "error-shape",
          `${claim.code} is answered with ${status} (${entry.type}), not ${claim.status}`,
          hint,
        );
      if (claim.type !== undefined && claim.type !== entry.type)
        report("error-shape", `${claim.code} has the type ${entry.type}, not ${claim.type}`, hint);
    }
    if (claim.kind === "exit" && sources.cli) {
      const { description, file } = sources.cli;
      const hint = `the exit codes are described in ${file}: give the command's documented exit code, or document it there`;
      const command = find(description, claim.command);
      if (!command) continue; // Not a command (prose about `brook` in general): cli-usage checks commands in code.
      const exits = command.exits ?? [];
      const known = new Set([
        ...exits.map((e) => e.code),
        ...description.exitCodes.map((e) => e.code),
      ]);
      for (const code of claim.codes)
        if (!known.has(code))
          report(
            "cli-usage",
            `brook ${claim.command} has no exit code ${code}; it documents ${[...known].sort().join(", ")}`,
            hint,
          );
      // In a section about a named error, the code the command documents for that error.
      const forError = exits.filter((e) => e.errors?.includes(claim.heading));
      if (sources.errors?.catalogue.errors[claim.heading] && exits.some((e) => e.errors))
        for (const code of claim.codes)
          if (!forError.some((e) => e.code === code))
            report(
              "cli-usage",
              forError.length
                ? `brook ${claim.command} exits ${forError.map((e) => e.code).join(" or ")} for ${claim.heading}, not ${code}`
                : `no exit code of brook ${claim.command} lists ${claim.heading} among its errors`,
              hint,
            );
    }
  }
  return out;
}

/** The command (or subcommand) `words` names: `env set`. */
function find(cli: CliDescription, words: string): CliCommand | undefined {
  let list = cli.commands;
  let found: CliCommand | undefined;
  for (const word of words.split(" ")) {
    const next = list.find((c) => c.name === word);
    if (!next) break;
    found = next;
    list = next.subcommands ?? [];
  }
  return found;
}
