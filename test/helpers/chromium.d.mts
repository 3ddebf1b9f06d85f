/** Types of chromium.mjs (plain JavaScript, shared with the benchmarks). */

/** The flags the tests and benchmarks start it with. */
export declare const CHROMIUM_ARGS: string[];
/** Names Chromium's headless shell goes by on the PATH (the browser tests' first choice). */
export declare const HEADLESS_SHELL_NAMES: string[];
/** Where Debian's package puts the headless shell. */
export declare const DEBIAN_HEADLESS_SHELL: string;
/** Names a full Chromium or Chrome binary goes by on the PATH, in the order they are tried. */
export declare const CHROMIUM_NAMES: string[];
/** Where Debian's package puts it. */
export declare const DEBIAN_CHROMIUM: string;
/** What to install where none is found, in one line. */
export declare const INSTALL_HINT: string;
/** The command that installs the headless shell as root. */
export declare const INSTALL_COMMAND: string;

/** What the finder decided. */
export type ChromiumPlan =
  | { kind: "use"; path: string }
  | { kind: "install"; command: string }
  | { kind: "fail"; message: string };

/** What the finder looks at, injected. */
export interface ChromiumProbe {
  env: Record<string, string | undefined>;
  isExecutable(path: string): boolean;
  canInstall: boolean;
}

/** Decides which Chromium to use, to install it, or what to say. */
export declare function planChromium(probe: ChromiumProbe): ChromiumPlan;
/** Whether `path` is a file this process may run. */
export declare function isExecutable(path: string): boolean;
/** This machine's plan (`mayInstall` false after an install that failed). */
export declare function planChromiumHere(
  env?: Record<string, string | undefined>,
  mayInstall?: boolean,
): ChromiumPlan;
/** The full Chromium the benchmarks launch, or throws a one-line hint. */
export declare function findChromium(): string;
