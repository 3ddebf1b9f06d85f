// `npm run typecheck`: the three TypeScript projects (Node and shared code with the tests, the
// client, the browser tests) checked at the same time; each one's report is printed whole, in this
// order, and the exit code is non-zero when any found an error. The checker is TypeScript 7's
// native compiler (the dev dependency `typescript-native`): the same checks as TypeScript 5's tsc
// in a third of the time. The engine keeps TypeScript 5 (`typescript`), whose compiler API the
// example checks use (docs/decisions.md, "Type checking with TypeScript 7").
import { spawn } from "node:child_process";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const tsc = join(
  dirname(createRequire(import.meta.url).resolve("typescript-native/package.json")),
  "bin",
  "tsc",
);
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
