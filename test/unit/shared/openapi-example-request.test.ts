/**
 * The one example request of an operation (src/shared/openapi/): made from the description alone,
 * written in cURL, Node.js, Python and Go, and valid against the description it came from. The
 * REST reference and `brook-docs mcp` both print these, so a drift fails here and in the build.
 */
import { readFileSync } from "node:fs";
import { beforeAll, describe, expect, it } from "vitest";
import { realValueSource } from "../../helpers/brook-data.ts";
import { checkSyntax } from "../../../src/node/examples/check-syntax.ts";
import { loadOpenApi } from "../../../src/node/reference/openapi-load.ts";
import { exampleRequestProblems } from "../../../src/node/reference/request-check.ts";
import { exampleRequest } from "../../../src/shared/openapi/example-request.ts";
import type { ApiDescription } from "../../../src/shared/openapi/operations.ts";
import { requestSamples, SAMPLE_LANGUAGES } from "../../../src/shared/openapi/request-samples.ts";
import { codeSample } from "../../helpers/code-sample.ts";

const TEXT = readFileSync(new URL("../../../data/openapi.yaml", import.meta.url), "utf8");
const CONTEXT = realValueSource();

const load = (text: string) => loadOpenApi(text, "data/openapi.yaml", CONTEXT);

let api: ApiDescription;
beforeAll(async () => {
  api = (await load(TEXT)).loaded!.api;
});

describe("the example request of every operation of the real description", () => {
  it("is complete and passes the description's own request rules", () => {
    expect(api.operations.length).toBeGreaterThan(20);
    const problems = api.operations.flatMap((op) =>
      exampleRequestProblems(exampleRequest(op, api.server), api).map((m) => `${op.id}: ${m}`),
    );
    expect(problems).toEqual([]);
  });

  it("fills every path parameter, sends the token and, for a stream, Accept: text/event-stream", () => {
    for (const op of api.operations) {
      const r = exampleRequest(op, api.server);
      expect(r.url, op.id).not.toMatch(/[{}]/);
      expect(r.url.startsWith("https://api.brook.example/v1/"), op.id).toBe(true);
      if (op.auth.schemes.length)
        expect(r.headers).toContainEqual(["Authorization", "Bearer $BROOK_API_KEY"]);
      if (r.stream) expect(r.headers).toContainEqual(["Accept", "text/event-stream"]);
    }
    expect(api.operations.some((op) => exampleRequest(op, api.server).stream)).toBe(true);
  });

  it("reads in each of the four languages as code of that language (the build's own parsers)", async () => {
    const blocks = api.operations.flatMap((op) => {
      const samples = requestSamples(exampleRequest(op, api.server));
      return SAMPLE_LANGUAGES.map((l) => codeSample(l.lang, samples[l.key], { file: op.id }));
    });
    const problems = (await checkSyntax(blocks)).flatMap((p, i) =>
      p.map((x) => `${blocks[i]!.file} ${blocks[i]!.lang}: ${x.message}`),
    );
    expect(problems).toEqual([]);
  });
});

describe("the samples", () => {
  it("read a $NAME value from the environment in every language", () => {
    const withEnv = api.operations.find((o) =>
      JSON.stringify(o.requestBody?.example ?? "").includes('"$'),
    );
    expect(withEnv, "an operation whose example body reads the environment").toBeDefined();
    const s = requestSamples(exampleRequest(withEnv!, api.server));
    const name = /"\$([A-Z_]+)"/.exec(JSON.stringify(withEnv!.requestBody!.example))![1]!;
    expect(s.node).toContain(`process.env.${name}`);
    expect(s.python).toContain(`os.environ["${name}"]`);
    expect(s.go).toContain(`os.Getenv("${name}")`);
    expect(s.curl).toContain(`$${name}`);
  });

  it("write a Go program that sends the method, the URL, the headers and the body", () => {
    const create = api.operations.find(
      (o) => o.method === "POST" && o.requestBody?.mediaType === "application/json",
    )!;
    const r = exampleRequest(create, api.server);
    const go = requestSamples(r).go;
    expect(go).toMatch(/^package main\n/);
    expect(go).toContain(`http.NewRequest("POST", "${r.url}"`);
    expect(go).toContain('req.Header.Set("Authorization", "Bearer " + os.Getenv("BROOK_API_KEY"))');
    expect(go).toContain('req.Header.Set("Content-Type", "application/json")');
    expect(go).toContain(`"${Object.keys(r.body!.value)[0]}"`);
  });
});

describe("a description whose examples drift is refused at its operation", () => {
  const problemsOf = async (text: string) =>
    (await load(text)).diagnostics
      .filter((d) => d.rule === "openapi-example")
      .map((d) => d.message);

  it("a path parameter without an example: the request cannot be made", async () => {
    const text = TEXT.replace("      example: wf_prhpckm6q09zcdv2q4jlygr0\n", "");
    expect(text).not.toBe(TEXT);
    expect((await problemsOf(text)).join("\n")).toMatch(
      /getWorkflow: the example request: path parameter id has no example/,
    );
  });

  it("a path parameter whose example its own schema refuses", async () => {
    const text = TEXT.replace(
      "example: wf_prhpckm6q09zcdv2q4jlygr0",
      "example: act_prhpckm6q09zcdv2q4jlygr0",
    );
    const problems = (await problemsOf(text)).join("\n");
    expect(problems).toMatch(/the example of parameter id/);
    expect(problems).toMatch(/the example request: path parameter id:/);
  });
});
