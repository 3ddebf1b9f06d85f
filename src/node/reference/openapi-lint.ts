/**
 * The description through a standard OpenAPI linter: Redocly's recommended rules
 * (@redocly/openapi-core), run on the description as published (its value tags resolved), after
 * the parser accepted it and its patterns are known to be safe (the linter's example rules run
 * them). Each finding is a DescriptionProblem at the path the linter points to. The rules turned
 * off and the findings that are not mistakes are listed here, each with its reason: the one place
 * to change what the build holds the description to.
 */
import type { BaseResolver, NormalizedProblem } from "@redocly/openapi-core";
import type { DescriptionPath, DescriptionProblem } from "./openapi-validate.ts";

/** The name the linter knows the description by; only its own `#/...` references are followed. */
const DOCUMENT = "/brook/openapi.json";

/** Redocly's recommended rules, less those the build checks in its own way. */
export const LINT_RULES: Record<string, "off"> = {
  // The build checks every example against its schema itself (`openapi-example`, with ajv, at the
  // example's line); the linter's copy of that check would report each bad example twice.
  "no-invalid-media-type-examples": "off",
  "no-invalid-parameter-examples": "off",
  // Brook's API is a hosted service, used under the account's terms: its description has no
  // licence to name, and the docs state none.
  "info-license": "off",
  "info-license-strict": "off",
};

/** Findings that are not mistakes, by rule and the place the linter names (a JSON pointer). */
export const LINT_NOT_MISTAKES: { rule: string; pointer: string; reason: string }[] = [
  {
    rule: "no-unused-components",
    pointer: "#/components/schemas/SseHandshake",
    reason:
      "the event stream's handshake message, referred to from the EventStream response's " +
      "`x-messages` (OpenAPI 3.1 has no field for the messages of a stream), which the linter does not follow",
  },
];

let linter: Promise<typeof import("@redocly/openapi-core")> | undefined;

/** The linter, loaded once (the validation's thread loads it while the pages are made). */
export function loadLinter(): Promise<typeof import("@redocly/openapi-core")> {
  linter ??= import("@redocly/openapi-core");
  return linter;
}

/** What Redocly's recommended rules find in the description (its value, as published). */
export async function lintProblems(value: unknown): Promise<DescriptionProblem[]> {
  const redocly = await loadLinter();
  const ignore = { [DOCUMENT]: {} as Record<string, Set<string>> };
  for (const { rule, pointer } of LINT_NOT_MISTAKES)
    (ignore[DOCUMENT]![rule] ??= new Set()).add(pointer);
  const config = await redocly.createConfig(
    { extends: ["recommended"], rules: LINT_RULES },
    { ignore },
  );
  // The value as parsed already: the linter's own reading of the text (js-yaml, also for JSON)
  // cost 0.3 s of CPU and as much in garbage. Its findings are read by pointer, not by the text.
  const found = await redocly.lintDocument({
    document: { source: new redocly.Source(DOCUMENT, ""), parsed: structuredClone(value) },
    config,
    externalRefResolver: localOnly(redocly.BaseResolver),
  });
  return found.filter((p) => !p.ignored).map(toProblem);
}

/**
 * A resolver that reads nothing: the description comes from the repository like a page, and a
 * `$ref` to a URL or another file would have the linter fetch or read it. The parser before it
 * refuses such references; here they are the linter's unresolved references, not a read.
 */
function localOnly(Base: typeof BaseResolver): BaseResolver {
  return new (class extends Base {
    override async loadExternalRef(absoluteRef: string): Promise<never> {
      throw new Error(`the description refers to ${absoluteRef}, which the build does not read`);
    }
  })();
}

function toProblem(p: NormalizedProblem): DescriptionProblem {
  const where = p.location[0];
  const path = where?.pointer !== undefined ? pointerPath(where.pointer) : undefined;
  const suggestion = p.suggest.length ? ` (did you mean ${p.suggest.slice(0, 3).join(", ")}?)` : "";
  return {
    path,
    rule: "openapi",
    message: `the description breaks Redocly's \`${p.ruleId}\` rule: ${p.message.replace(/\.$/, "")}${suggestion}`,
    hint: `fix the description${p.reference ? ` (the rule: ${p.reference})` : ""}; a finding that is not a mistake is turned off, with its reason, in src/node/reference/openapi-lint.ts`,
  };
}

/**
 * `#/paths/~1workflows/get` → ["paths", "/workflows", "get"] (RFC 6901, as the linter escapes:
 * no percent-encoding); array indexes stay strings, which the YAML document finds as well.
 */
export function pointerPath(pointer: string): DescriptionPath {
  return pointer
    .replace(/^#\/?/, "")
    .split("/")
    .filter((s) => s !== "")
    .map((s) => s.replaceAll("~1", "/").replaceAll("~0", "~"));
}
