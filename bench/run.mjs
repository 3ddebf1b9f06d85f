// `npm run bench`: the build benchmark, then the dev-server, reader-client, search and Lighthouse benchmarks.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { join } from "node:path";

const here = import.meta.dirname;
let failed = false;
for (const script of ["build.mjs", "serve.mjs", "client.mjs", "search.mjs", "lighthouse.mjs"]) {
  const file = join(here, script);
  if (!existsSync(file)) continue;
  console.log(`\n## ${script.replace(".mjs", "")}\n`);
  const r = spawnSync(process.execPath, [file, ...process.argv.slice(2)], { stdio: "inherit" });
  if (r.status !== 0) failed = true;
}
process.exitCode = failed ? 1 : 0;
