/**
 * The docs' own descriptions of Brook (data/), loaded as the build loads them, for the tests that
 * read the real REST description: its `!errors` tags read the error catalogue.
 */
import { readFileSync } from "node:fs";
import { values } from "../../data/values.ts";
import { flattenSiteValues } from "../../src/node/content/site-values.ts";
import { loadErrorCatalogue } from "../../src/node/reference/error-catalogue.ts";
import type { ValueSource } from "../../src/node/reference/openapi-values.ts";

const data = (name: string) => new URL(`../../data/${name}`, import.meta.url);

/** data/errors.yaml as text. */
export const REAL_ERRORS_TEXT = readFileSync(data("errors.yaml"), "utf8");

/** data/errors.yaml, loaded with the docs' values. */
export const realErrors = loadErrorCatalogue(
  REAL_ERRORS_TEXT,
  "data/errors.yaml",
  flattenSiteValues(values),
);

/** What the real description's tags read: the values, the API base and the error catalogue. */
export function realValueSource(apiBase = "https://api.brook.example/v1"): ValueSource {
  return { values, builtIn: { apiBase }, errors: realErrors };
}
