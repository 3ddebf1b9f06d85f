// `npm run typecheck`: the three TypeScript projects (Node and shared code with the tests, the
// client, the browser tests) checked at the same time, each tsc on a core of its own; each one's
// report is printed whole, in this order, and the exit code is non-zero when any found an error.
import { spawn } from "node:child_process";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const tsc = createRequire(import.meta.url).resolve("typescript/bin/tsc");
const PROJECTS = ["tsconfig.json", "tsconfig.client.json", "tsconfig.browser-tests.json"];

/** Runs tsc on one project; resolves to its exit code and everything it printed. */
function check(project) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [tsc, "--noEmit", "-p", project], { cwd: root });
    const out = [];
    child.stdout.on("data", (b) => out.push(b));
    child.stderr.on("data", (b) => out.push(b));
    child.on("error", (e) => resolve({ code: 1, text: `${project}: ${e.message}\n` }));
    child.on("close", (code) => resolve({ code: code ?? 1, text: Buffer.concat(out).toString() }));
  });
}

const results = await Promise.all(PROJECTS.map(check));
let failed = 0;
for (const [i, { code, text }] of results.entries()) {
  process.stdout.write(text);
  if (code !== 0) {
    failed++;
    process.stderr.write(`typecheck: ${PROJECTS[i]} has errors\n`);
  }
}
process.exitCode = failed ? 1 : 0;
