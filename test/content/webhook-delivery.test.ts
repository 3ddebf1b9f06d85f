/**
 * The webhooks page's example delivery is a real one (data/openapi.yaml, `webhooks`): the page's
 * own Node.js receiver (content/_snippets/brook-receiver.mjs), given the signing secret that
 * createWebhook's example answers and run at the delivery's timestamp, accepts the delivery as
 * the reference shows it, and refuses it once a byte of the body or the timestamp changes.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { request } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadOpenApi } from "../../src/node/reference/openapi-load.ts";
import { exampleRequest } from "../../src/shared/openapi/example-request.ts";
import { requestMessage } from "../../src/shared/openapi/request-samples.ts";
import { realValueSource } from "../helpers/brook-data.ts";
import { ROOT } from "../helpers/site.ts";

const text = readFileSync(join(ROOT, "data/openapi.yaml"), "utf8");
const api = (await loadOpenApi(text, "data/openapi.yaml", realValueSource())).loaded!.api;
const delivery = api.byId.get("deliverEvent")!;
const created = api.byId.get("createWebhook")!.responses.find((r) => r.status === "201")!;
const SECRET = (created.example as { signing_secret: string }).signing_secret;

/** The delivery as the reference's `http` block shows it: headers and the body, byte for byte. */
const message = requestMessage(exampleRequest(delivery, delivery.exampleUrl!));
const [head = "", shown = ""] = message.split("\n\n");
// The block ends its last line; the body itself ends with the JSON's closing brace.
const body = shown.replace(/\n$/, "");
const headers = Object.fromEntries(
  head
    .split("\n")
    .slice(1)
    .map((l) => [l.slice(0, l.indexOf(":")), l.slice(l.indexOf(":") + 1).trim()]),
);
const timestamp = Number(headers["X-Brook-Timestamp"]);

const dir = mkdtempSync(join(tmpdir(), "brook-receiver-"));
let receiver: ChildProcess;
let port = 0;

beforeAll(async () => {
  // The receiver as written, on a free port instead of 3000, with the clock at the delivery's time.
  const preload = join(dir, "preload.mjs");
  writeFileSync(
    preload,
    `import http from "node:http";
Date.now = () => ${timestamp * 1000};
const listen = http.Server.prototype.listen;
http.Server.prototype.listen = function (_port, ready) {
  return listen.call(this, 0, "127.0.0.1", () => {
    process.stdout.write("port " + this.address().port + "\\n");
    ready?.();
  });
};
`,
  );
  receiver = spawn(
    process.execPath,
    ["--import", preload, join(ROOT, "content/_snippets/brook-receiver.mjs")],
    { env: { ...process.env, BROOK_SIGNING_SECRET: SECRET }, stdio: ["ignore", "pipe", "pipe"] },
  );
  port = await new Promise<number>((ok, fail) => {
    let out = "";
    receiver.stdout!.on("data", (d) => {
      out += d;
      const m = /port (\d+)/.exec(out);
      if (m) ok(Number(m[1]));
    });
    receiver.on("exit", (code) => fail(new Error(`the receiver exited (${code}): ${out}`)));
  });
});

afterAll(() => {
  receiver?.kill();
  rmSync(dir, { recursive: true, force: true });
});

/** POSTs `payload` with `sent` headers to the receiver; its status. */
function post(payload: string, sent: Record<string, string>): Promise<number> {
  return new Promise((ok, fail) => {
    const req = request(
      { host: "127.0.0.1", port, method: "POST", path: "/brook", headers: sent },
      (res) => {
        res.resume();
        res.on("end", () => ok(res.statusCode ?? 0));
      },
    );
    req.on("error", fail);
    req.end(payload);
  });
}

describe("the webhooks page's example delivery", () => {
  it("is signed with the example's secret: the page's receiver accepts it as shown", async () => {
    expect(headers["X-Brook-Signature"]).toMatch(/^sha256=[0-9a-f]{64}$/);
    expect(JSON.parse(body)).toEqual(delivery.requestBody!.example);
    expect(await post(body, headers)).toBe(204);
  });

  it("and refuses it once a byte of the body or the timestamp changes", async () => {
    expect(await post(body.replace("v25.7.0", "v25.7.1"), headers)).toBe(401);
    expect(await post(body, { ...headers, "X-Brook-Timestamp": String(timestamp + 1) })).toBe(401);
  });
});
