/** Runs bin/brook-docs.js as CI would: a child process with a chosen environment, never inheriting CI variables by accident. */
import { spawn } from "node:child_process";
import { createHash } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { ROOT } from "../helpers/site.ts";

/** What a run printed and how it exited. */
export interface CliRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/**
 * Spawns the CLI in `cwd`. Async on purpose: a test server in this process must keep answering
 * while the child runs. The environment is the test's own minus anything that changes the
 * output (CI markers, colours, quiet), plus `env`.
 */
export function runCli(
  cwd: string,
  args: string[],
  env: Record<string, string> = {},
): Promise<CliRun> {
  const base: Record<string, string | undefined> = {
    ...process.env,
    GITHUB_ACTIONS: undefined,
    GITLAB_CI: undefined,
    FORCE_COLOR: undefined,
    NO_COLOR: "1",
    BROOK_DOCS_QUIET: undefined,
  };
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [join(ROOT, "bin", "brook-docs.js"), ...args], {
      cwd,
      env: { ...base, ...env },
    });
    let stdout = "";
    let stderr = "";
    child.stdout.setEncoding("utf8").on("data", (s: string) => (stdout += s));
    child.stderr.setEncoding("utf8").on("data", (s: string) => (stderr += s));
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, stdout, stderr }));
  });
}

/** Every file under `dir` with a hash of its bytes: equal snapshots mean equal output. */
export function snapshotDir(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const e of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!e.isFile()) continue;
    const full = join(e.parentPath, e.name);
    out[relative(dir, full)] = createHash("sha1").update(readFileSync(full)).digest("hex");
  }
  return out;
}
