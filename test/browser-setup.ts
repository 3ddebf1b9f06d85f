/**
 * vitest globalSetup of the browser tests: finds Chromium once per run (its headless shell first,
 * installing Debian's package when run as root, as CI does) and hands its path to every test that
 * launches it (`inject("chromiumPath")`). Without one it stops the run at once with one line saying
 * what to install, instead of every browser file failing on its own.
 */
import { execSync } from "node:child_process";
import type { TestProject } from "vitest/node";
import { INSTALL_HINT, planChromiumHere } from "./helpers/chromium.mjs";

/** Finds (or installs) Chromium and provides its path. */
export default function setup(project: TestProject): void {
  let plan = planChromiumHere();
  if (plan.kind === "install") {
    process.stderr.write(
      "browser tests: no headless shell found; installing Debian's chromium-headless-shell package\n",
    );
    try {
      execSync(plan.command, { stdio: ["ignore", "ignore", "pipe"], shell: "/bin/sh" });
    } catch (e) {
      process.stderr.write(`${String((e as { stderr?: Buffer }).stderr ?? e).trim()}\n`);
    }
    // Installed, or else a full Chromium already here; failing that, say what to install.
    plan = planChromiumHere(process.env, false);
    if (plan.kind !== "use") plan = { kind: "fail", message: `${INSTALL_HINT} (apt-get failed)` };
  }
  if (plan.kind === "fail") {
    // One line and out: a stack trace or eight failed files would hide what to do.
    process.stderr.write(`error: ${plan.message}\n`);
    process.exit(1);
  }
  project.provide("chromiumPath", plan.path);
}
