/** The search index file's compact form, read back into lunr's serialised shape (build tests and browser alike). */
import type { SearchIndexFile } from "./types.ts";

/** Turns the compact form back into lunr's serialised shape, for `lunr.Index.load` (browser and tests). */
export function toLunrJson(file: SearchIndexFile): object {
  const postings = file.terms.map((_, i) => {
    const p: Record<string, unknown> = { _index: i };
    for (const f of file.fields) p[f] = {};
    return p;
  });
  const fieldVectors: [string, number[]][] = [];
  file.vectors.forEach((perField, ref) => {
    perField.forEach((flat, fi) => {
      if (flat.length === 0) return;
      const field = file.fields[fi]!;
      const elements: number[] = [];
      let t = 0;
      for (let i = 0; i < flat.length; i += 2) {
        t += flat[i]!;
        elements.push(t, flat[i + 1]! / file.scale);
        (postings[t]![field] as Record<string, object>)[String(ref)] = {};
      }
      fieldVectors.push([`${field}/${ref}`, elements]);
    });
  });
  return {
    version: file.lunr,
    fields: file.fields,
    fieldVectors,
    invertedIndex: file.terms.map((term, i) => [term, postings[i]]),
    pipeline: ["stemmer"],
  };
}
