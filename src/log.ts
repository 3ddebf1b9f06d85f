/** Terminal output: coloured when the stream is a TTY, quiet when BROOK_DOCS_QUIET is set. */
import process from "node:process";

const tty = process.stderr.isTTY && !process.env.NO_COLOR;
const paint = (code: number) => (s: string) => (tty ? `\x1b[${code}m${s}\x1b[0m` : s);

export const colors = { red: paint(31), green: paint(32), yellow: paint(33), dim: paint(2), bold: paint(1) };

const quiet = () => Boolean(process.env.BROOK_DOCS_QUIET);

/** Progress and results, to stderr so stdout stays clean for scripts. */
export function info(message: string): void {
  if (!quiet()) process.stderr.write(message + "\n");
}

/** Problems that do not stop the command. */
export function warn(message: string): void {
  process.stderr.write(colors.yellow("warning: ") + message + "\n");
}

/** Problems that stop the command. */
export function error(message: string): void {
  process.stderr.write(colors.red("error: ") + message + "\n");
}
