/**
 * The HTTP requests a code block shows: each `curl` command of a bash block (words split as the
 * shell would, line continuations joined, `$(…)` kept whole), or the request of an `http` block
 * (request line, headers, blank line, body). What the checks of check-api.ts compare with the
 * description. A part the shell fills in at run time (`$VAR`, `$(…)`) is marked as not literal.
 */

/** A request written in a code block. */
export interface WrittenRequest {
  method: string;
  /** The URL as written (site values already replaced). */
  url: string;
  /** Header names in lower case → values; `dynamic` when a header word is a variable (`-H "$AUTH"`). */
  headers: Map<string, string>;
  dynamicHeaders: boolean;
  /** The body as written, or undefined; `literal` false when the shell makes it (`$(jq …)`, `@file`). */
  body?: { text: string; literal: boolean; form: boolean };
  /** 0-based line of the request within the block, and its column. */
  line: number;
  column: number;
}

interface Word {
  text: string;
  /** Whether the shell expands something in it. */
  dynamic: boolean;
  line: number;
  column: number;
}

/** Splits shell text into words with their places; `;`, `|`, `&&`, newlines and `$(` end a command. */
function shellWords(code: string): Word[][] {
  const commands: Word[][] = [[]];
  let i = 0;
  let line = 0;
  let lineStart = 0;
  const end = () => commands.at(-1)!.length && commands.push([]);
  while (i < code.length) {
    const ch = code[i]!;
    if (ch === "\\" && code[i + 1] === "\n") {
      i += 2;
      line++;
      lineStart = i;
      continue;
    }
    if (ch === "\n" || ch === ";" || ch === "|" || ch === "&" || ch === "(" || ch === ")") {
      if (ch === "\n") {
        line++;
        lineStart = i + 1;
      }
      end();
      i++;
      continue;
    }
    // A command substitution outside quotes holds commands of its own (`id=$(curl …)`).
    if (ch === "$" && code[i + 1] === "(") {
      end();
      i += 2;
      continue;
    }
    if (ch === " " || ch === "\t") {
      i++;
      continue;
    }
    if (ch === "#") {
      while (i < code.length && code[i] !== "\n") i++;
      continue;
    }
    const word: Word = { text: "", dynamic: false, line, column: i - lineStart + 1 };
    while (i < code.length && !" \t\n;|&()".includes(code[i]!)) {
      const c = code[i]!;
      if (c === "'") {
        const close = code.indexOf("'", i + 1);
        const stop = close < 0 ? code.length : close;
        const inner = code.slice(i + 1, stop);
        line += inner.split("\n").length - 1;
        word.text += inner;
        i = stop + 1;
      } else if (c === '"') {
        i++;
        while (i < code.length && code[i] !== '"') {
          if (code[i] === "\\" && i + 1 < code.length) {
            word.text += code[i + 1];
            i += 2;
            continue;
          }
          if (code[i] === "$") word.dynamic = true;
          if (code[i] === "$" && code[i + 1] === "(") {
            const close = matching(code, i + 1);
            word.text += code.slice(i, close + 1);
            i = close + 1;
            continue;
          }
          if (code[i] === "\n") line++;
          word.text += code[i];
          i++;
        }
        i++;
      } else if (c === "$" && code[i + 1] === "(") {
        word.dynamic = true;
        break;
      } else if (c === "\\" && i + 1 < code.length) {
        word.text += code[i + 1];
        i += 2;
      } else {
        if (c === "$") word.dynamic = true;
        word.text += c;
        i++;
      }
    }
    if (word.text || word.dynamic) commands.at(-1)!.push(word);
  }
  return commands.filter((c) => c.length);
}

/** The index of the `)` that closes the `(` at `open`. */
function matching(code: string, open: number): number {
  let depth = 0;
  for (let i = open; i < code.length; i++) {
    if (code[i] === "(") depth++;
    else if (code[i] === ")" && --depth === 0) return i;
  }
  return code.length - 1;
}

/** The options of curl whose value is the request's body. */
const DATA_OPTIONS = new Set([
  "-d",
  "--data",
  "--data-raw",
  "--data-binary",
  "--data-urlencode",
  "--json",
]);
/** The options of curl that take a value (the next word is not the URL). */
const VALUE_OPTIONS = new Set([
  ...DATA_OPTIONS,
  "-X",
  "--request",
  "-H",
  "--header",
  "-o",
  "--output",
  "-u",
  "--user",
  "-w",
  "--write-out",
  "-m",
  "--max-time",
  "--connect-timeout",
  "--retry",
  "-A",
  "--user-agent",
  "-e",
  "--referer",
  "-F",
  "--form",
  "-T",
  "--upload-file",
  "--url",
]);

/** The `curl` commands of a bash block. */
export function curlRequests(code: string): WrittenRequest[] {
  const out: WrittenRequest[] = [];
  for (const words of shellWords(code)) {
    const at = words.findIndex((w) => w.text === "curl");
    if (at < 0) continue;
    const curl = words[at]!;
    let method: string | undefined;
    let url: string | undefined;
    const headers = new Map<string, string>();
    let dynamicHeaders = false;
    const data: Word[] = [];
    let json = false;
    for (let i = at + 1; i < words.length; i++) {
      const w = words[i]!;
      const opt = w.text;
      if (VALUE_OPTIONS.has(opt)) {
        const v = words[++i];
        if (!v) break;
        if (opt === "-X" || opt === "--request") method = v.text.toUpperCase();
        else if (opt === "-H" || opt === "--header") {
          const colon = v.text.indexOf(":");
          if (colon < 0) dynamicHeaders ||= v.dynamic;
          else
            headers.set(
              v.text.slice(0, colon).trim().toLowerCase(),
              v.text.slice(colon + 1).trim(),
            );
        } else if (DATA_OPTIONS.has(opt)) {
          data.push(v);
          json ||= opt === "--json";
        } else if (opt === "--url") url = v.text;
      } else if (!opt.startsWith("-") && url === undefined) url = opt;
    }
    if (url === undefined) continue;
    const form =
      !json &&
      data.length > 0 &&
      !data.some((d) => /^\s*[[{]/.test(d.text)) &&
      data.every((d) => /^[\w.-]+=/.test(d.text));
    const text = form ? data.map((d) => d.text).join("&") : data.map((d) => d.text).join("");
    const literal = form
      ? true
      : data.length === 1 &&
        !data[0]!.text.startsWith("@") &&
        !/\$\(|\$\{?[A-Za-z_]/.test(data[0]!.text);
    if (json) headers.set("content-type", "application/json");
    out.push({
      method: method ?? (data.length ? "POST" : "GET"),
      url,
      headers,
      dynamicHeaders,
      body: data.length ? { text, literal, form } : undefined,
      line: curl.line,
      column: curl.column,
    });
  }
  return out;
}

const REQUEST_LINE_RE = /^([A-Z]+)\s+(\S+)(?:\s+HTTP\/[\d.]+)?\s*$/;

/** The request of an `http` block, or nothing when its first line is no request line. */
export function httpRequest(code: string): WrittenRequest | undefined {
  const lines = code.split("\n");
  const first = lines.findIndex((l) => l.trim() !== "");
  const m = first < 0 ? null : REQUEST_LINE_RE.exec(lines[first]!.trim());
  if (!m) return undefined;
  const headers = new Map<string, string>();
  let i = first + 1;
  for (; i < lines.length && lines[i]!.trim() !== ""; i++) {
    const colon = lines[i]!.indexOf(":");
    if (colon > 0)
      headers.set(
        lines[i]!.slice(0, colon).trim().toLowerCase(),
        lines[i]!.slice(colon + 1).trim(),
      );
  }
  const text = lines
    .slice(i + 1)
    .join("\n")
    .trim();
  const host = headers.get("host");
  const url = m[2]!.startsWith("/") && host ? `https://${host}${m[2]}` : m[2]!;
  return {
    method: m[1]!,
    url,
    headers,
    dynamicHeaders: false,
    body: text
      ? {
          text,
          literal: true,
          form: (headers.get("content-type") ?? "").includes("form-urlencoded"),
        }
      : undefined,
    line: first,
    column: 1,
  };
}
