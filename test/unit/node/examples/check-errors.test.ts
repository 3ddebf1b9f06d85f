/** error-shape and json-shape: JSON error answers against data/errors.yaml, and what a JSON block shows. */
import { describe, expect, it } from "vitest";
import { checkErrorAnswer } from "../../../../src/node/examples/check-errors.ts";
import { jsonShows } from "../../../../src/node/examples/json-shows.ts";
import { realErrors } from "../../../helpers/brook-data.ts";
import { codeSample } from "../../../helpers/code-sample.ts";

const answer = (error: Record<string, unknown>) => JSON.stringify({ error }, null, 2);
const check = (code: string) =>
  checkErrorAnswer(code, realErrors, "data/errors.yaml").map((p) => `${p.line} ${p.message}`);
const queueFull = {
  type: "rate_limited",
  code: "event_queue_full",
  message: "Event Queue Full: the workflow's event queue is full. Retry later.",
  request_id: "req_9a3s7d1f5g9h3j7k1l5z9x3c",
};

describe("error-shape", () => {
  it("passes an answer as the catalogue describes it, and JSON that is no error answer", () => {
    expect(check(answer(queueFull))).toEqual([]);
    expect(check(`{ "id": "evt_5m1q8c3xk0r7d2v9b6n4t8yz" }`)).toEqual([]);
  });

  it("reports a type outside the catalogue, a code of another type and a trigger's wrong message at their lines", () => {
    expect(check(answer({ ...queueFull, type: "execution_failed" }))).toEqual([
      "3 the code event_queue_full has the type rate_limited, not execution_failed",
    ]);
    expect(check(answer({ ...queueFull, type: "queue_full" }))[0]).toMatch(
      /^3 the error's type "queue_full" is none of the catalogue's: invalid_request, /,
    );
    expect(check(answer({ ...queueFull, message: "The queue is full." }))).toEqual([
      `5 a trigger answers event_queue_full with the message "${queueFull.message}"`,
    ]);
    expect(check(answer({ ...queueFull, request_id: "req_1", detail: "x" }))).toEqual([
      "7 an error has no field detail (it has type, code, message, param, request_id)",
      "6 request_id is req_ and 24 lowercase letters and digits",
    ]);
  });
});

describe("json-shape", () => {
  it("counts what each JSON block shows and reports one that says nothing, once per file and line", () => {
    const samples = [
      codeSample("json", "{}", { event: { trigger: "http" } }),
      codeSample("json", answer(queueFull), { line: 10 }),
      codeSample("json", "{}", { line: 20 }),
      codeSample("json", "[]", { line: 30, noSchema: "third-party" }),
      codeSample("json", "{}", { line: 40 }),
      codeSample("json", "{}", { line: 40 }),
      codeSample("json", "{}", { line: 50, noCheck: "fragment" }),
    ];
    const found = jsonShows(samples, new Map([[2, "response"]]));
    expect(found.shows).toEqual({ event: 1, error: 1, response: 1, "no schema": 1 });
    expect(found.noSchema).toEqual({ "third-party": 1 });
    expect(found.diagnostics.map((d) => [d.line, d.rule])).toEqual([[40, "json-shape"]]);
  });
});
