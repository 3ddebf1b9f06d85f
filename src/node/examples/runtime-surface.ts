/**
 * The runtime's members as plain data, read from the runtime declaration (data/runtime.d.ts) by
 * TypeScript's checker: what `event` and `ctx` hold, member by member, so that the steps of other
 * languages (Python, Go) are checked against the same declaration as JavaScript without loading
 * TypeScript on the build's thread. It runs where the step-types check runs (its process).
 * Unions (an event per trigger) are kept as unions: a member exists when one of them has it.
 */
import type * as TS from "typescript";
import { compilerOptions, loadTypeScript, programHost } from "./ts-program.ts";

/** A type of the runtime, as far as a member check follows it; shapes refer to each other by index. */
export type Shape =
  /** `any`, `unknown`, or what the check does not follow: every member may exist. */
  | { kind: "any" }
  /** A string, number, boolean, null or literal: no members of the runtime's. */
  | { kind: "value" }
  | {
      kind: "object";
      members: Record<string, { shape: number; optional: boolean }>;
      /** The shape of any key's value (`Record<string, X>`, an index signature). */
      index?: number;
      /** Whether it has methods (`ctx`, `ctx.send`), or is plain JSON data. */
      methods: boolean;
      /** The declaration's name for it (`Brook.StepContext`), when it has one. */
      name?: string;
    }
  | { kind: "list"; item: number }
  | { kind: "union"; options: number[] }
  | {
      kind: "function";
      params: { name: string; shape: number; optional: boolean }[];
      returns: number;
    };

/** The shapes, and the index of each root's (`event`, `ctx`). */
export interface RuntimeSurface {
  shapes: Shape[];
  roots: Record<string, number>;
  /** Roots whose type the declaration does not declare, with TypeScript's message. */
  unknown?: Record<string, string>;
}

const ROOT = "/__brook_surface__/";

/**
 * The surface of `roots` (names to types as the declaration names them, `Brook.StepEvent`); a
 * root whose type does not resolve is in `unknown`.
 */
export function describeRuntime(
  declaration: string,
  roots: Record<string, string>,
): RuntimeSurface {
  const ts = loadTypeScript();
  const options = { ...compilerOptions(ts), allowJs: false, checkJs: false };
  const names = Object.keys(roots);
  const files = new Map([
    [ROOT + "runtime.d.ts", declaration],
    [ROOT + "roots.ts", names.map((n, i) => `declare const root${i}: ${roots[n]};`).join("\n")],
  ]);
  const program = ts.createProgram({
    rootNames: [...files.keys()],
    options,
    host: programHost(ts, options, files),
  });
  const checker = program.getTypeChecker();
  const rootsFile = program.getSourceFile(ROOT + "roots.ts")!;
  const unknown: Record<string, string> = {};
  for (const d of program.getSemanticDiagnostics(rootsFile)) {
    const at = rootsFile.statements.findIndex((st) => d.start! >= st.pos && d.start! < st.end);
    unknown[names[at] ?? names[0]!] = ts.flattenDiagnosticMessageText(d.messageText, " ");
  }
  const shapes: Shape[] = [];
  const seen = new Map<TS.Type, number>();
  const shapeOf = (type: TS.Type): number => {
    const known = seen.get(type);
    if (known !== undefined) return known;
    const at = shapes.push({ kind: "any" }) - 1;
    seen.set(type, at);
    shapes[at] = describe(ts, checker, type, shapeOf);
    return at;
  };
  const out: Record<string, number> = {};
  rootsFile.statements.forEach((statement, i) => {
    const declared = (statement as TS.VariableStatement).declarationList.declarations[0]!;
    out[names[i]!] = shapeOf(checker.getTypeAtLocation(declared.name));
  });
  return Object.keys(unknown).length ? { shapes, roots: out, unknown } : { shapes, roots: out };
}

/** Whether a declaration is the runtime's own (not the library's). */
const declaredHere = (d: TS.Declaration) => d.getSourceFile().fileName.startsWith(ROOT);

function describe(
  ts: typeof TS,
  checker: TS.TypeChecker,
  type: TS.Type,
  shapeOf: (t: TS.Type) => number,
): Shape {
  const F = ts.TypeFlags;
  if (type.flags & (F.Any | F.Unknown)) return { kind: "any" };
  if (type.isUnion()) {
    const options = type.types.filter((t) => !(t.flags & (F.Undefined | F.Null | F.Void)));
    if (options.some((t) => t.flags & (F.Any | F.Unknown))) return { kind: "any" };
    if (options.every((t) => !(t.flags & F.Object) && !t.isIntersection()))
      return { kind: "value" };
    return options.length === 1
      ? describe(ts, checker, options[0]!, shapeOf)
      : { kind: "union", options: options.map(shapeOf) };
  }
  if (!(type.flags & F.Object) && !type.isIntersection()) return { kind: "value" };
  if (checker.isArrayType(type) || checker.isTupleType(type)) {
    const [item] = checker.getTypeArguments(type as TS.TypeReference);
    return item ? { kind: "list", item: shapeOf(item) } : { kind: "any" };
  }
  // The library's own types (a Promise a method returns, a Date) are not Brook's to check, and
  // their generic methods never end; a `Record<string, X>` (a mapped type) is followed.
  const symbol = type.getSymbol();
  const mapped = (type as TS.ObjectType).objectFlags & ts.ObjectFlags.Mapped;
  if (!mapped && symbol?.declarations?.length && !symbol.declarations.some(declaredHere))
    return { kind: "any" };
  const [call] = type.getCallSignatures();
  if (call) {
    return {
      kind: "function",
      params: call.getParameters().map((p) => {
        const declaration = p.valueDeclaration as TS.ParameterDeclaration | undefined;
        return {
          name: p.name,
          shape: shapeOf(checker.getTypeOfSymbol(p)),
          optional: !!(declaration?.questionToken || declaration?.initializer),
        };
      }),
      returns: shapeOf(call.getReturnType()),
    };
  }
  const members: Record<string, { shape: number; optional: boolean }> = {};
  let methods = false;
  for (const symbol of checker.getPropertiesOfType(type)) {
    const member = checker.getTypeOfSymbol(symbol);
    if (member.getCallSignatures().length) methods = true;
    members[symbol.name] = {
      shape: shapeOf(member),
      optional: !!(symbol.flags & ts.SymbolFlags.Optional),
    };
  }
  const index = checker.getIndexInfosOfType(type).find((i) => i.keyType.flags & F.String);
  // Its name, as the declaration writes it: an interface's, or an alias's (`type StepEvent = …`).
  const own = [type.aliasSymbol, symbol].find(
    (s) => s && !s.name.startsWith("__") && s.declarations?.some(declaredHere),
  );
  const named = own && checker.getFullyQualifiedName(own);
  return { kind: "object", members, index: index && shapeOf(index.type), methods, name: named };
}
