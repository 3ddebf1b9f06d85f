/**
 * The step-types checker process (src/node/examples/step-checker.ts) as the bundled CLI runs it: the
 * bundle holds it with a V8 snapshot taken by this Node, and a process started from the snapshot
 * answers as the check does on this thread.
 */
import { spawn } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";
import { compileCli } from "../../../../scripts/compile-cli.js";
import { checkStepTypes } from "../../../../src/node/examples/check-step-types.ts";
import type {
  StepCheckerSnapshot,
  StepTypesAnswer,
} from "../../../../src/node/examples/step-types-protocol.ts";

const bundleDir = dirname(fileURLToPath(await compileCli()));
const declaration = readFileSync(new URL("../../../../data/runtime.d.ts", import.meta.url), "utf8");
const blocks = [
  `export default async function (event, ctx) {\n  await ctx.respnd({ status: 200 });\n}\n`,
  `const cursor = await ctx.db.get("cursor");\nconsole.log(cursor, event.id);\n`,
];

/**
 * The build's side of the checker as the bundled CLI runs it; `instance` names a copy of the
 * module of its own (its own process and state), for a test that leaves it checking on this thread.
 */
async function bundledProcess(
  instance = "",
): Promise<typeof import("../../../../src/node/examples/step-types-process.ts")> {
  const chunk = readdirSync(bundleDir).find((f) => /^step-types-process-\w+\.mjs$/.test(f));
  expect(chunk).toBeDefined();
  const url = pathToFileURL(join(bundleDir, chunk!)).href;
  return import(instance ? `${url}?${instance}` : url);
}

/** A block whose types take TypeScript some 100 MB: eight template literal types of 64,000 strings. */
function hungryBlock(): string {
  const letters = [0, 1].flatMap((i) => [..."abcdefghijklmnopqrst"].map((c) => `"${c}${i}"`));
  const lines = [`/** @typedef {${letters.join("|")}} L */`];
  for (let k = 0; k < 8; k++)
    lines.push(
      `/** @typedef {\`${k}\${L}\${L}\${L}\`} T${k} */`,
      `/** @type {T${k}} */`,
      `const v${k} = "${k}a0a0a0";`,
    );
  lines.push(`ctx.export("v", [${[...Array(8).keys()].map((k) => `v${k}`).join(", ")}]);`);
  return lines.join("\n") + "\n";
}

describe("the step-types checker process", () => {
  it("is in the bundle with a snapshot this Node can start from", async () => {
    const bundled = await bundledProcess();
    const files = bundled.checkerFiles();
    expect(files?.script).toBe(join(bundleDir, "step-checker.cjs"));
    expect(files?.snapshot).toMatch(/step-checker-\w+\.blob$/);
    expect(existsSync(files!.snapshot!)).toBe(true);
  });

  const ask = async (args: string[]): Promise<StepTypesAnswer[]> => {
    const require = createRequire(import.meta.url);
    const child = spawn(process.execPath, args, {
      env: {
        ...process.env,
        BROOK_TS_FILE: require.resolve("typescript"),
        BROOK_NODE_TYPES: dirname(require.resolve("@types/node/package.json")),
      },
      stdio: ["pipe", "pipe", "inherit"],
    });
    let out = "";
    child.stdout.setEncoding("utf8").on("data", (s: string) => (out += s));
    const exited = new Promise<number | null>((resolve) => child.on("exit", resolve));
    for (const [id, code] of blocks.entries())
      child.stdin.write(
        JSON.stringify({ id, samples: [{ code }], declaration, declarationFile: "d.ts" }) + "\n",
      );
    // The process ends with its stdin.
    child.stdin.end();
    expect(await exited).toBe(0);
    return out
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l) as StepTypesAnswer);
  };
  const here = blocks.map((code) => checkStepTypes([{ code }], declaration, "d.ts")[0]);

  it("started from the snapshot, answers each request line as the check on this thread does", async () => {
    const made = JSON.parse(
      readFileSync(join(bundleDir, "step-checker.json"), "utf8"),
    ) as StepCheckerSnapshot;
    const answers = await ask([...made.flags, "--snapshot-blob", join(bundleDir, made.blob)]);
    expect(answers.map((a) => a.id)).toEqual([0, 1]);
    expect(answers.map((a) => a.verdicts?.[0])).toEqual(here);
    expect(answers[0]!.verdicts![0]![0]).toMatchObject({ rule: "step-types", line: 2 });
    expect(answers[1]!.verdicts![0]).toEqual([]);
  });

  it("past its time budget, is stopped and names each block it did not finish; the next check starts another", async () => {
    const bundled = await bundledProcess();
    const late = await bundled.checkStepTypesApart(
      blocks.map((code) => ({ code })),
      declaration,
      "d.ts",
      { budgetMs: 1 },
    );
    expect(late.map((found) => found.map((p) => p.rule))).toEqual([["step-types"], ["step-types"]]);
    expect(late[0]![0]!.message).toMatch(/did not finish checking the block in 0\.001 s/);
    const again = await bundled.checkStepTypesApart(
      blocks.map((code) => ({ code })),
      declaration,
      "d.ts",
    );
    expect(again).toEqual(here);
    await bundled.stopStepChecker();
  });

  it("names a block TypeScript cannot read (nested too deep) and answers the others", async () => {
    const bundled = await bundledProcess();
    const deep = `const x = ${"[".repeat(30000)}1${"]".repeat(30000)};\nctx.export("x", x);\n`;
    const found = await bundled.checkStepTypesApart(
      [deep, ...blocks].map((code) => ({ code })),
      declaration,
      "d.ts",
    );
    expect(found[0]).toEqual([
      expect.objectContaining({
        rule: "step-types",
        message: expect.stringMatching(/nests too deep/),
      }),
    ]);
    expect(found.slice(1)).toEqual(here);
    await bundled.stopStepChecker();
  });

  it("names a block that makes the checker run out of memory, and answers the others", async () => {
    const bundled = await bundledProcess("heap-60");
    const found = await bundled.checkStepTypesApart(
      [hungryBlock(), ...blocks].map((code) => ({ code })),
      declaration,
      "d.ts",
      { heapMb: 60 },
    );
    expect(found[0]).toEqual([
      expect.objectContaining({
        rule: "step-types",
        message: expect.stringMatching(
          // V8 aborts on a heap out of memory (SIGABRT on Linux; 134 where a shell reports it).
          /checker stopped while checking the block \(it exited with (SIGABRT|134)\)/,
        ),
      }),
    ]);
    expect(found.slice(1)).toEqual(here);
    await bundled.stopStepChecker();
  });

  it("checks on this thread when a new checker cannot answer even an empty request", async () => {
    const bundled = await bundledProcess("heap-20");
    const found = await bundled.checkStepTypesApart(
      [hungryBlock(), ...blocks].map((code) => ({ code })),
      declaration,
      "d.ts",
      { heapMb: 20 },
    );
    expect(found).toEqual([[], ...here]);
  });

  it("without a snapshot (another Node took it), loads TypeScript itself and answers the same", async () => {
    const answers = await ask([join(bundleDir, "step-checker.cjs")]);
    expect(answers.map((a) => a.verdicts?.[0])).toEqual(here);
  });
});
