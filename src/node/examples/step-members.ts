/**
 * The member check of Python and Go steps, language-neutral: a use of a root (`ctx`, `event`) and
 * the accesses after it (`.send`, `["body"]`, a call) walked through the runtime's surface
 * (runtime-surface.ts), as the language spells and reaches each member (step-languages.ts). The
 * first access the runtime lacks, or that reaches a member the wrong way for the language (a
 * Python dict read as an object), is the use's problem, with the closest member as "did you mean".
 */
import levenshtein from "damerau-levenshtein";
import type { BlockProblem } from "./block-check.ts";
import type { RuntimeSurface, Shape } from "./runtime-surface.ts";

/** Where in the block an access is written (1-based). */
export interface Place {
  line: number;
  column: number;
}

/** One access after a root: a member (`.x`), a key (`["x"]`, `[i]`), or a call. */
export type Access =
  | (Place & { kind: "member"; name: string })
  | (Place & { kind: "key"; key?: string })
  | (Place & {
      kind: "call";
      keywords: (Place & { name: string })[];
      positional: number;
      /** `*args` or `**kwargs`: the arguments are not all known. */
      spread: boolean;
    });

/** A root as the block uses it, and the accesses after it. */
export interface RootUse {
  root: string;
  accesses: Access[];
}

/** How a language spells and reaches the runtime's members. */
export interface Spelling {
  language: "Python" | "Go";
  /** A runtime name as the language spells it. */
  name: (declared: string) => string;
  /** Whether an object's members are attributes (`ctx.send`) or keys (`event["body"]`). */
  reach: (shape: ObjectShape) => "attribute" | "key";
  /** Attributes any key-reached object has (a Python dict's `get`): not checked further. */
  builtIn: ReadonlySet<string>;
  /** Members only this language has, by root, spelled. */
  extra: Readonly<Record<string, Readonly<Record<string, string>>>>;
  /** Whether keyword arguments are a method's fields (Python's `ctx.respond(status=200)`). */
  keywords: boolean;
  /** Hint: where the runtime and the language's spelling are described. */
  hint: string;
}

type ObjectShape = Extract<Shape, { kind: "object" }>;

/** The first problem of a use, if any; `kind` says what the block was checked as. */
export function checkUse(
  surface: RuntimeSurface,
  spelling: Spelling,
  use: RootUse,
  kind: string,
): BlockProblem | undefined {
  let shapes = [surface.roots[use.root]!];
  let text = use.root;
  for (const [i, access] of use.accesses.entries()) {
    const current = expand(surface, shapes);
    if (current.some((s) => s.kind === "any")) return undefined;
    const problem = (message: string): BlockProblem => ({
      line: access.line,
      column: access.column,
      rule: "step-types",
      message: `${message} (checked as ${kind})`,
      hint: spelling.hint,
    });
    const objects = current.filter((s): s is ObjectShape => s.kind === "object");
    const owner = objects.map((o) => o.name).find(Boolean) ?? `\`${text}\``;
    if (access.kind === "call") {
      const fns = current.filter((s) => s.kind === "function");
      if (!fns.length) {
        if (current.every((s) => s.kind === "value" || s.kind === "list")) return undefined;
        return problem(`\`${text}(…)\` calls what is not a method of the runtime`);
      }
      if (spelling.keywords) {
        const wrong = keywordProblem(surface, spelling, fns[0]!, access, `${text}(…)`);
        if (wrong) return { ...problem(wrong.message), line: wrong.line, column: wrong.column };
      }
      shapes = fns.map((f) => f.returns);
      text = `${text}(…)`;
      continue;
    }
    if (!objects.length) {
      const lists = current.filter((s) => s.kind === "list");
      if (access.kind === "key" && lists.length) shapes = lists.map((l) => l.item);
      else return undefined;
      text = `${text}[…]`;
      continue;
    }
    const name = access.kind === "member" ? access.name : access.key;
    const extra = i === 0 ? spelling.extra[use.root] : undefined;
    if (name !== undefined && extra && name in extra) return undefined;
    const reach = spelling.reach(objects[0]!);
    const wanted = access.kind === "member" ? "attribute" : "key";
    const spelled = (o: ObjectShape) =>
      new Map(Object.entries(o.members).map(([n, m]) => [spelling.name(n), m.shape]));
    const found = name === undefined ? [] : objects.flatMap((o) => spelled(o).get(name) ?? []);
    const spell = (n: string) => (reach === "attribute" ? `${text}.${n}` : `${text}["${n}"]`);
    const known = [...new Set(objects.flatMap((o) => [...spelled(o).keys()]))];
    const extras = Object.keys(extra ?? {});
    if (reach !== wanted) {
      if (access.kind === "member" && spelling.builtIn.has(access.name)) return undefined;
      const go = spelling.language === "Go";
      const as = reach === "key" ? (go ? "a map" : "a dict") : go ? "a struct" : "an object";
      const named = objects.map((o) => o.name).find(Boolean);
      const target = found.length ? name : name && closestName(name, known);
      return problem(
        `\`${text}\` is ${as} in ${spelling.language}${named ? ` (${named})` : ""}: write ${target ? `\`${spell(target)}\`` : `its members as \`${spell("NAME")}\``}`,
      );
    }
    if (found.length) {
      shapes = found;
      text = spell(name!);
      continue;
    }
    const indexed = objects.flatMap((o) => (o.index === undefined ? [] : [o.index]));
    if (indexed.length) {
      shapes = indexed;
      text = name === undefined ? `${text}[…]` : spell(name);
      continue;
    }
    if (name === undefined) return undefined;
    const all = [...known, ...extras];
    const close = closestName(name, all);
    return problem(
      `\`${spell(name)}\`: ${owner} has no member \`${name}\`` +
        (close ? `; did you mean \`${spell(close)}\`?` : `; it has ${all.join(", ")}`),
    );
  }
  return undefined;
}

/** Shapes with unions opened (each union's options in their place). */
function expand(surface: RuntimeSurface, ids: number[]): Shape[] {
  const out: Shape[] = [];
  const seen = new Set<number>();
  const stack = [...ids].reverse();
  while (stack.length) {
    const id = stack.pop()!;
    if (seen.has(id)) continue;
    seen.add(id);
    const shape = surface.shapes[id]!;
    if (shape.kind === "union") stack.push(...[...shape.options].reverse());
    else out.push(shape);
  }
  return out;
}

/**
 * A keyword argument the method does not take: its one object's fields (`ctx.respond(status=…)`)
 * or its parameters' names; or a field that object requires and the call leaves out.
 */
function keywordProblem(
  surface: RuntimeSurface,
  spelling: Spelling,
  fn: Extract<Shape, { kind: "function" }>,
  call: Extract<Access, { kind: "call" }>,
  text: string,
): (Place & { message: string }) | undefined {
  if (!call.keywords.length) return undefined;
  const [only] = fn.params;
  const options = fn.params.length === 1 ? expand(surface, [only!.shape]) : [];
  const object = options.length === 1 && options[0]!.kind === "object" ? options[0] : undefined;
  const fields = object
    ? Object.entries(object.members).map(([n, m]) => ({ name: spelling.name(n), ...m }))
    : fn.params.map((p) => ({ name: spelling.name(p.name), optional: p.optional }));
  const names = fields.map((f) => f.name);
  const what = object ? (object.name ?? `its ${only!.name}`) : "the method";
  for (const k of call.keywords)
    if (!names.includes(k.name)) {
      const close = closestName(k.name, names);
      return {
        ...k,
        message: `\`${text}\`: ${what} has no field \`${k.name}\`${close ? `; did you mean \`${close}\`?` : `; it takes ${names.join(", ")}`}`,
      };
    }
  if (!object || call.spread || call.positional) return undefined;
  const given = new Set(call.keywords.map((k) => k.name));
  const missing = fields.filter((f) => !f.optional && !given.has(f.name)).map((f) => f.name);
  if (!missing.length) return undefined;
  return {
    ...call,
    message: `\`${text}\` leaves out ${missing.map((m) => `\`${m}\``).join(", ")}, which ${what} requires`,
  };
}

/**
 * The candidate a mistyped name most likely meant: the same letters in another case, else the
 * fewest edits (a swap of two letters counts one: `stauts`, `Sned`), at most a third of its length.
 * Bigram similarity (shared/similar.ts) misses those in names of three to six letters.
 */
export function closestName(name: string, candidates: readonly string[]): string | undefined {
  const lower = name.toLowerCase();
  const sameLetters = candidates.find((c) => c.toLowerCase() === lower);
  if (sameLetters) return sameLetters;
  let best: string | undefined;
  let fewest = Math.max(1, Math.floor(name.length / 3)) + 1;
  for (const c of candidates) {
    const { steps } = levenshtein(lower, c.toLowerCase());
    if (steps < fewest) [best, fewest] = [c, steps];
  }
  return best;
}
