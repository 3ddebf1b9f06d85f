/**
 * code-syntax: Python, Go and shell blocks parse with tree-sitter's grammars (WebAssembly, run in
 * Node: web-tree-sitter and the prebuilt grammars of @vscode/tree-sitter-wasm). The first error or
 * missing token of a tree is the block's problem. A Go block may be a fragment of statements: it
 * is parsed as written, and again inside a function of a package when it does not start with one.
 */
import { createRequire } from "node:module";
import { setFlagsFromString } from "node:v8";
import type { Node as SyntaxNode, Parser as TsParser } from "web-tree-sitter";
import type { BlockProblem } from "./block-check.ts";
import type { CodeSample } from "./sample.ts";

/** The grammars the checks parse with. */
export type Grammar = "python" | "go" | "bash";
const GRAMMARS: Record<string, Grammar> = {
  python: "python",
  py: "python",
  go: "go",
  golang: "go",
  bash: "bash",
  sh: "bash",
  shell: "bash",
  zsh: "bash",
};
const NAMES: Record<Grammar, string> = { python: "Python", go: "Go", bash: "shell" };

let parsers: Promise<Map<Grammar, TsParser>> | undefined;

/** The parsers of a thread, loaded once (about 100 ms). */
function loadParsers(): Promise<Map<Grammar, TsParser>> {
  parsers ??= (async () => {
    const { Parser, Language } = await import("web-tree-sitter");
    const require = createRequire(import.meta.url);
    const out = new Map<Grammar, TsParser>();
    // Once a grammar runs, V8 compiles all of its module again with its optimising tier, on
    // background threads: about 0.75 s of CPU for the three (0.6 s for bash's 1.4 MB), a tenth
    // of a cold build. The baseline code parses the docs' blocks as fast, so the modules are
    // compiled with it alone (the flag is read when a module is compiled: set for these only).
    setFlagsFromString("--liftoff-only");
    try {
      await Parser.init();
      for (const g of ["python", "go", "bash"] as const) {
        const language = await Language.load(
          require.resolve(`@vscode/tree-sitter-wasm/wasm/tree-sitter-${g}.wasm`),
        );
        const parser = new Parser();
        parser.setLanguage(language);
        out.set(g, parser);
      }
    } finally {
      setFlagsFromString("--no-liftoff-only");
    }
    return out;
  })();
  return parsers;
}

/** The parser of a grammar (the member check of Python and Go steps reads its trees too). */
export async function syntaxParser(grammar: Grammar): Promise<TsParser> {
  return (await loadParsers()).get(grammar)!;
}

/** Loads the grammars ahead of the blocks. */
export async function warmSyntax(): Promise<void> {
  await loadParsers();
}

/** Each block's syntax problem, if any. */
export async function checkSyntax(samples: CodeSample[]): Promise<BlockProblem[][]> {
  const all = await loadParsers();
  return samples.map((s) => {
    const grammar = GRAMMARS[s.lang.toLowerCase()];
    if (!grammar) return [];
    return syntaxProblems(all.get(grammar)!, grammar, s.code);
  });
}

/** The first syntax error of `code` in `grammar`. */
export function syntaxProblems(parser: TsParser, grammar: Grammar, code: string): BlockProblem[] {
  let error = firstError(parser, code);
  if (error && grammar === "go" && !/^\s*(\/\/.*\n\s*)*package\s/.test(code)) {
    // Statements or declarations shown without their file: try them as the body of a package.
    const asFile = firstError(parser, `package main\n${code}`);
    const asBody = firstError(parser, `package main\nfunc _() {\n${code}\n}`);
    if (!asFile || !asBody) error = undefined;
  }
  if (!error) return [];
  return [
    {
      line: error.line,
      column: error.column,
      rule: "code-syntax",
      message: `the ${NAMES[grammar]} does not parse: ${error.what}`,
      hint: `fix the ${NAMES[grammar]} so it runs as shown, or mark an excerpt with :no-check=REASON`,
    },
  ];
}

function firstError(
  parser: TsParser,
  code: string,
): { line: number; column: number; what: string } | undefined {
  const tree = parser.parse(code);
  if (!tree) return { line: 1, column: 1, what: "the parser gave up" };
  try {
    if (!tree.rootNode.hasError) return undefined;
    const node = findError(tree.rootNode);
    if (!node) return undefined;
    const what = node.isMissing
      ? `'${node.type}' is missing`
      : `unexpected ${JSON.stringify(node.text.split("\n")[0]!.slice(0, 40))}`;
    return { line: node.startPosition.row + 1, column: node.startPosition.column + 1, what };
  } finally {
    tree.delete();
  }
}

/** The first error or missing node in document order (iterative: the code comes from a page). */
function findError(root: SyntaxNode): SyntaxNode | undefined {
  const stack: SyntaxNode[] = [root];
  while (stack.length) {
    const node = stack.pop()!;
    if (node.isError || node.isMissing) return node;
    if (!node.hasError) continue;
    const children = node.children.filter((c): c is SyntaxNode => c !== null);
    for (let i = children.length - 1; i >= 0; i--) stack.push(children[i]!);
  }
  return undefined;
}
