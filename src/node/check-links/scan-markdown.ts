/**
 * The site links of a built Markdown file (a page's `.md` for machines, `llms.txt`). The build
 * writes every link of these files absolute (`https://brook.example/docs/v2/limits/`), so only
 * URLs on the site's origin are looked for, by a scan of the text that skips fenced code and code
 * spans: a `[x](y)` inside code is not a link. Parsing each file with micromark again took most of
 * check-links' time, for links the HTML pages already hold.
 */

/** A URL of a Markdown file and where it stands. */
export interface MarkdownUrl {
  value: string;
  /** Offset of the link, image or definition in the text (its `[`, `![` or `<`). */
  offset: number;
  kind: "link" | "image";
}

/** A fence opening or closing line, after any `>` of a block quote and the indentation of a list. */
const FENCE_RE = /^(?:[ \t]*>)*[ \t]*(`{3,}|~{3,})/;

/**
 * Every URL on `origin` (`https://host`, no trailing slash) in `text` that stands as a link
 * destination (`[t](url)`, `[t](<url>)`), an image (`![a](url)`), an autolink (`<url>`) or a
 * definition (`[id]: url`), in document order. Other text that merely names such a URL is not a link.
 */
export function scanMarkdown(text: string, origin: string): MarkdownUrl[] {
  const urls: MarkdownUrl[] = [];
  let fence: string | null = null;
  let lineStart = 0;
  while (lineStart <= text.length) {
    const nl = text.indexOf("\n", lineStart);
    const lineEnd = nl < 0 ? text.length : nl;
    const line = text.slice(lineStart, lineEnd);
    const marker = FENCE_RE.exec(line)?.[1];
    if (fence) {
      if (
        marker &&
        marker[0] === fence[0] &&
        marker.length >= fence.length &&
        line.trimEnd().endsWith(marker)
      )
        fence = null;
    } else if (marker) fence = marker;
    else if (line.includes(origin)) scanLine(withoutCodeSpans(line), lineStart, origin, urls);
    if (nl < 0) break;
    lineStart = nl + 1;
  }
  return urls;
}

/** The line with each code span blanked out (same length, so offsets hold). */
function withoutCodeSpans(line: string): string {
  return line.replace(/(`+)(?!`)[\s\S]*?[^`]\1(?!`)|(`+)\2/g, (span) => " ".repeat(span.length));
}

function scanLine(line: string, offset: number, origin: string, urls: MarkdownUrl[]): void {
  for (let at = line.indexOf(origin); at >= 0; at = line.indexOf(origin, at + origin.length)) {
    const before = line.slice(Math.max(0, at - 3), at);
    let end: number;
    let start: number;
    let kind: MarkdownUrl["kind"] = "link";
    if (before.endsWith("](<") || before.endsWith("](")) {
      const angle = before.endsWith("<");
      end = angle ? line.indexOf(">", at) : destinationEnd(line, at);
      if (end < 0) continue;
      const open = openingBracket(line, at - (angle ? 3 : 2));
      kind = open > 0 && line[open - 1] === "!" ? "image" : "link";
      start = kind === "image" ? open - 1 : Math.max(open, 0);
    } else if (before.endsWith("<")) {
      end = line.indexOf(">", at);
      if (end < 0) continue;
      start = at - 1;
    } else if (
      /\]: ?$/.test(before) &&
      /^(?:[ \t]*>)*[ \t]*\[[^\]]+\]: ?$/.test(line.slice(0, at))
    ) {
      end = line.slice(at).search(/\s|$/) + at;
      start = line.indexOf("[");
    } else continue;
    urls.push({ value: line.slice(at, end), offset: offset + start, kind });
  }
}

/** The end of a destination written without `<>`: the first space, or the `)` that closes it. */
function destinationEnd(line: string, from: number): number {
  let depth = 0;
  for (let i = from; i < line.length; i++) {
    const c = line[i];
    if (c === "\\") i++;
    else if (c === " " || c === "\t") return i;
    else if (c === "(") depth++;
    else if (c === ")") {
      if (depth === 0) return i;
      depth--;
    }
  }
  return line.length;
}

/** The `[` that opens the text ending with the `]` at `close` (-1 when it is on an earlier line). */
function openingBracket(line: string, close: number): number {
  let depth = 0;
  for (let i = close - 1; i >= 0; i--) {
    if (line[i - 1] === "\\") continue;
    if (line[i] === "]") depth++;
    else if (line[i] === "[") {
      if (depth === 0) return i;
      depth--;
    }
  }
  return -1;
}

/** The route of a page's `.md` path (`/docs/v2/api/rest.md` → `/api/rest/`, `/docs/v2/index.md` → `/`), or null. */
export function markdownRoute(base: string, path: string): string | null {
  const under = path.startsWith(base) ? path.slice(base.length - 1) : null;
  if (under === null || !under.endsWith(".md")) return null;
  return under === "/index.md" ? "/" : under.slice(0, -".md".length) + "/";
}
