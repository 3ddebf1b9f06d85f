/**
 * Frontmatter: a block of YAML between two `---` lines, and nothing else (docs/design.md §2). It is
 * split here, parsed with the `yaml` package's core schema (no tags that build objects, no code),
 * with limits on size, aliases and depth, and checked against one zod schema.
 */
import {
  LineCounter,
  parseDocument,
  isMap,
  isPair,
  isScalar,
  type Document,
  type Node,
} from "yaml";
import type { Diagnostic } from "../../core/errors.ts";
import { MAX_FRONTMATTER_BYTES, MAX_FRONTMATTER_DEPTH, MAX_YAML_ALIASES } from "../limits.ts";
import { hasSiteValue } from "../site-values.ts";

import { describeIssue } from "./frontmatter-issues.ts";
import {
  frontmatterSchema,
  VALUE_KEYS,
  type Frontmatter,
  type ParsedFrontmatter,
} from "./frontmatter-schema.ts";
const OPEN_RE = /^---[ \t]*$/;
const CLOSE_RE = /^(?:---|\.\.\.)[ \t]*$/;

/** Splits and validates frontmatter; every problem of the file becomes a diagnostic. */
export function parseFrontmatter(
  source: string,
  file: string,
): { result?: ParsedFrontmatter; diagnostics: Diagnostic[] } {
  const diagnostics: Diagnostic[] = [];
  const problem = (
    message: string,
    hint: string,
    line = 1,
    column?: number,
    rule = "frontmatter",
  ) =>
    diagnostics.push({ file, line, ...(column !== undefined && { column }), message, hint, rule });

  const firstEnd = source.indexOf("\n");
  const firstLine = firstEnd < 0 ? source : source.slice(0, firstEnd);
  if (!firstLine.startsWith("---")) {
    problem(
      "the file has no frontmatter",
      "start the file with ---, a title: and a description:, then ---",
    );
    return { diagnostics };
  }
  if (!OPEN_RE.test(firstLine)) {
    // gray-matter reads `---js` as "evaluate this as JavaScript": never here.
    problem(
      `frontmatter opens with '${firstLine.slice(0, 24)}': only YAML frontmatter is read`,
      "open the frontmatter with a line of just ---",
      1,
      1,
      "frontmatter-language",
    );
    return { diagnostics };
  }
  // The closing line: the first `---` (or `...`) line after the opening one.
  let close = -1;
  let at = firstEnd + 1;
  let lineNo = 2;
  while (firstEnd >= 0 && at <= source.length) {
    const end = source.indexOf("\n", at);
    const line = end < 0 ? source.slice(at) : source.slice(at, end);
    if (CLOSE_RE.test(line)) {
      close = at;
      break;
    }
    if (end < 0) break;
    at = end + 1;
    lineNo++;
  }
  if (close < 0) {
    problem(
      "the frontmatter is never closed",
      "add a line of just --- after the last frontmatter key",
    );
    return { diagnostics };
  }
  const yamlText = source.slice(firstEnd + 1, close);
  const afterClose = source.indexOf("\n", close);
  const body = afterClose < 0 ? "" : source.slice(afterClose + 1);
  const bodyLine = lineNo + 1;
  if (yamlText.length > MAX_FRONTMATTER_BYTES) {
    problem(
      `the frontmatter is ${yamlText.length} bytes, over the limit of ${MAX_FRONTMATTER_BYTES}`,
      "keep frontmatter to the page's title, description and a few settings",
    );
    return { diagnostics };
  }

  const lineCounter = new LineCounter();
  let data: unknown;
  let doc: Document;
  try {
    doc = parseDocument(yamlText, {
      schema: "core",
      uniqueKeys: true,
      lineCounter,
      prettyErrors: false,
    });
    const first = doc.errors[0] ?? doc.warnings[0];
    if (first) {
      const offset = startOfEnclosingValue(doc, first.pos[0]);
      const pos = lineCounter.linePos(offset);
      problem(
        `frontmatter is not valid YAML: ${first.message.split(" at line")[0]!.split("\n")[0]}`,
        "quote values that contain ':' or '#', and indent lists consistently",
        pos.line + 1,
        pos.col,
        "yaml",
      );
      return { diagnostics };
    }
    data = doc.toJS({ maxAliasCount: MAX_YAML_ALIASES });
  } catch (e) {
    const message = (e as Error).message;
    const bomb = /alias/i.test(message);
    // The line of the first alias (`*name`): where the repetition starts.
    const alias = bomb ? /(^|[\s[{,:])\*[^\s,\]}]/m.exec(yamlText) : null;
    const line = alias
      ? yamlText.slice(0, alias.index + alias[1]!.length).split("\n").length + 1
      : 1;
    problem(
      bomb
        ? `frontmatter uses too many YAML aliases (more than ${MAX_YAML_ALIASES})`
        : `frontmatter cannot be read: ${message.split("\n")[0]}`,
      bomb
        ? "write the values out instead of repeating anchors (*name)"
        : "simplify the frontmatter",
      line,
      undefined,
      "yaml",
    );
    return { diagnostics };
  }
  if (data === null || data === undefined) data = {};
  if (typeof data !== "object" || Array.isArray(data)) {
    problem(
      "the frontmatter must be a map of keys (title: …, description: …)",
      "write one key: value per line",
      2,
    );
    return { diagnostics };
  }
  if (depthOf(data) > MAX_FRONTMATTER_DEPTH) {
    problem(
      `frontmatter nests deeper than ${MAX_FRONTMATTER_DEPTH} levels`,
      "keep frontmatter values flat",
      2,
      undefined,
      "yaml",
    );
    return { diagnostics };
  }

  const keyLine = (key: string) => {
    const node = isMap(doc.contents)
      ? doc.contents.items.find((p) => isPair(p) && isScalar(p.key) && p.key.value === key)
      : undefined;
    const offset = (node?.key as Node | undefined)?.range?.[0];
    return offset === undefined ? 1 : lineCounter.linePos(offset).line + 1;
  };
  const parsed = frontmatterSchema.safeParse(data);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const { message, hint, key } = describeIssue(issue, data as Record<string, unknown>);
      problem(message, hint, key ? keyLine(key) : 1);
    }
    diagnostics.sort((a, b) => (a.line ?? 0) - (b.line ?? 0));
    return { diagnostics };
  }
  const frontmatter = parsed.data as Frontmatter;
  const valuesAt: ParsedFrontmatter["valuesAt"] = {};
  for (const key of VALUE_KEYS) {
    if (!hasSiteValue(frontmatter[key])) continue;
    const node = isMap(doc.contents)
      ? doc.contents.items.find((p) => isPair(p) && isScalar(p.key) && p.key.value === key)?.value
      : undefined;
    const range = (node as Node | undefined)?.range;
    if (!range) continue;
    const pos = lineCounter.linePos(range[0]);
    const quoted = isScalar(node) && (node.type === "QUOTE_DOUBLE" || node.type === "QUOTE_SINGLE");
    // The YAML starts on the file's second line.
    valuesAt[key] = { line: pos.line + 1, column: pos.col + (quoted ? 1 : 0) };
  }
  const movedFromLine = frontmatter.moved_from ? keyLine("moved_from") : undefined;
  return {
    result: { frontmatter, body, bodyLine, valuesAt, ...(movedFromLine && { movedFromLine }) },
    diagnostics,
  };
}

/**
 * Where an error really is: the parser reports an unclosed `[`, `{` or quote where it noticed (the
 * next line or later); the value that was left open starts earlier.
 */
function startOfEnclosingValue(doc: Document, offset: number): number {
  if (!isMap(doc.contents)) return offset;
  for (const pair of doc.contents.items) {
    const range = (pair.value as Node | null)?.range;
    if (range && range[0] < offset && offset <= range[2]) return range[0];
  }
  return offset;
}

/** How deeply objects and lists nest in a YAML value (iterative: the value comes from a stranger). */
function depthOf(value: unknown): number {
  let max = 0;
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length) {
    const [v, d] = stack.pop()!;
    if (d > max) max = d;
    if (d > MAX_FRONTMATTER_DEPTH) return d;
    if (v && typeof v === "object")
      for (const child of Object.values(v)) stack.push([child, d + 1]);
  }
  return max;
}
