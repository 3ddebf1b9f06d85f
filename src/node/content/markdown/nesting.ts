/** The one diagnostic of a Markdown tree nested too deeply (the parser, and our passes over its tree). */
import type { Diagnostic } from "../../core/errors.ts";
import { MAX_MARKDOWN_DEPTH } from "../limits.ts";
import type { RenderContext } from "./markdown.ts";

/** The diagnostic of a tree nested past MAX_MARKDOWN_DEPTH. */
export function tooDeep(ctx: Pick<RenderContext, "file" | "lineOffset">, line = 1): Diagnostic {
  return {
    file: ctx.file,
    line: ctx.lineOffset + line,
    rule: "nesting-depth",
    message: `the Markdown nests too deeply (lists, quotes, emphasis or links more than ${MAX_MARKDOWN_DEPTH} levels inside each other)`,
    hint: "flatten the structure: split long nested lists, and close every *, _ and [ you open",
  };
}
