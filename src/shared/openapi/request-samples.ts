/**
 * An example request (example-request.ts) written in each client the docs teach: cURL, Node.js 18+
 * `fetch`, Python `requests` and Go `net/http`. Pure text from plain data: the REST reference and
 * `brook-docs mcp` print the same samples. `$NAME` values are read from the environment in each.
 */
import { ENV_RE, FORM, type ExampleRequest } from "./example-request.ts";

/** The languages of a request sample: its key, its code group label and its fence language, in the docs' order. */
export const SAMPLE_LANGUAGES = [
  { key: "curl", label: "cURL", lang: "bash" },
  { key: "node", label: "Node.js", lang: "js" },
  { key: "python", label: "Python", lang: "python" },
  { key: "go", label: "Go", lang: "go" },
] as const;

/** One sample per language. */
export type RequestSamples = Record<(typeof SAMPLE_LANGUAGES)[number]["key"], string>;

const ENV_WORD_RE = /\$([A-Z][A-Z0-9_]*)/g;
const HAS_ENV_RE = /\$[A-Z][A-Z0-9_]*/;
const indent = (text: string, by: string) => text.replace(/\n/g, "\n" + by);
const isForm = (r: ExampleRequest) => r.body?.mediaType === FORM;

/** The request in every language. */
export function requestSamples(r: ExampleRequest): RequestSamples {
  return { curl: curl(r), node: node(r), python: python(r), go: go(r) };
}

/**
 * The request as the server receives it: request line, `Host`, the headers, a blank line and the
 * body (a webhook's delivery, whose body is the JSON as Brook signs it).
 */
export function requestMessage(r: ExampleRequest): string {
  const url = new URL(r.url);
  const lines = [`${r.method} ${url.pathname}${url.search} HTTP/1.1`, `Host: ${url.host}`];
  for (const [name, value] of r.headers) lines.push(`${name}: ${value}`);
  if (!r.body) return lines.join("\n") + "\n";
  const body = isForm(r)
    ? new URLSearchParams(
        Object.entries(r.body.value).map(([k, v]): [string, string] => [k, String(v)]),
      ).toString()
    : JSON.stringify(r.body.value, null, 2);
  return `${lines.join("\n")}\n\n${body}\n`;
}

/** cURL: `$NAME` is the shell's own, so values go in as written. */
function curl(r: ExampleRequest): string {
  const lines = [
    `curl ${r.stream ? "-N" : "-s"}${r.method === "GET" ? "" : ` -X ${r.method}`} "${r.url}"`,
  ];
  for (const [name, value] of r.headers) lines.push(`-H "${name}: ${value}"`);
  if (r.body && isForm(r)) {
    for (const [k, v] of Object.entries(r.body.value))
      lines.push(`-d ${k}=${/^[\w:.-]+$/.test(String(v)) ? v : `"${String(v)}"`}`);
  } else if (r.body) {
    const json = JSON.stringify(r.body.value, null, 2).replace(/'/g, "'\\''");
    lines.push(`-d '${indent(json, "  ")}'`);
  }
  return lines.join(" \\\n  ") + "\n";
}

/** A JavaScript string expression for a header value: a template literal when it reads the environment. */
function jsString(value: string): string {
  if (!HAS_ENV_RE.test(value)) return JSON.stringify(value);
  const escaped = value.replace(/[`\\]/g, "\\$&").replace(ENV_WORD_RE, "${process.env.$1}");
  return "`" + escaped + "`";
}

/** A JSON value as a JavaScript literal, environment variables from process.env. */
function jsValue(v: unknown): string {
  return JSON.stringify(v, null, 2).replace(/"\$([A-Z][A-Z0-9_]*)"/g, "process.env.$1");
}

const JS_KEY_RE = /^[A-Za-z_$][\w$]*$/;

/** Node.js 18+: the built-in fetch. */
function node(r: ExampleRequest): string {
  const headers = r.headers
    .filter(([name]) => !(name === "Content-Type" && isForm(r)))
    .map(
      ([name, value]) =>
        `${JS_KEY_RE.test(name) ? name : JSON.stringify(name)}: ${jsString(value)}`,
    );
  const options: string[] = [];
  if (r.method !== "GET") options.push(`method: "${r.method}"`);
  if (headers.length) options.push(`headers: {\n    ${headers.join(",\n    ")},\n  }`);
  if (r.body)
    options.push(
      isForm(r)
        ? `body: new URLSearchParams(${indent(jsValue(r.body.value), "  ")})`
        : `body: JSON.stringify(${indent(jsValue(r.body.value), "  ")})`,
    );
  const call = options.length
    ? `await fetch("${r.url}", {\n  ${options.join(",\n  ")},\n})`
    : `await fetch("${r.url}")`;
  const out = r.stream
    ? "const decoder = new TextDecoder();\nfor await (const chunk of res.body) {\n  process.stdout.write(decoder.decode(chunk, { stream: true }));\n}"
    : r.noContent
      ? "console.log(res.status);"
      : "console.log(await res.json());";
  return `const res = ${call};\n${out}\n`;
}

/** A JSON value as a Python literal, environment variables from os.environ. */
function pyValue(v: unknown, pad = ""): string {
  if (v === null || v === undefined) return "None";
  if (typeof v === "boolean") return v ? "True" : "False";
  if (typeof v === "string") {
    const env = ENV_RE.exec(v);
    return env ? `os.environ["${env[1]}"]` : JSON.stringify(v);
  }
  if (typeof v !== "object") return JSON.stringify(v);
  const inner = pad + "    ";
  if (Array.isArray(v))
    return v.length ? `[\n${v.map((x) => inner + pyValue(x, inner)).join(",\n")},\n${pad}]` : "[]";
  const entries = Object.entries(v);
  return entries.length
    ? `{\n${entries.map(([k, x]) => `${inner}${JSON.stringify(k)}: ${pyValue(x, inner)}`).join(",\n")},\n${pad}}`
    : "{}";
}

/** A Python string expression for a header value: an f-string when it reads the environment. */
function pyString(value: string): string {
  if (!HAS_ENV_RE.test(value)) return JSON.stringify(value);
  const text = value.replace(/[{}]/g, "$&$&").replace(ENV_WORD_RE, "{os.environ['$1']}");
  return `f${JSON.stringify(text)}`;
}

/** Python: requests (`json=` and `data=` set the Content-Type themselves). */
function python(r: ExampleRequest): string {
  const args = [`"${r.url}"`];
  const headers = r.headers
    .filter(([name]) => name !== "Content-Type")
    .map(([name, value]) => `${JSON.stringify(name)}: ${pyString(value)}`);
  if (headers.length) args.push(`headers={${headers.join(", ")}}`);
  if (r.body) args.push(`${isForm(r) ? "data" : "json"}=${pyValue(r.body.value, "    ")}`);
  if (r.stream) args.push("stream=True");
  args.push(r.stream ? "timeout=None" : "timeout=10");
  const out = r.stream
    ? "for line in res.iter_lines(decode_unicode=True):\n    print(line)"
    : r.noContent
      ? "print(res.status_code)"
      : "print(res.json())";
  return `import os\n\nimport requests\n\nres = requests.${r.method.toLowerCase()}(\n    ${args.join(",\n    ")},\n)\n${out}\n`;
}

/** A Go string expression: a literal, or a concatenation that reads the environment. */
function goString(value: string): string {
  const parts: string[] = [];
  let last = 0;
  for (const m of value.matchAll(ENV_WORD_RE)) {
    if (m.index > last) parts.push(JSON.stringify(value.slice(last, m.index)));
    parts.push(`os.Getenv("${m[1]}")`);
    last = m.index + m[0].length;
  }
  if (last < value.length || !parts.length) parts.push(JSON.stringify(value.slice(last)));
  return parts.join(" + ");
}

/** Go: net/http from the standard library. */
function go(r: ExampleRequest): string {
  const imports = new Set(["fmt", "net/http", "os"]);
  const setup: string[] = [];
  let bodyArg = "nil";
  if (r.body && isForm(r)) {
    imports.add("net/url").add("strings");
    const fields = Object.entries(r.body.value).map(
      ([k, v]) =>
        `\t\t${JSON.stringify(k)}: {${goString(typeof v === "string" ? v : JSON.stringify(v))}},`,
    );
    setup.push(`form := url.Values{\n${fields.join("\n")}\n\t}`);
    bodyArg = "strings.NewReader(form.Encode())";
  } else if (r.body) {
    imports.add("strings");
    const json = JSON.stringify(r.body.value, null, 2);
    // A whole-string `$NAME` value is read from the environment, as in the other languages.
    const envs = [...json.matchAll(/"\$([A-Z][A-Z0-9_]*)"/g)].map((m) => m[1]!);
    const literal = json.includes("`") ? JSON.stringify(json) : "`" + json + "`";
    if (envs.length) {
      imports.add("encoding/json");
      setup.push(`body := ${literal}`);
      for (const name of new Set(envs)) {
        setup.push(`${name.toLowerCase()}, _ := json.Marshal(os.Getenv("${name}"))`);
        setup.push(
          `body = strings.ReplaceAll(body, \`"$${name}"\`, string(${name.toLowerCase()}))`,
        );
      }
      bodyArg = "strings.NewReader(body)";
    } else bodyArg = `strings.NewReader(${indent(literal, "")})`;
  }
  const headerLines = r.headers.map(
    ([name, value]) => `req.Header.Set("${name}", ${goString(value)})`,
  );
  const read = r.stream
    ? (imports.add("bufio"),
      "scanner := bufio.NewScanner(res.Body)\n\tfor scanner.Scan() {\n\t\tfmt.Println(scanner.Text())\n\t}")
    : r.noContent
      ? "fmt.Println(res.Status)"
      : (imports.add("io"),
        "out, err := io.ReadAll(res.Body)\n\tif err != nil {\n\t\tpanic(err)\n\t}\n\tfmt.Println(res.Status)\n\tfmt.Println(string(out))");
  if (!headerLines.some((l) => l.includes("os.Getenv")) && !setup.some((l) => l.includes("os.")))
    imports.delete("os");
  const body = [
    ...setup,
    `req, err := http.NewRequest("${r.method}", "${r.url}", ${bodyArg})`,
    "if err != nil {\n\t\tpanic(err)\n\t}",
    ...headerLines,
    "res, err := http.DefaultClient.Do(req)",
    "if err != nil {\n\t\tpanic(err)\n\t}",
    "defer res.Body.Close()",
    read,
  ];
  const importBlock = [...imports]
    .sort()
    .map((i) => `\t"${i}"`)
    .join("\n");
  return `package main\n\nimport (\n${importBlock}\n)\n\nfunc main() {\n\t${body.join("\n\t")}\n}\n`;
}
