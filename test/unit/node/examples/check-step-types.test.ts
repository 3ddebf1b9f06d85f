import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { checkStepTypes } from "../../../../src/node/examples/check-step-types.ts";
import { codeSample } from "../../../helpers/code-sample.ts";

const declaration = readFileSync(new URL("../../../../data/runtime.d.ts", import.meta.url), "utf8");
const sample = (code: string) => codeSample("js", code);
const check = (...codes: string[]) =>
  checkStepTypes(codes.map(sample), declaration, "data/runtime.d.ts");

const step = (body: string) =>
  `import axios from "@brook/axios";\n\nexport default async function (event, ctx) {\n${body}\n}\n`;

describe("step-types", () => {
  it("passes steps, components, fragments and scripts that use the runtime as declared", async () => {
    const found = await check(
      step(
        `  const user = await axios(ctx, { url: "https://x.example", retries: 1 });\n  ctx.export("id", user.id);\n  await ctx.respond({ status: 200, body: { ok: true } });\n  return ctx.end("done");`,
      ),
      `import { source } from "@brook/sdk";\nexport default source({\n  key: "a", name: "A", version: "1.0.0",\n  props: { db: { type: "db" } },\n  async run(event, ctx) {\n    await ctx.db.set("k", event.body);\n    ctx.emit(event.body, { id: "1", summary: "one" });\n  },\n});\n`,
      `const cursor = await ctx.db.get("cursor");\nconsole.log(cursor, event.id);\n`,
      `import crypto from "crypto";\nimport dayjs from "dayjs";\nconsole.log(crypto.randomUUID(), dayjs(), process.env.HOME);\n`,
    );
    expect(found.flat().map((p) => p.message)).toEqual([]);
  });

  it("reports a misspelt ctx member on its line and column in the block", async () => {
    const [found] = await check(step(`  await ctx.respnd({ status: 200 });`));
    expect(found).toHaveLength(1);
    expect(found![0]).toMatchObject({ rule: "step-types", line: 4, column: 13 });
    expect(found![0]!.message).toMatch(/respnd.*Did you mean 'respond'/);
  });

  it("reports an unknown option and an argument of the wrong type", async () => {
    const [found] = await check(
      step(
        `  await axios(ctx, { url: "https://x.example", retrys: 2 });\n  ctx.send.email({ subject: 42, text: "hi" });`,
      ),
    );
    expect(found!.map((p) => [p.rule, p.line])).toEqual([
      ["step-types", 4],
      ["step-types", 5],
    ]);
    expect(found![0]!.message).toMatch(/retrys/);
  });

  it("keeps columns on the step's own line, where the parameter types are added", async () => {
    const [found] = await check(
      `export default async function (event, ctx) { ctx.exprt("a", 1); }`,
    );
    expect(found![0]).toMatchObject({ line: 1, column: 50 });
  });

  it("reports JavaScript that does not parse as code-syntax", async () => {
    const [found] = await check(step(`  const x = {;`));
    expect(found![0]).toMatchObject({ rule: "code-syntax", line: 4 });
  });
});
