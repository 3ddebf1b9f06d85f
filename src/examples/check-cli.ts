import type { BlockProblem } from "./block-check.ts";
import type { CodeSample } from "./sample.ts";
export async function checkCliUsage(
  samples: CodeSample[],
  _d: string,
  _f: string,
): Promise<BlockProblem[][]> {
  return samples.map(() => []);
}
