/**
 * The request example of an operation in three clients (cURL, Node.js 18+ fetch, Python
 * requests), made from the description's examples: path parameters' `example`, the operation's
 * `x-example-query`, the request body's `example`. A string example such as `$BROOK_CLIENT_SECRET`
 * is read from the environment in each client.
 */
import type { ApiOperation } from "./openapi-index.ts";

/** The three request examples of an operation. */
export interface ExampleRequest {
  url: string;
  curl: string;
  node: string;
  python: string;
}

const ENV_RE = /^\$([A-Z][A-Z0-9_]*)$/;

/** The URL of the example: the server, the path with its parameters filled in, the example query. */
export function exampleUrl(op: ApiOperation, server: string): string {
  const path = op.path.replace(/\{(\w+)\}/g, (m, name: string) => {
    const p = op.parameters.find((q) => q.in === "path" && q.name === name);
    return p?.example === undefined ? m : encodeURIComponent(String(p.example));
  });
  const query = new URLSearchParams(
    Object.entries(op.exampleQuery).map(([k, v]): [string, string] => [k, String(v)]),
  ).toString();
  return server + path + (query ? `?${query.replace(/%3A/g, ":")}` : "");
}

const indent = (text: string, by: string) => text.replace(/\n/g, "\n" + by);

/** A JSON value as a Python literal. */
function python(v: unknown, pad = ""): string {
  if (v === null || v === undefined) return "None";
  if (typeof v === "boolean") return v ? "True" : "False";
  if (typeof v === "string") {
    const env = ENV_RE.exec(v);
    return env ? `os.environ["${env[1]}"]` : JSON.stringify(v);
  }
  if (typeof v !== "object") return JSON.stringify(v);
  const inner = pad + "    ";
  if (Array.isArray(v))
    return v.length ? `[\n${v.map((x) => inner + python(x, inner)).join(",\n")},\n${pad}]` : "[]";
  const entries = Object.entries(v);
  return entries.length
    ? `{\n${entries.map(([k, x]) => `${inner}${JSON.stringify(k)}: ${python(x, inner)}`).join(",\n")},\n${pad}}`
    : "{}";
}

/** A JSON value as a JavaScript literal (environment variables from process.env). */
function js(v: unknown): string {
  return JSON.stringify(v, null, 2).replace(/"\$([A-Z][A-Z0-9_]*)"/g, "process.env.$1");
}

/** The example in each client. */
export function exampleRequest(op: ApiOperation, server: string): ExampleRequest {
  const url = exampleUrl(op, server);
  const stream = op.responses.some((r) => r.mediaType === "text/event-stream");
  const auth = op.auth.schemes.length > 0;
  const body = op.requestBody?.example as Record<string, unknown> | undefined;
  const form = op.requestBody?.mediaType === "application/x-www-form-urlencoded";
  const noContent = op.responses.some((r) => r.status === "204");

  const curlLines = [
    `curl ${stream ? "-N" : "-s"}${op.method === "GET" ? "" : ` -X ${op.method}`} "${url}"`,
  ];
  if (auth) curlLines.push(`-H "Authorization: Bearer $BROOK_API_KEY"`);
  if (stream) curlLines.push(`-H "Accept: text/event-stream"`);
  if (body && form) {
    curlLines.push(`-H "Content-Type: application/x-www-form-urlencoded"`);
    for (const [k, v] of Object.entries(body))
      curlLines.push(`-d ${k}=${/^[\w:.-]+$/.test(String(v)) ? v : `"${String(v)}"`}`);
  } else if (body) {
    curlLines.push(
      `-H "Content-Type: application/json"`,
      `-d '${indent(JSON.stringify(body, null, 2), "  ").replace(/'/g, "'\\''")}'`,
    );
  }
  const curl = curlLines.join(" \\\n  ");

  const headers: string[] = [];
  if (auth) headers.push("Authorization: `Bearer ${process.env.BROOK_API_KEY}`");
  if (stream) headers.push('Accept: "text/event-stream"');
  if (body && !form) headers.push('"Content-Type": "application/json"');
  const options: string[] = [];
  if (op.method !== "GET") options.push(`method: "${op.method}"`);
  if (headers.length) options.push(`headers: {\n    ${headers.join(",\n    ")},\n  }`);
  if (body)
    options.push(
      form
        ? `body: new URLSearchParams(${indent(js(body), "  ")})`
        : `body: JSON.stringify(${indent(js(body), "  ")})`,
    );
  const fetchCall = options.length
    ? `await fetch("${url}", {\n  ${options.join(",\n  ")},\n})`
    : `await fetch("${url}")`;
  const nodeOut = stream
    ? "const decoder = new TextDecoder();\nfor await (const chunk of res.body) {\n  process.stdout.write(decoder.decode(chunk, { stream: true }));\n}"
    : noContent
      ? "console.log(res.status);"
      : "console.log(await res.json());";
  const node = `const res = ${fetchCall};\n${nodeOut}\n`;

  const args = [`"${url}"`];
  const pyHeaders: string[] = [];
  if (auth) pyHeaders.push(`"Authorization": f"Bearer {os.environ['BROOK_API_KEY']}"`);
  if (stream) pyHeaders.push('"Accept": "text/event-stream"');
  if (pyHeaders.length) args.push(`headers={${pyHeaders.join(", ")}}`);
  if (body) args.push(`${form ? "data" : "json"}=${python(body, "    ")}`);
  if (stream) args.push("stream=True");
  args.push(stream ? "timeout=None" : "timeout=10");
  const pyOut = stream
    ? "for line in res.iter_lines(decode_unicode=True):\n    print(line)"
    : noContent
      ? "print(res.status_code)"
      : "print(res.json())";
  const py = `import os\n\nimport requests\n\nres = requests.${op.method.toLowerCase()}(\n    ${args.join(",\n    ")},\n)\n${pyOut}\n`;
  return { url, curl, node, python: py };
}
