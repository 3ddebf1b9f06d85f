// `npm run bench`: the engine benchmark (every figure of issue 12's table, from one run), then
// preview under load, the reader's client, search and Lighthouse. Arguments go to the engine benchmark
// (`npm run bench -- --smoke`); with --only or --project only the engine benchmark runs, as the
// others measure this checkout's full docs.
import { spawnSync } from "node:child_process";
import { join } from "node:path";

const here = import.meta.dirname;
const args = process.argv.slice(2);
const engineOnly = args.some((a) => /^--(only|project|help)\b|^-h$/.test(a));
let failed = false;
for (const [script, scriptArgs] of [
  ["engine.mjs", args],
  ["preview.mjs", []],
  ["client.mjs", []],
  ["search.mjs", []],
  ["lighthouse.mjs", []],
]) {
  if (engineOnly && script !== "engine.mjs") continue;
  console.log(`\n## ${script.replace(".mjs", "")}\n`);
  const r = spawnSync(process.execPath, [join(here, script), ...scriptArgs], { stdio: "inherit" });
  if (r.status !== 0) failed = true;
}
process.exitCode = failed ? 1 : 0;
