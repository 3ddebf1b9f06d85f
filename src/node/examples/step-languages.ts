/**
 * data/runtime-languages.yaml, read: what a step receives (the roots `event` and `ctx`, by the
 * runtime declaration's type names), and how Python and Go spell the runtime's members.
 */
import { z } from "zod";
import { readYamlData } from "../core/yaml-data.ts";

/** The file as read. */
export interface StepLanguages {
  /** Root names (`event`, `ctx`), in the order a handler takes them, to their types. */
  step: Record<string, string>;
  python: { handler: string; dictMethods: string[] };
  go: {
    handler: string;
    /** The SDK's import path, and the package name it is used by. */
    package: string;
    name: string;
    /** Root names to the SDK's type names (`ctx` → Context). */
    types: Record<string, string>;
    /** Words spelled upper case whole in an exported name. */
    initialisms: string[];
    /** Members only Go has, by root, with what each holds. */
    extra: Record<string, Record<string, string>>;
  };
}

const identifier = z.string().regex(/^[A-Za-z_]\w*$/, "a name such as ctx");
const schema = z
  .strictObject({
    step: z.record(identifier, z.string().min(1)),
    python: z.strictObject({ handler: identifier, dictMethods: z.array(identifier).default([]) }),
    go: z.strictObject({
      handler: identifier,
      package: z.string().min(1),
      name: identifier,
      types: z.record(identifier, identifier),
      initialisms: z.array(z.string().regex(/^[a-z0-9]+$/, "a lower-case word")).default([]),
      extra: z.record(identifier, z.record(identifier, z.string())).default({}),
    }),
  })
  .superRefine((data, ctx) => {
    const roots = Object.keys(data.step);
    for (const [key, names] of [
      ["types", Object.keys(data.go.types)],
      ["extra", Object.keys(data.go.extra)],
    ] as const)
      for (const name of names)
        if (!roots.includes(name))
          ctx.addIssue({
            code: "custom",
            path: ["go", key, name],
            message: `'${name}' is not a root of \`step\` (${roots.join(", ")})`,
          });
  });

/** Reads the file; one that is not valid is a BrookError naming it, each problem at its line. */
export function loadStepLanguages(text: string, file: string): StepLanguages {
  return readYamlData(text, file, schema, {
    rule: "runtime-languages",
    what: "the step languages' description",
    hint: "see data/runtime-languages.yaml's header for its shape",
  });
}

/** A runtime name as Go exports it: `client_ip` → ClientIP, `http` → HTTP. */
export function goName(name: string, initialisms: readonly string[]): string {
  return name
    .split(/_|(?<=[a-z0-9])(?=[A-Z])/)
    .filter(Boolean)
    .map((word) => {
      const lower = word.toLowerCase();
      return initialisms.includes(lower)
        ? lower.toUpperCase()
        : lower[0]!.toUpperCase() + lower.slice(1);
    })
    .join("");
}
