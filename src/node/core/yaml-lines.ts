/** Where a value of a YAML file was written: for diagnostics about data/*.yaml at their lines. */
import type { Document, LineCounter } from "yaml";

/** The line of the YAML node at `path`, or of its nearest ancestor the document has. */
export function lineOf(doc: Document, counter: LineCounter, path: readonly PropertyKey[]): number {
  for (let n = path.length; n >= 0; n--) {
    const node = n === 0 ? doc.contents : doc.getIn(path.slice(0, n), true);
    const range = (node as { range?: [number, number, number] } | undefined)?.range;
    if (range) return counter.linePos(range[0]).line;
  }
  return 1;
}
