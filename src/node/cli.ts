/** The `brook-docs` command line: build | serve | preview | check-links. The only place that exits. */
import { Command, InvalidArgumentError, Option } from "commander";
import { EXTERNAL_DEFAULTS } from "./check-links/external.ts";
import { formatError } from "./core/errors.ts";
import { colors, configureLog, error, info } from "./core/log.ts";
import { readSettings, type Settings } from "./core/settings.ts";
import { packageVersion } from "./core/paths.ts";
import { TOOL_SUMMARIES } from "./mcp/tool-list.ts";
import {
  emitReports,
  errorDiagnostics,
  withSeverity,
  type BuildOutcome,
  type CheckOutcome,
  type ReportTargets,
} from "./report/outcome.ts";
import { printBuilt, printCheck, printFailure, printWarning } from "./report/text.ts";

const CONFIG_HELP =
  "config file (default: site.config.ts beside the content folder, when there is one)";

/** Options every reporting command takes. */
interface ReportOptions {
  format: "text" | "json";
  report?: string;
}

/** Parses argv and runs the command; resolves to the exit code. */
export async function main(argv: string[]): Promise<number> {
  let code = 0;
  // The edge: the environment is read here, once, and passed to what needs it.
  let settings: Settings;
  try {
    settings = readSettings(process.env);
  } catch (e) {
    error(formatError(e));
    return 2;
  }
  configureLog(settings);
  const version = packageVersion(settings.root);
  const program = new Command("brook-docs")
    .description("Build, serve and check the Brook developer docs")
    .version(version, "-v, --version", "print the version and exit")
    .helpOption("-h, --help", "show help for the command")
    .showHelpAfterError()
    .exitOverride();

  program
    .command("build")
    .description("build content/ into a static site (default dist/), pages under the base path")
    .option("--content <dir>", "content folder", "content")
    .option("--out <dir>", "output folder", "dist")
    .option("--config <file>", CONFIG_HELP)
    .option("--no-cache", "ignore and do not update the build cache (default: the cache is used)")
    .option(
      "--strict",
      "warnings are errors: exit 1 and leave the previous output as it was",
      false,
    )
    .addOption(formatOption())
    .addOption(reportOption())
    .addHelpText(
      "after",
      "\nExit codes: 0 built; 1 the build failed (an error, or a warning with --strict); 2 usage error.",
    )
    .action(
      async (
        opts: {
          content: string;
          out: string;
          config?: string;
          cache: boolean;
          strict: boolean;
        } & ReportOptions,
      ) => {
        const start = performance.now();
        const ended = (o: Omit<BuildOutcome, "command" | "strict" | "out">): BuildOutcome => ({
          command: "build",
          ...o,
          strict: opts.strict,
          out: opts.out,
        });
        let outcome: BuildOutcome;
        try {
          // Each command loads only its own modules: check-links and preview start in a few milliseconds.
          const { buildSite } = await import("./build-site.ts");
          const result = await buildSite({
            contentDir: opts.content,
            outDir: opts.out,
            configFile: opts.config,
            cache: opts.cache,
            strict: opts.strict,
            onWarning: printWarning,
            settings,
          });
          const ms = Math.round(performance.now() - start);
          printBuilt(result, opts.out, ms);
          outcome = ended({
            exitCode: 0,
            diagnostics: withSeverity(result.warnings, "warning"),
            pages: result.pages,
            files: result.files,
            timings: { ...result.timings, total: ms },
          });
        } catch (e) {
          printFailure(e);
          const ms = Math.round(performance.now() - start);
          outcome = ended({
            exitCode: 1,
            diagnostics: errorDiagnostics(e, opts.content),
            pages: null,
            files: null,
            timings: { total: ms },
          });
        }
        emitReports(outcome, reportTargets(opts, version));
        code = outcome.exitCode;
      },
    );

  program
    .command("serve")
    .description("dev server: build, serve, watch and live-reload")
    .option("--port <port>", "port", "4000")
    .option("--host <host>", "host to bind", "127.0.0.1")
    .option("--content <dir>", "content folder", "content")
    .option("--config <file>", CONFIG_HELP)
    .action(async (opts: { port: string; host: string; content: string; config?: string }) => {
      const { serve } = await import("./serve/dev-server.ts");
      await serve({
        port: Number(opts.port),
        host: opts.host,
        contentDir: opts.content,
        configFile: opts.config,
        settings,
      });
      code = -1; // keeps running
    });

  program
    .command("preview")
    .description("serve a finished build with the URL rules of a good static host")
    .argument("[dir]", "build folder", "dist")
    .option("--port <port>", "port", "4173")
    .option("--host <host>", "host to bind", "127.0.0.1")
    .action(async (dir: string, opts: { port: string; host: string }) => {
      const { startPreview } = await import("./preview.ts");
      const server = await startPreview({ root: dir, port: Number(opts.port), host: opts.host });
      info(`${colors.green("preview")} ${server.url}`);
      code = -1;
    });

  program
    .command("check-links")
    .description("check every internal link, anchor, asset and redirect of a finished build")
    .argument("[dir]", "build folder", "dist")
    .option(
      "--external",
      "also ask the server of each external https link (HEAD, then GET); off: form only, no network",
      false,
    )
    .option(
      "--external-timeout <ms>",
      "time-out of each external request, in ms",
      positiveInt,
      EXTERNAL_DEFAULTS.timeoutMs,
    )
    .option(
      "--external-concurrency <n>",
      `external requests at once (at most ${EXTERNAL_DEFAULTS.perHost} per host)`,
      positiveInt,
      EXTERNAL_DEFAULTS.concurrency,
    )
    .addOption(formatOption())
    .addOption(reportOption())
    .addHelpText(
      "after",
      "\nExit codes: 0 no broken links; 1 broken links; 2 usage error, or the build or its sources could not be read.",
    )
    .action(
      async (
        dir: string,
        opts: {
          external: boolean;
          externalTimeout: number;
          externalConcurrency: number;
        } & ReportOptions,
      ) => {
        const start = performance.now();
        const { checkBuild } = await import("./check-links/check-build.ts");
        const ended = (
          o: Omit<CheckOutcome, "command" | "external" | "timings">,
        ): CheckOutcome => ({
          command: "check-links",
          ...o,
          timings: { total: Math.round(performance.now() - start) },
          external: opts.external,
        });
        let outcome: CheckOutcome;
        try {
          const report = await checkBuild({
            dir,
            external: opts.external && {
              timeoutMs: opts.externalTimeout,
              concurrency: opts.externalConcurrency,
              userAgent: `brook-docs/${version} check-links`,
            },
          });
          printCheck(report);
          outcome = ended({
            exitCode: report.problems.length ? 1 : 0,
            diagnostics: withSeverity(report.problems, "error"),
            pages: report.pages,
            checked: report.checked,
            links: report.links,
          });
        } catch (e) {
          // Not a broken link: the check itself could not run.
          printFailure(e);
          outcome = ended({
            exitCode: 2,
            diagnostics: errorDiagnostics(e, dir),
            pages: null,
            checked: 0,
            links: [],
          });
        }
        emitReports(outcome, reportTargets(opts, version));
        code = outcome.exitCode;
      },
    );

  program
    .command("mcp")
    .description("serve the docs to AI assistants: a Model Context Protocol server on stdio")
    .argument("[dir]", "build folder", "dist")
    .option("--site <url>", "read the published docs at this URL instead of a build folder")
    .addHelpText("after", mcpHelp)
    .action(async (dir: string, opts: { site?: string }) => {
      const { runMcpServer } = await import("./mcp/server.ts");
      await runMcpServer({ dir, site: opts.site, version });
    });

  try {
    await program.parseAsync(argv, { from: "user" });
  } catch (e) {
    const ce = e as { code?: string; exitCode?: number };
    if (typeof ce.code === "string" && ce.code.startsWith("commander."))
      return ce.exitCode === 0 ? 0 : 2;
    error(formatError(e));
    return 1;
  }
  return code;
}

/** `mcp --help`: the tools, so a reader knows what an assistant gets. */
function mcpHelp(): string {
  return [
    "",
    "Tools:",
    ...TOOL_SUMMARIES.map(([name, what]) => `  ${name.padEnd(48)} ${what}`),
    "",
    "Resources: every page as brook-docs://<base>/<route> (Markdown).",
    'Configure an assistant with: { "command": "npx", "args": ["brook-docs", "mcp", "dist"] }',
  ].join("\n");
}

function formatOption(): Option {
  return new Option(
    "--format <format>",
    "text: for people, on stderr; json: also one JSON report on stdout (docs/ci.md)",
  )
    .choices(["text", "json"])
    .default("text");
}

function reportOption(): Option {
  return new Option(
    "--report <file>",
    "also write a GitLab code-quality report to <file> (default: none)",
  );
}

function reportTargets(opts: ReportOptions, version: string): ReportTargets {
  return {
    format: opts.format,
    reportFile: opts.report,
    env: process.env,
    stdout: (text) => void process.stdout.write(text),
    version,
  };
}

function positiveInt(value: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n <= 0)
    throw new InvalidArgumentError("expected a whole number above 0");
  return n;
}
