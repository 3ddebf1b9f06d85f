/**
 * event-shape (src/node/examples/event-shapes.ts): JSON events checked against the event types of
 * data/runtime.d.ts by the step-types program, the field table before one, and a step that says
 * which trigger it runs under.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { checkStepTypes } from "../../../../src/node/examples/check-step-types.ts";
import type { CodeSample, FieldTable } from "../../../../src/node/examples/sample.ts";
import { codeSample } from "../../../helpers/code-sample.ts";

const declaration = readFileSync(new URL("../../../../data/runtime.d.ts", import.meta.url), "utf8");
const check = (...samples: CodeSample[]) =>
  checkStepTypes(samples, declaration, "/site/data/runtime.d.ts");
const event = (trigger: string, code: string, fields?: FieldTable, test = false): CodeSample => ({
  ...codeSample("json", code),
  event: test ? { trigger, test: true } : { trigger },
  ...(fields && { fields }),
});

const HTTP = `{
  "id": "evt_5m1q8c3xk0r7d2v9b6n4t8yz",
  "ts": "2026-03-02T10:15:00.412Z",
  "method": "POST",
  "path": "/orders",
  "query": { "source": "shop", "tag": ["a", "b"] },
  "headers": { "content-type": "application/json" },
  "body": { "order_id": 1042 },
  "client_ip": "203.0.113.24"
}`;

describe("event-shape", () => {
  it("passes events as declared, and test events without the fields Brook fills in", async () => {
    const found = await check(
      event("http", HTTP),
      event("schedule", `{ "scheduled_for": "2026-03-02T07:00:00Z" }`, undefined, true),
      event(
        "source",
        `{ "id": "evt_1k5n9q3t7w0z4c8f2j6m0p4s", "ts": "2026-03-02T10:12:41Z", "tag": "v1" }`,
      ),
    );
    expect(found.flat()).toEqual([]);
  });

  it("reports a wrong id prefix, a field the event lacks and a missing one at their lines", async () => {
    // TypeScript names the first property of an object that does not fit: one problem a block.
    const emit = (id: string, emitter: string) =>
      `{\n  "id": "${id}",\n  "ts": "2026-03-02T10:20:05Z",\n  "name": "order.paid",\n  "${emitter}": "wf_jwjl1u48e6lq8limkyv9j26e",\n  "payload": {}\n}`;
    const found = await check(
      event("emit", emit("wf_8r2t6y0u4i8o2p6a0s4d8f2g", "emitter_id")),
      event("emit", emit("evt_8r2t6y0u4i8o2p6a0s4d8f2g", "emiter_id")),
      event("schedule", `{ "id": "evt_0b7n3k9q2m5x8c1v4d6r9t2y", "ts": "x" }`),
    );
    expect(found.map((f) => f.map((p) => [p.rule, p.line]))).toEqual([
      [["event-shape", 2]],
      [["event-shape", 5]],
      [["event-shape", 1]],
    ]);
    expect(found[0]![0]!.message).toMatch(
      /^the JSON is not an event of the emit trigger \(Brook\.Events\.Emit\): .*wf_8r2t/,
    );
    expect(found[1]![0]!.message).toMatch(/'"?emiter_id"?' does not exist in type 'Emit'/);
    expect(found[2]![0]!.message).toMatch(/scheduled_for/);
  });

  it("reports a trigger no event type has at the fence", async () => {
    const [found] = await check(event("htp", HTTP));
    expect(found).toHaveLength(1);
    expect(found![0]).toMatchObject({ rule: "event-shape", line: 0 });
    expect(found![0]!.message).toMatch(/^:event=htp names no trigger/);
  });

  it("checks the field table before the event: a name it lacks at its row, the fields left out at the table", async () => {
    const table: FieldTable = {
      line: -8,
      rows: [
        { line: -6, names: ["method"] },
        { line: -5, names: ["path", "quer"] },
        { line: -4, names: ["headers", "body"] },
      ],
    };
    const [found] = await check(event("http", HTTP, table));
    expect(found!.map((p) => [p.line, p.message])).toEqual([
      [-5, expect.stringMatching(/names the field quer, which an event of the http trigger/)],
      [-8, expect.stringMatching(/leaves out its fields query, client_ip$/)],
    ]);
    const nested: FieldTable = {
      line: -4,
      rows: [
        { line: -3, names: ["app", "type"] },
        {
          line: -2,
          names: ["data.feed", "data.guid", "data.title", "data.link", "data.published_at"],
        },
        { line: -1, names: ["data.author", "data.summary"] },
      ],
    };
    const rss = `{ "id": "evt_7y1d4k8q2m6x0c3v9b5n1r4t", "ts": "2026-03-02T12:30:08Z", "app": "rss", "type": "item.created", "data": { "feed": { "url": "u", "title": "t" }, "guid": "g", "title": "t", "link": "l", "published_at": "p", "author": null, "summary": null, "categories": [] } }`;
    const [rssFound] = await check(event("rss", rss, nested));
    expect(rssFound!.map((p) => p.message)).toEqual([
      expect.stringMatching(/leaves out its field data\.categories$/),
    ]);
  });

  it("types a step's event as its trigger's when the fence names it", async () => {
    const step = `export default async function (event, ctx) {\n  return { title: event.data.title, to: event.to };\n}\n`;
    const [loose] = await check(codeSample("js", step));
    expect(loose).toEqual([]);
    const [rss] = await check({ ...codeSample("js", step), event: { trigger: "rss" } });
    expect(rss!.map((p) => [p.rule, p.line])).toEqual([["step-types", 2]]);
    expect(rss![0]!.message).toMatch(/Property 'to' does not exist on type 'Rss'/);
  });
});
