/**
 * Finds the Chromium the browser tests and benchmarks drive (plain JavaScript, so the benchmarks
 * under bench/ use it too). `planChromium` only decides, from what it is handed;
 * `planChromiumHere` hands it this machine; `findChromium` finds the benchmarks' full browser.
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

/**
 * Names Chromium's headless shell goes by on the PATH: the browser tests' first choice. It is the
 * same Blink and V8 without the windowed browser around them, and starts a page in a third of the
 * time (Playwright's own default for headless runs); Debian packages it as
 * chromium-headless-shell.
 */
export const HEADLESS_SHELL_NAMES = ["chromium-headless-shell", "chrome-headless-shell"];

/** Where Debian's package puts the headless shell. */
export const DEBIAN_HEADLESS_SHELL = "/usr/bin/chromium-headless-shell";

/** Names a full Chromium or Chrome binary goes by on the PATH, in the order they are tried. */
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
  "no Chromium for the browser tests: install Debian's headless shell " +
  "(sudo apt-get install -y chromium-headless-shell), " +
  "or set CHROMIUM_PATH to a Chromium or Chrome binary";

/** The command that installs the headless shell, when the tests may run it themselves (as root). */
export const INSTALL_COMMAND =
  "apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium-headless-shell";

/**
 * The first of `names` in a folder of the PATH (PATH order for one name), else `fallback` when it
 * is executable.
 * @param {string[]} names
 * @param {string} fallback
 * @param {{ env: Record<string, string | undefined>, isExecutable: (path: string) => boolean }} probe
 * @returns {string | undefined}
 */
function onPath(names, fallback, { env, isExecutable }) {
  const dirs = (env.PATH ?? "").split(delimiter).filter(Boolean);
  for (const name of names)
    for (const dir of dirs) if (isExecutable(join(dir, name))) return join(dir, name);
  return isExecutable(fallback) ? fallback : undefined;
}

/**
 * Decides which Chromium the browser tests use: `CHROMIUM_PATH` when set (and then only it); else
 * the headless shell (HEADLESS_SHELL_NAMES on the PATH, else Debian's); else installing it with
 * apt-get if allowed (root, apt-get present); else a full Chromium (CHROMIUM_NAMES on the PATH,
 * else /usr/bin/chromium), which passes the same tests more slowly; else failing with what to
 * install.
 * @param {{ env: Record<string, string | undefined>, isExecutable: (path: string) => boolean, canInstall: boolean }} probe
 * @returns {{ kind: "use", path: string } | { kind: "install", command: string } | { kind: "fail", message: string }}
 */
export function planChromium(probe) {
  const { env, isExecutable, canInstall } = probe;
  const named = env.CHROMIUM_PATH;
  if (named)
    return isExecutable(named)
      ? { kind: "use", path: named }
      : {
          kind: "fail",
          message: `CHROMIUM_PATH=${named} is not an executable file; ${INSTALL_HINT}`,
        };
  const shell = onPath(HEADLESS_SHELL_NAMES, DEBIAN_HEADLESS_SHELL, probe);
  if (shell) return { kind: "use", path: shell };
  if (canInstall) return { kind: "install", command: INSTALL_COMMAND };
  const full = onPath(CHROMIUM_NAMES, DEBIAN_CHROMIUM, probe);
  if (full) return { kind: "use", path: full };
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
 * This machine's plan: root with apt-get may install, unless `mayInstall` is false (after an
 * install that failed).
 * @param {Record<string, string | undefined>} [env]
 * @param {boolean} [mayInstall]
 */
export function planChromiumHere(env = process.env, mayInstall = true) {
  const root = typeof process.getuid === "function" && process.getuid() === 0;
  const aptGet = (env.PATH ?? "")
    .split(delimiter)
    .some((dir) => dir && isExecutable(join(dir, "apt-get")));
  return planChromium({ env, isExecutable, canInstall: mayInstall && root && aptGet });
}

/**
 * The full Chromium the benchmarks launch (Lighthouse and the reader's timings measure the browser
 * a reader runs, not the headless shell): `CHROME_PATH`, else CHROMIUM_NAMES on the PATH, else
 * /usr/bin/chromium; throws the one-line hint when there is none.
 * @returns {string}
 */
export function findChromium() {
  const env = process.env;
  if (env.CHROME_PATH) return env.CHROME_PATH;
  const full = onPath(CHROMIUM_NAMES, DEBIAN_CHROMIUM, { env, isExecutable });
  if (full) return full;
  throw new Error(
    "no Chromium for the benchmarks: install Debian's package (sudo apt-get install -y chromium), " +
      "or set CHROME_PATH to a Chromium or Chrome binary",
  );
}
