import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { checkStepMembers } from "../../../../src/node/examples/check-step-members.ts";
import { goName, loadStepLanguages } from "../../../../src/node/examples/step-languages.ts";
import type { BrookError } from "../../../../src/node/core/errors.ts";

const read = (f: string) => readFileSync(new URL(`../../../../${f}`, import.meta.url), "utf8");
const files = {
  declaration: read("data/runtime.d.ts"),
  declarationFile: "data/runtime.d.ts",
  languages: read("data/runtime-languages.yaml"),
  languagesFile: "data/runtime-languages.yaml",
};
const check = async (lang: string, code: string) =>
  (await checkStepMembers([{ lang, code }], files))[0]!;
/** Each problem as `line:column message`. */
const found = async (lang: string, code: string) =>
  (await check(lang, code)).map((p) => `${p.line}:${p.column} ${p.message}`);

describe("Python steps", () => {
  it("finds a ctx method the runtime lacks, with the closest as did you mean", async () => {
    const code = 'def handler(event, ctx):\n    ctx.respnd(status=200, body={"ok": True})\n';
    const problems = await check("python", code);
    expect(problems).toEqual([
      {
        line: 2,
        column: 9,
        rule: "step-types",
        message:
          "`ctx.respnd`: Brook.StepContext has no member `respnd`; did you mean `ctx.respond`? (checked as a Python step)",
        hint: expect.stringContaining("data/runtime-languages.yaml says how Python spells it"),
      },
    ]);
  });

  it("reads data as dicts and objects by attribute, as the runtime languages file says", async () => {
    const code = [
      "def handler(event, ctx):",
      "    a = event.body",
      '    b = ctx["steps"]',
      '    c = ctx.execution["id"] + ctx.env.get("X", "")',
      '    d = ctx.steps["get_user"]["reslt"]',
      '    return ctx.steps["get_user"]["result"]["anything"]',
    ].join("\n");
    expect(await found("python", code)).toEqual([
      '2:15 `event` is a dict in Python (Brook.StepEvent): write `event["body"]` (checked as a Python step)',
      "3:13 `ctx` is an object in Python (Brook.StepContext): write `ctx.steps` (checked as a Python step)",
      '5:31 `ctx.steps["get_user"]["reslt"]`: Brook.StepOutput has no member `reslt`; did you mean `ctx.steps["get_user"]["result"]`? (checked as a Python step)',
    ]);
  });

  it("checks keyword arguments against the fields of the method's one object", async () => {
    const code = [
      "def handler(event, ctx):",
      "    ctx.respond(stauts=201)",
      '    ctx.send.email(text="no subject")',
      '    ctx.send.email(subject="s", **extra)',
      '    ctx.export("k", event["id"])',
    ].join("\n");
    expect(await found("python", code)).toEqual([
      "2:17 `ctx.respond(…)`: Brook.HttpResponse has no field `stauts`; did you mean `status`? (checked as a Python step)",
      "3:19 `ctx.send.email(…)` leaves out `subject`, which its delivery requires (checked as a Python step)",
    ]);
  });

  it("follows ctx into a helper the step passes it to, and not into other functions", async () => {
    const code = [
      "def post(ctx, text):",
      '    return ctx.acounts["slack"]',
      "",
      "def other(evt):",
      "    return evt.anything",
      "",
      "def handler(event, ctx):",
      '    return post(ctx, "hi")',
    ].join("\n");
    expect(await found("python", code)).toEqual([
      "2:16 `ctx.acounts`: Brook.StepContext has no member `acounts`; did you mean `ctx.accounts`? (checked as a Python step)",
    ]);
  });

  it("checks part of a step that reads ctx undeclared, and leaves scripts alone", async () => {
    expect(await found("python", 'json={"channel": ctx.evn["C"]},\n')).toEqual([
      "1:22 `ctx.evn`: Brook.StepContext has no member `evn`; did you mean `ctx.env`? (checked as part of a Python step)",
    ]);
    const script = [
      "import requests",
      "",
      'for event in requests.get("https://x.example", stream=True).iter_lines():',
      "    print(event.decode())",
      "ctx = {}",
      "ctx.whatever",
    ].join("\n");
    expect(await check("python", script)).toEqual([]);
  });
});

describe("Go steps", () => {
  const step = (body: string, head = 'import brook "brook.example/sdk/go"') =>
    `package main\n\n${head}\n\nfunc Handler(event brook.Event, ctx *brook.Context) (interface{}, error) {\n${body}\n}\n`;

  it("finds a member the runtime lacks, spelled as Go exports it", async () => {
    const code = step(
      '\tctx.Sned.HTTP(nil)\n\tip := event.ClientIp\n\treturn event.Raw["body"], nil',
    );
    expect(await found("go", code)).toEqual([
      "6:6 `ctx.Sned`: Brook.StepContext has no member `Sned`; did you mean `ctx.Send`? (checked as a Go step)",
      "7:14 `event.ClientIp`: Brook.StepEvent has no member `ClientIp`; did you mean `event.ClientIP`? (checked as a Go step)",
    ]);
  });

  it("reads maps by key and structs by field", async () => {
    const code = step(
      '\ttok := ctx.Accounts["slack"].AccessToken\n\tid := ctx.Execution["id"]\n\treturn ctx.Steps["a"].Reslt, nil',
    );
    expect(await found("go", code)).toEqual([
      "7:22 `ctx.Execution` is a struct in Go: write `ctx.Execution.ID` (checked as a Go step)",
      '8:24 `ctx.Steps["a"].Reslt`: Brook.StepOutput has no member `Reslt`; did you mean `ctx.Steps["a"].Result`? (checked as a Go step)',
    ]);
  });

  it("knows the SDK's types under another import name, in a helper too", async () => {
    const code = [
      "package main",
      "",
      'import sdk "brook.example/sdk/go"',
      "",
      "func post(ctx *sdk.Context) string {",
      '\treturn ctx.Env["A"] + ctx.Workflow.Nme',
      "}",
    ].join("\n");
    expect(await found("go", code)).toEqual([
      "6:37 `ctx.Workflow.Nme`: `ctx.Workflow` has no member `Nme`; did you mean `ctx.Workflow.Name`? (checked as a Go step)",
    ]);
  });

  it("checks statements shown without their file at their own lines, and leaves other Go alone", async () => {
    expect(await found("go", 'ctx.Respnd(200, nil)\nreturn ctx.End("done")\n')).toEqual([
      "1:5 `ctx.Respnd`: Brook.StepContext has no member `Respnd`; did you mean `ctx.Respond`? (checked as part of a Go step)",
    ]);
    const other =
      'package main\n\nimport "context"\n\nfunc run(ctx context.Context) { ctx.Whatever() }\n';
    expect(await check("go", other)).toEqual([]);
  });
});

describe("the runtime languages file", () => {
  it("spells names as Go exports them", () => {
    const initialisms = ["id", "ts", "ip", "http"];
    expect(goName("client_ip", initialisms)).toBe("ClientIP");
    expect(goName("scheduled_for", initialisms)).toBe("ScheduledFor");
    expect(goName("http", initialisms)).toBe("HTTP");
    expect(goName("returnFullResponse", initialisms)).toBe("ReturnFullResponse");
  });

  it("says where a go type or extra names no root", () => {
    const text = files.languages.replace("    ctx: Context", "    context: Context");
    let error: BrookError | undefined;
    try {
      loadStepLanguages(text, "data/runtime-languages.yaml");
    } catch (e) {
      error = e as BrookError;
    }
    expect(error?.diagnostics).toEqual([
      expect.objectContaining({
        file: "data/runtime-languages.yaml",
        line: text.split("\n").findIndex((l) => l.includes("context: Context")) + 1,
        rule: "runtime-languages",
        message: "go.types.context: 'context' is not a root of `step` (event, ctx)",
      }),
    ]);
  });

  it("names a root type the declaration lacks", async () => {
    const languages = files.languages.replace("ctx: Brook.StepContext", "ctx: Brook.StepContxt");
    await expect(
      checkStepMembers([{ lang: "python", code: "x = 1\n" }], { ...files, languages }),
    ).rejects.toThrow(
      /step\.ctx names Brook\.StepContxt, which data\/runtime\.d\.ts does not declare/,
    );
  });
});
