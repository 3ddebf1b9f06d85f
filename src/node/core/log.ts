/**
 * Terminal output: coloured when the stream is a TTY (NO_COLOR / FORCE_COLOR decide first, as
 * every terminal program reads them); progress lines off when the run's settings say quiet
 * (`configureLog`, called by the edge that read them).
 */
import process from "node:process";

/**
 * Whether to colour a stream: FORCE_COLOR (set, not `0`/`false`) turns colours on and wins, as in
 * Node itself; otherwise NO_COLOR (set, not empty: no-color.org) turns them off; otherwise colours
 * follow whether the stream is a terminal, so logs and pipes get plain text.
 */
export function useColor(env: NodeJS.ProcessEnv, isTTY: boolean | undefined): boolean {
  const force = env.FORCE_COLOR;
  if (force !== undefined) return force !== "0" && force.toLowerCase() !== "false";
  if (env.NO_COLOR) return false;
  return Boolean(isTTY);
}

// Everything this module prints goes to stderr, so stderr is the stream that decides.
const tty = useColor(process.env, process.stderr.isTTY);
const paint = (code: number) => (s: string) => (tty ? `\x1b[${code}m${s}\x1b[0m` : s);

/** ANSI colours for stderr text; identity functions when colours are off. */
export const colors = {
  red: paint(31),
  green: paint(32),
  yellow: paint(33),
  dim: paint(2),
  bold: paint(1),
};

let quiet = false;

/** Sets what the run's settings say of the terminal (Settings.quiet): one sink per process. */
export function configureLog(settings: { quiet: boolean }): void {
  quiet = settings.quiet;
}

/** Progress and results, to stderr so stdout stays clean for scripts. */
export function info(message: string): void {
  if (!quiet) process.stderr.write(message + "\n");
}

/** Problems that do not stop the command. */
export function warn(message: string): void {
  process.stderr.write(colors.yellow("warning: ") + message + "\n");
}

/** Problems that stop the command. */
export function error(message: string): void {
  process.stderr.write(colors.red("error: ") + message + "\n");
}
