// The assistant server as an assistant meets it: `brook-docs mcp DIR` started over stdio and
// driven by the protocol SDK's own client. Prints the size of every tool's answers (each page,
// each operation, each figure, the search over bench/search-relevance.json), the time from
// starting the process to its first tools/list, and search_docs' warm latency.
//   node bench/mcp.mjs DIR [--bin PATH] [--runs N] [--pair BIN DIR]
// DIR is a finished build (default dist/); --bin runs another checkout's CLI (to measure a
// baseline the same way); --pair interleaves the startup runs of a second server with the first
// (A B A B: on a shared machine only side-by-side figures compare) and prints both.
import { readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";

const root = resolve(import.meta.dirname, "..");
const args = process.argv.slice(2);
const option = (name, fallback) => (args.includes(name) ? args[args.indexOf(name) + 1] : fallback);
const dir = resolve(
  args.find((a, i) => !a.startsWith("--") && !args[i - 1]?.startsWith("--")) ?? "dist",
);
const bin = resolve(option("--bin", join(root, "bin", "brook-docs.js")));
const runs = Number(option("--runs", "7"));
const pair = args.includes("--pair")
  ? {
      bin: resolve(args[args.indexOf("--pair") + 1]),
      dir: resolve(args[args.indexOf("--pair") + 2]),
    }
  : undefined;

/** A client connected to `bin mcp dir`. */
async function connect(server) {
  const client = new Client({ name: "brook-docs-bench", version: "1.0.0" });
  await client.connect(
    new StdioClientTransport({
      command: process.execPath,
      args: [server.bin, "mcp", server.dir],
      stderr: "ignore",
    }),
  );
  return client;
}

/** Milliseconds from spawning the server to its answer to the first tools/list. */
async function startup(server) {
  const start = performance.now();
  const client = await connect(server);
  await client.listTools();
  const ms = performance.now() - start;
  await client.close();
  return ms;
}

const quantile = (xs, q) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))];
};
const summary = (xs) => ({
  n: xs.length,
  median: Math.round(quantile(xs, 0.5)),
  p95: Math.round(quantile(xs, 0.95)),
  max: Math.round(Math.max(...xs)),
});

const base = JSON.parse(readFileSync(join(dir, "docs/v2/routes.json"), "utf8"));
const routes = Object.keys(base.pages);
const openapi = JSON.parse(readFileSync(join(dir, "docs/v2/openapi.json"), "utf8"));
const operationIds = Object.values(openapi.paths).flatMap((item) =>
  Object.values(item)
    .filter((op) => op && typeof op === "object" && op.operationId)
    .map((op) => op.operationId),
);
const keysOf = (tree, prefix = "") =>
  Object.entries(tree).flatMap(([k, v]) =>
    typeof v === "object" ? keysOf(v, `${prefix}${k}.`) : [`${prefix}${k}`],
  );
const figureKeys = keysOf(JSON.parse(readFileSync(join(dir, "docs/v2/values.json"), "utf8")));
const queries = JSON.parse(
  readFileSync(join(root, "bench/search-relevance.json"), "utf8"),
).queries.map((q) => q.q);

// 1. Startup, interleaved with the paired server when there is one.
const starts = { a: [], b: [] };
for (let i = 0; i < runs; i++) {
  starts.a.push(await startup({ bin, dir }));
  if (pair) starts.b.push(await startup(pair));
}

// 2. Every answer's size, and search latency once warm.
const client = await connect({ bin, dir });
const bytes = (r) => Buffer.byteLength(r.content.map((c) => c.text).join("\n"));
const call = async (name, a = {}) => {
  const start = performance.now();
  const r = await client.callTool({ name, arguments: a });
  return { r, ms: performance.now() - start, size: bytes(r) };
};
await call("search_docs", { query: "warm up" });
const search = [];
for (const query of queries) search.push(await call("search_docs", { query }));
const pages = [];
for (const route of routes) pages.push(await call("get_page", { path_or_url: route }));
const operations = [];
for (const id of operationIds) operations.push(await call("get_api_operation", { operation: id }));
const limits = [];
for (const name of figureKeys) limits.push(await call("get_limit", { name }));
const single = {
  "list_pages()": await call("list_pages"),
  "list_api_operations()": await call("list_api_operations"),
  "get_limit()": await call("get_limit"),
  "get_page(/api/rest/#list-a-workflows-events)": await call("get_page", {
    path_or_url: "/api/rest/#list-a-workflows-events",
  }),
};
await client.close();

const out = {
  server: bin,
  dir,
  startupMs: summary(starts.a),
  ...(pair && { pairedStartupMs: { server: pair.bin, ...summary(starts.b) } }),
  searchMs: summary(search.map((s) => s.ms)),
  bytes: {
    search_docs: summary(search.map((s) => s.size)),
    get_page: summary(pages.map((s) => s.size)),
    get_api_operation: summary(operations.map((s) => s.size)),
    get_limit: summary(limits.map((s) => s.size)),
    ...Object.fromEntries(Object.entries(single).map(([k, v]) => [k, v.size])),
  },
  errors: {
    search_docs: search.filter((s) => s.r.isError).length,
    get_page: pages.filter((s) => s.r.isError).length,
    get_api_operation: operations.filter((s) => s.r.isError).length,
    get_limit: limits.filter((s) => s.r.isError).length,
  },
};
console.log("| figure | n | median | p95 | max |\n|---|---|---|---|---|");
const row = (name, s) => console.log(`| ${name} | ${s.n} | ${s.median} | ${s.p95} | ${s.max} |`);
row("startup to first tools/list, ms", out.startupMs);
if (pair) row(`paired: ${pair.bin}, ms`, out.pairedStartupMs);
row("search_docs warm, ms", out.searchMs);
for (const [k, v] of Object.entries(out.bytes))
  typeof v === "number" ? console.log(`| ${k}, bytes | 1 | ${v} | | |`) : row(`${k}, bytes`, v);
console.log(`\nmcp-bench-json ${JSON.stringify(out)}`);
