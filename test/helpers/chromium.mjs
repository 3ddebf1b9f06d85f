/**
 * Finds the Chromium the browser tests and benchmarks drive (plain JavaScript, so the benchmarks
 * under bench/ use it too). `planChromium` only decides, from what it is handed; `findChromium`
 * hands it this machine.
 */
import { accessSync, constants, statSync } from "node:fs";
import { delimiter, join } from "node:path";

/**
 * How the tests and benchmarks start it: headless, no sandbox (containers), and no background
 * traffic (this machine's closed network refuses it, many requests at a time).
 */
export const CHROMIUM_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--no-first-run",
  "--disable-quic",
  "--disable-component-update",
  "--disable-sync",
];

/** Names a Chromium or Chrome binary goes by on the PATH, in the order they are tried. */
export const CHROMIUM_NAMES = [
  "chromium",
  "chromium-browser",
  "google-chrome",
  "google-chrome-stable",
  "chrome",
];

/** Where Debian's package puts it (tried when the PATH is bare, as under some CI runners). */
export const DEBIAN_CHROMIUM = "/usr/bin/chromium";

/** What to install where none is found, in one line. */
export const INSTALL_HINT =
  "no Chromium for the browser tests: install Debian's package (sudo apt-get install -y chromium), " +
  "or set CHROMIUM_PATH to a Chromium or Chrome binary";

/** The command that installs Chromium, when the tests may run it themselves (as root). */
export const INSTALL_COMMAND =
  "apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium";

/**
 * Decides which Chromium to use: `CHROMIUM_PATH` when set (and then only it), else the first of
 * CHROMIUM_NAMES on the PATH, else /usr/bin/chromium; when there is none, installing it with
 * apt-get if allowed (root, apt-get present), else failing with what to install.
 * @param {{ env: Record<string, string | undefined>, isExecutable: (path: string) => boolean, canInstall: boolean }} probe
 * @returns {{ kind: "use", path: string } | { kind: "install", command: string } | { kind: "fail", message: string }}
 */
export function planChromium({ env, isExecutable, canInstall }) {
  const named = env.CHROMIUM_PATH;
  if (named)
    return isExecutable(named)
      ? { kind: "use", path: named }
      : {
          kind: "fail",
          message: `CHROMIUM_PATH=${named} is not an executable file; ${INSTALL_HINT}`,
        };
  const dirs = (env.PATH ?? "").split(delimiter).filter(Boolean);
  for (const name of CHROMIUM_NAMES)
    for (const dir of dirs)
      if (isExecutable(join(dir, name))) return { kind: "use", path: join(dir, name) };
  if (isExecutable(DEBIAN_CHROMIUM)) return { kind: "use", path: DEBIAN_CHROMIUM };
  if (canInstall) return { kind: "install", command: INSTALL_COMMAND };
  return { kind: "fail", message: INSTALL_HINT };
}

/** Whether `path` is a file this process may run. */
export function isExecutable(path) {
  try {
    accessSync(path, constants.X_OK);
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

/**
 * This machine's plan: root with apt-get may install.
 * @param {Record<string, string | undefined>} [env]
 */
export function planChromiumHere(env = process.env) {
  const root = typeof process.getuid === "function" && process.getuid() === 0;
  const aptGet = (env.PATH ?? "")
    .split(delimiter)
    .some((dir) => dir && isExecutable(join(dir, "apt-get")));
  return planChromium({ env, isExecutable, canInstall: root && aptGet });
}

/**
 * The Chromium to launch, for scripts that do not install (the benchmarks): throws the one-line
 * hint when there is none.
 * @returns {string}
 */
export function findChromium() {
  const plan = planChromiumHere();
  if (plan.kind === "use") return plan.path;
  throw new Error(plan.kind === "fail" ? plan.message : INSTALL_HINT);
}
