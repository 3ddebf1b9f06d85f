/**
 * step-types for Python and Go: the `ctx` members and `event` fields a step uses exist in the
 * runtime declaration (data/runtime.d.ts), spelled and reached as data/runtime-languages.yaml says
 * the language does. Each block is parsed with tree-sitter (the grammars code-syntax loads); its
 * uses of the roots are walked through the runtime's surface, which TypeScript's checker reads
 * from the declaration in the step-types process (runtime-surface.ts), once per declaration.
 */
import { createHash } from "node:crypto";
import type { Node as SyntaxNode, Parser } from "web-tree-sitter";
import { BrookError } from "../core/errors.ts";
import type { BlockProblem } from "./block-check.ts";
import { syntaxParser } from "./check-syntax.ts";
import { goUses } from "./go-steps.ts";
import { pythonUses, type BlockUses } from "./python-steps.ts";
import type { RuntimeSurface } from "./runtime-surface.ts";
import type { CodeSample } from "./sample.ts";
import type { StepTypesLimits } from "./step-types-process.ts";
import { goName, loadStepLanguages, type StepLanguages } from "./step-languages.ts";
import { checkUse, type Spelling } from "./step-members.ts";

/** A block's problems past this many are left for the next build (as step-types does for JS). */
const MAX_PROBLEMS = 5;

const GO_PACKAGE_RE = /^\s*(\/\/.*\n\s*)*package\s/;

let lastSurface: { key: string; surface: Promise<RuntimeSurface> } | undefined;

/** The files the check reads, as the build names them. */
export interface StepMemberFiles {
  declaration: string;
  declarationFile: string;
  languages: string;
  languagesFile: string;
}

/**
 * Each block's member problems (Python and Go blocks; others have none); the runtime's surface is
 * read by the step-types process within `limits`.
 */
export async function checkStepMembers(
  samples: Pick<CodeSample, "lang" | "code">[],
  files: StepMemberFiles,
  limits: StepTypesLimits = {},
): Promise<BlockProblem[][]> {
  const languages = loadStepLanguages(files.languages, files.languagesFile);
  const surface = await surfaceOf(files, languages, limits);
  const spellings = { python: pythonSpelling(languages, files), go: goSpelling(languages, files) };
  const [python, go] = await Promise.all([syntaxParser("python"), syntaxParser("go")]);
  return samples.map((sample) => {
    const language = languageOf(sample.lang);
    if (!language) return [];
    const found =
      language === "python"
        ? parsed(python, sample.code, (root) => pythonUses(root, languages))
        : goBlockUses(go, sample.code, languages);
    const kind = `${found.kind === "fragment" ? "part of " : ""}a ${spellings[language].language} step`;
    const problems: BlockProblem[] = [];
    const seen = new Set<string>();
    for (const use of found.uses) {
      const problem = checkUse(surface, spellings[language], use, kind);
      const at = problem && `${problem.line}:${problem.column}`;
      if (!problem || seen.has(at!)) continue;
      seen.add(at!);
      problems.push(problem);
    }
    return problems.sort((a, b) => a.line - b.line || a.column - b.column).slice(0, MAX_PROBLEMS);
  });
}

/** Asks for the runtime's surface ahead of the blocks (a cold build, while the pages are made). */
export async function warmStepMembers(
  files: StepMemberFiles,
  limits: StepTypesLimits,
): Promise<void> {
  await surfaceOf(files, loadStepLanguages(files.languages, files.languagesFile), limits);
}

/** The check's language of a fence's language, if it checks it. */
export function languageOf(lang: string): "python" | "go" | undefined {
  const l = lang.toLowerCase();
  return l === "python" || l === "py" ? "python" : l === "go" || l === "golang" ? "go" : undefined;
}

/** The surface, asked once per declaration and roots (the dev server asks on every save). */
async function surfaceOf(
  files: StepMemberFiles,
  languages: StepLanguages,
  limits: StepTypesLimits,
): Promise<RuntimeSurface> {
  const key = createHash("sha1")
    .update(JSON.stringify([files.declaration, languages.step]))
    .digest("hex");
  if (lastSurface?.key !== key) {
    const { describeRuntimeApart } = await import("./step-types-process.ts");
    const surface = describeRuntimeApart(files.declaration, languages.step, limits);
    lastSurface = { key, surface };
    lastSurface.surface.catch(() => (lastSurface = undefined));
  }
  const surface = await lastSurface.surface;
  const [root, message] = Object.entries(surface.unknown ?? {})[0] ?? [];
  if (root)
    throw new BrookError(
      `${files.languagesFile}: step.${root} names ${languages.step[root]}, which ${files.declarationFile} does not declare (${message})`,
      `name a type that ${files.declarationFile} declares, such as Brook.StepContext`,
    );
  return surface;
}

/** Parses `code` and reads its uses; the tree is freed after. */
function parsed(
  parser: Parser,
  code: string,
  read: (root: SyntaxNode) => BlockUses,
): BlockUses & { clean: boolean } {
  const tree = parser.parse(code);
  if (!tree) return { kind: "script", uses: [], clean: false };
  try {
    return { ...read(tree.rootNode), clean: !tree.rootNode.hasError };
  } finally {
    tree.delete();
  }
}

/** A Go block as written, or (statements shown without their file) inside a package or a function. */
function goBlockUses(parser: Parser, code: string, languages: StepLanguages): BlockUses {
  const read = (offset: number) => (root: SyntaxNode) => goUses(root, languages, offset);
  const asWritten = parsed(parser, code, read(0));
  if (asWritten.clean || GO_PACKAGE_RE.test(code)) return asWritten;
  const asFile = parsed(parser, `package main\n${code}`, read(1));
  if (asFile.clean) return asFile;
  const asBody = parsed(parser, `package main\nfunc _() {\n${code}\n}`, read(2));
  return asBody.clean ? asBody : asWritten;
}

function hintFor(language: string, files: StepMemberFiles): string {
  return `the runtime is declared in ${files.declarationFile}, and ${files.languagesFile} says how ${language} spells it: use a member it declares, or declare the member there if Brook has it`;
}

function pythonSpelling(languages: StepLanguages, files: StepMemberFiles): Spelling {
  return {
    language: "Python",
    name: (n) => n,
    reach: (o) => (o.methods ? "attribute" : "key"),
    builtIn: new Set(languages.python.dictMethods),
    extra: {},
    keywords: true,
    hint: hintFor("Python", files),
  };
}

function goSpelling(languages: StepLanguages, files: StepMemberFiles): Spelling {
  const { initialisms, extra } = languages.go;
  return {
    language: "Go",
    name: (n) => goName(n, initialisms),
    reach: (o) => (Object.keys(o.members).length ? "attribute" : "key"),
    builtIn: new Set(),
    extra,
    keywords: false,
    hint: hintFor("Go", files),
  };
}
