/**
 * The include and import lines of a page taken apart (`<!--@include: …-->`, `<<< …`), and the
 * fence an import's code block opens with (src/content/parts/includes.ts expands them).
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
  if (text.startsWith("<!--")) {
    const inner = text.slice(4).trimStart();
    if (!inner.startsWith("@include:") || !text.endsWith("-->")) return undefined;
    let spec = inner.slice("@include:".length, inner.length - 3).trim();
    let braces: string | undefined;
    if (spec.endsWith("}") && spec.includes("{")) {
      braces = spec.slice(spec.lastIndexOf("{") + 1, -1);
      spec = spec.slice(0, spec.lastIndexOf("{"));
    }
    const hash = spec.lastIndexOf("#");
    return {
      kind: "include",
      indent,
      written: text.slice(0, 120),
      path: hash >= 0 ? spec.slice(0, hash) : spec,
      region: hash >= 0 ? spec.slice(hash + 1) : undefined,
      braces,
    };
  }
  if (!text.startsWith("<<<") || !/[ \t]/.test(text[3] ?? "")) return undefined;
  let spec = text.slice(3).trim();
  let title: string | undefined;
  if (spec.endsWith("]") && spec.includes("[")) {
    const open = spec.lastIndexOf("[");
    title = spec.slice(open + 1, -1);
    spec = spec.slice(0, open).trimEnd();
  }
  let braces: string | undefined;
  if (spec.endsWith("}") && spec.includes("{")) {
    braces = spec.slice(spec.lastIndexOf("{") + 1, -1);
    spec = spec.slice(0, spec.lastIndexOf("{")).trimEnd();
  }
  const hash = spec.lastIndexOf("#");
  return {
    kind: "import",
    indent,
    written: text.slice(0, 120),
    path: hash >= 0 ? spec.slice(0, hash) : spec,
    region: hash >= 0 ? spec.slice(hash + 1) : undefined,
    braces,
    title,
  };
}
