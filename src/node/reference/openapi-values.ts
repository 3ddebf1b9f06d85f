/**
 * The YAML tags that let data/openapi.yaml state a figure without typing it (docs/design.md §9):
 * `!value limits.pageSize.max` is the site value as it is (a number stays a number),
 * `!value limits.queue.max as number` reads text such as "10,000", `as MB` and `as bytes` read a
 * size ("10GB" is 10240 MB, "64KB" 65536 bytes), and `!text "… {{ site.apiBase }} …"` fills site
 * values into a sentence. `!errors types from api`, `!errors codes from api` and `!errors codes
 * from api of forbidden` are lists of the error catalogue (data/errors.yaml): the types and codes
 * the REST API answers, and the codes of one type. A name that is no value, or a value that is no
 * such figure, is a YAML error at the tag's line.
 */
import type { ScalarTag } from "yaml";
import type { SiteValueTree } from "../config/schema.ts";
import { codesFrom, typesFrom, type ErrorCatalogue, type ErrorSource } from "./error-catalogue.ts";

/** Where the tags read: the values tree (typed), the config's own values (apiBase, …), the error catalogue. */
export interface ValueSource {
  values: SiteValueTree;
  builtIn: Record<string, string>;
  errors?: ErrorCatalogue;
}

const ERRORS_RE = /^(types|codes) from (api|trigger|step)(?: of ([a-z0-9_]+))?$/;

const SIZE_RE = /^(\d+(?:\.\d+)?)\s*(B|KB|MB|GB|TB)$/;
const UNITS = ["B", "KB", "MB", "GB", "TB"];
const TEXT_RE = /\{\{\s*site\.([^{}\s]+)\s*\}\}/g;

/** The value at a dotted path, or undefined (a group is no value either). */
export function lookupValue(source: ValueSource, path: string): string | number | undefined {
  if (!path.includes(".") && Object.prototype.hasOwnProperty.call(source.builtIn, path))
    return source.builtIn[path];
  let node: SiteValueTree | string | number | undefined = source.values;
  for (const name of path.split(".")) {
    if (typeof node !== "object" || !Object.prototype.hasOwnProperty.call(node, name))
      return undefined;
    node = node[name];
  }
  return typeof node === "object" ? undefined : node;
}

/** A figure converted as `as` asks; a string when it cannot be. */
function convert(
  value: string | number,
  as: string | undefined,
): number | string | { problem: string } {
  if (as === undefined) return value;
  const text = String(value).trim();
  if (as === "number") {
    const n = Number(text.replace(/[,_]/g, ""));
    return Number.isFinite(n) && text !== ""
      ? n
      : { problem: `${JSON.stringify(text)} is not a number` };
  }
  const m = SIZE_RE.exec(text);
  const unit = as === "bytes" ? 0 : UNITS.indexOf(as);
  if (unit < 0)
    return {
      problem: `unknown conversion 'as ${as}': use as number, as bytes, as KB, as MB or as GB`,
    };
  if (!m) return { problem: `${JSON.stringify(text)} is not a size such as 512KB` };
  return (Number(m[1]) * 1024 ** UNITS.indexOf(m[2]!)) / 1024 ** unit;
}

/** The tags, reading `source`; `used` collects the value names the description read. */
export function valueTags(source: ValueSource, used: Set<string>): ScalarTag[] {
  const value: ScalarTag = {
    tag: "!value",
    resolve(str, onError) {
      const [path = "", as, unit, ...rest] = str.trim().split(/\s+/);
      if ((as !== undefined && as !== "as") || (as === "as" && !unit) || rest.length) {
        onError(
          `!value takes a name and an optional conversion: !value limits.queue.max as number (not ${JSON.stringify(str)})`,
        );
        return str;
      }
      const found = lookupValue(source, path);
      if (found === undefined) {
        onError(
          `!value ${path}: no such site value (data/values.ts, or apiBase, sqlApiBase, webBase)`,
        );
        return str;
      }
      used.add(path);
      const out = convert(found, unit);
      if (typeof out === "object") {
        onError(`!value ${str.trim()}: ${out.problem}`);
        return str;
      }
      return out;
    },
  };
  const text: ScalarTag = {
    tag: "!text",
    resolve(str, onError) {
      return str.replace(TEXT_RE, (match, path: string) => {
        const found = lookupValue(source, path);
        if (found === undefined) {
          onError(`!text: ${match} is no site value`);
          return match;
        }
        used.add(path);
        return String(found);
      });
    },
  };
  const errors: ScalarTag = {
    tag: "!errors",
    resolve(str, onError) {
      const m = ERRORS_RE.exec(str.trim().replace(/\s+/g, " "));
      if (!m || (m[1] === "types" && m[3])) {
        onError(
          `!errors takes "types from api", "codes from api" or "codes from api of TYPE" (not ${JSON.stringify(str)})`,
        );
        return str;
      }
      const catalogue = source.errors;
      if (!catalogue) {
        onError("!errors needs the error catalogue: set reference.errors in the config");
        return str;
      }
      const [, what, from, type] = m as unknown as [string, string, ErrorSource, string?];
      if (type !== undefined && !catalogue.types[type]) {
        onError(`!errors ${str.trim()}: no type ${type} in the error catalogue`);
        return str;
      }
      // A list where the tag stands: the published file writes it as one (openapi-load.ts).
      return what === "types" ? typesFrom(catalogue, from) : codesFrom(catalogue, from, type);
    },
  };
  return [value, text, errors];
}
