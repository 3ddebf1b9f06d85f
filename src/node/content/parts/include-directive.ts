/**
 * The include and import lines of a page taken apart (`<!--@include: …-->`, `<<< …`), and the
 * fence an import's code block opens with (src/node/content/parts/includes.ts expands them).
 */
import type { Selection } from "./regions.ts";

/** The language label of a file extension, where the extension is not the label writers use. */
const EXTENSION_LANGUAGES: Record<string, string> = {
  py: "python",
  sh: "bash",
  mjs: "js",
  cjs: "js",
  yml: "yaml",
  mts: "ts",
  cts: "ts",
  txt: "text",
};

/** An include or import line, taken apart. */
export interface Directive {
  kind: "include" | "import";
  indent: string;
  /** As written, for messages: `<!--@include: ./x.md-->`. */
  written: string;
  path: string;
  region?: string;
  /** `{…}` of an include (a line range) or of an import (fence options). */
  braces?: string;
  title?: string;
}

/**
 * The fence of an import's code block: its opening line (the language from the extension or the
 * braces, then the options) and the fence, longer than any run of backticks in the code.
 */
export function fenceOf(
  d: Directive,
  path: string,
  lines: Selection["lines"],
): { open: string; fence: string } {
  const ext = /\.([A-Za-z0-9]+)$/.exec(path)?.[1]?.toLowerCase() ?? "text";
  const options: string[] = [];
  let lang = EXTENSION_LANGUAGES[ext] ?? ext;
  for (const token of (d.braces ?? "").trim().split(/\s+/).filter(Boolean)) {
    const m = /^([\w#+.-]*?)((?::line-numbers(?:=\d+)?|:no-line-numbers)?)$/.exec(token);
    if (/^[\d,-]+$/.test(token)) options.push(`{${token}}`);
    else if (m) {
      if (m[1]) lang = m[1];
      if (m[2]) options.push(m[2]);
    } else options.push(token);
  }
  if (d.title !== undefined) options.push(`[${d.title}]`);
  let longest = 2;
  for (const l of lines)
    for (const run of l.match(/`+/g) ?? []) longest = Math.max(longest, run.length);
  const fence = "`".repeat(longest + 1);
  return { open: `${fence}${lang}${options.length ? " " + options.join(" ") : ""}`, fence };
}

/**
 * An include or import line taken apart, without regular expressions that could backtrack on a
 * long line: `<!--@include: PATH[#region][{a,b}]-->` or `<<< PATH[#region][{…}][ [title]]`.
 */
export function parseDirective(line: string): Directive | undefined {
  const body = line.trimStart();
  const indent = line.slice(0, line.length - body.length);
  const text = body.trimEnd();
  const written = text.slice(0, 120);
  if (text.startsWith("<!--")) {
    const inner = text.slice(4).trimStart();
    if (!inner.startsWith("@include:") || !text.endsWith("-->")) return undefined;
    const [braces, spec] = trailing(inner.slice("@include:".length, inner.length - 3).trim(), "{}");
    return { kind: "include", indent, written, ...pathAndRegion(spec), braces };
  }
  if (!text.startsWith("<<<") || !/[ \t]/.test(text[3] ?? "")) return undefined;
  const [title, rest] = trailing(text.slice(3).trim(), "[]");
  const [braces, spec] = trailing(rest.trimEnd(), "{}");
  return { kind: "import", indent, written, ...pathAndRegion(spec.trimEnd()), braces, title };
}

/** A spec's last `{…}` or `[…]` (`pair`: the two brackets) and the spec before it, when it ends in one. */
function trailing(spec: string, pair: "{}" | "[]"): [string | undefined, string] {
  const open = spec.lastIndexOf(pair[0]!);
  if (!spec.endsWith(pair[1]!) || open < 0) return [undefined, spec];
  return [spec.slice(open + 1, -1), spec.slice(0, open)];
}

/** `PATH#region` taken apart. */
function pathAndRegion(spec: string): { path: string; region?: string } {
  const hash = spec.lastIndexOf("#");
  return hash >= 0 ? { path: spec.slice(0, hash), region: spec.slice(hash + 1) } : { path: spec };
}
