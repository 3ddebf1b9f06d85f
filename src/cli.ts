/** The `brook-docs` command line: build | serve | preview | check-links. The only place that exits. */
import { Command } from "commander";
import { buildSite } from "./build.ts";
import { formatDiagnostic, formatError } from "./errors.ts";
import { colors, error, info, warn } from "./log.ts";

/** Parses argv and runs the command; resolves to the exit code. */
export async function main(argv: string[]): Promise<number> {
  let code = 0;
  const program = new Command("brook-docs")
    .description("Build, serve and check the Brook developer docs")
    .showHelpAfterError()
    .exitOverride();

  program
    .command("build")
    .description("build content/ into a static site (default dist/), pages under the base path")
    .option("--content <dir>", "content folder", "content")
    .option("--out <dir>", "output folder", "dist")
    .option("--config <file>", "config file (default: site.config.ts when present)")
    .option("--no-cache", "ignore and do not update the build cache")
    .action(async (opts: { content: string; out: string; config?: string; cache: boolean }) => {
      const start = performance.now();
      const result = await buildSite({
        contentDir: opts.content,
        outDir: opts.out,
        configFile: opts.config,
        cache: opts.cache,
        onWarning: (d) => warn(formatDiagnostic(d)),
      });
      const ms = Math.round(performance.now() - start);
      info(
        `${colors.green("built")} ${result.pages} pages (${result.files} files) into ${opts.out} in ${ms} ms` +
          colors.dim(` [${Object.entries(result.timings).map(([k, v]) => `${k} ${v}`).join(", ")}; cache hits ${result.cacheHits}]`),
      );
    });

  program
    .command("serve")
    .description("dev server: build, serve, watch and live-reload")
    .option("--port <port>", "port", "4000")
    .option("--host <host>", "host to bind", "127.0.0.1")
    .option("--content <dir>", "content folder", "content")
    .option("--config <file>", "config file")
    .action(async (opts: { port: string; host: string; content: string; config?: string }) => {
      const { serve } = await import("./serve/dev-server.ts");
      await serve({ port: Number(opts.port), host: opts.host, contentDir: opts.content, configFile: opts.config });
      code = -1; // keeps running
    });

  program
    .command("preview")
    .description("serve a finished build with the URL rules of a good static host")
    .argument("[dir]", "build folder", "dist")
    .option("--port <port>", "port", "4173")
    .option("--host <host>", "host to bind", "127.0.0.1")
    .action(async (dir: string, opts: { port: string; host: string }) => {
      const { startPreview } = await import("./serve/preview.ts");
      const server = await startPreview({ root: dir, port: Number(opts.port), host: opts.host });
      info(`${colors.green("preview")} ${server.url}`);
      code = -1;
    });

  program
    .command("check-links")
    .description("check every internal link, anchor, asset and redirect of a finished build")
    .argument("[dir]", "build folder", "dist")
    .option("--content <dir>", "content folder (for file:line of each link)", "content")
    .option("--config <file>", "config file")
    .action(async (dir: string, opts: { content: string; config?: string }) => {
      const { checkBuild } = await import("./check-links/check-build.ts");
      const report = await checkBuild({ dir, contentDir: opts.content, configFile: opts.config });
      for (const d of report.problems) process.stderr.write(formatDiagnostic(d) + "\n");
      if (report.problems.length) {
        error(`${report.problems.length} broken link${report.problems.length === 1 ? "" : "s"} in ${report.checked} checked`);
        code = 1;
      } else info(`${colors.green("ok")} ${report.checked} links checked in ${report.pages} pages, none broken`);
    });

  try {
    await program.parseAsync(argv, { from: "user" });
  } catch (e) {
    const ce = e as { code?: string; exitCode?: number };
    if (typeof ce.code === "string" && ce.code.startsWith("commander.")) return ce.exitCode === 0 ? 0 : 2;
    error(formatError(e));
    return 1;
  }
  return code;
}
