/**
 * Text from content, config or a server, made safe to show on a terminal, in a CI log, in a report
 * or in the dev overlay. A control character can erase or rewrite lines (`ESC[2K`), a line break
 * can start a GitHub workflow command (`::error …` at the start of a line), and `##[error]` is one
 * anywhere in a line (the runner's older syntax, still read); bidirectional controls reorder what
 * a reader sees. Each is shown as an escape instead, so what is printed is what the file holds,
 * one line per diagnostic, and a command starts only where the generator writes one.
 */

// C0 controls, DEL, C1 controls (NEL among them), the line and paragraph separators, and the
// bidirectional marks, embeddings, overrides and isolates.
// eslint-disable-next-line no-control-regex
const UNSAFE_RE = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028-\u202e\u2066-\u2069]/g;
/** The runner's older command syntax, read anywhere in a line. */
const OLD_COMMAND_RE = /##\[/g;
/** A workflow command: `::` at the start of a line, after white space. */
const COMMAND_START_RE = /^(\s*)::/;

const NAMED: Record<string, string> = { "\n": "\\n", "\r": "\\r", "\t": "\\t" };

/** One character as an escape: `\n`, `\x1b`, `\u202e`. */
function escapeChar(ch: string): string {
  const code = ch.charCodeAt(0);
  return (
    NAMED[ch] ??
    (code < 0x100
      ? `\\x${code.toString(16).padStart(2, "0")}`
      : `\\u${code.toString(16).padStart(4, "0")}`)
  );
}

/**
 * `text` on one line, with control characters, separators and bidirectional controls escaped,
 * `##[` broken (`#\x23[`) and a leading `::` escaped (`\x3a:`). Escaping twice changes nothing
 * more, so a formatter can apply it to text another formatter made.
 */
export function escapeUntrusted(text: string): string {
  return text
    .replace(UNSAFE_RE, escapeChar)
    .replace(OLD_COMMAND_RE, "#\\x23[")
    .replace(COMMAND_START_RE, "$1\\x3a:");
}

/** Each line of `text` escaped on its own: for text whose line breaks the generator wrote (a stack). */
export function escapeUntrustedLines(text: string): string {
  return text.split("\n").map(escapeUntrusted).join("\n");
}
