import { readFileSync, readdirSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { unified } from "unified";
import remarkParse from "remark-parse";
import remarkGfm from "remark-gfm";
import remarkDirective from "remark-directive";
import { visit } from "unist-util-visit";
import type { Code, Root } from "mdast";
import {
  checkApiSamples,
  loadOpenApi,
  type ApiDescription,
} from "../../../../src/node/examples/check-api.ts";
import type { CodeSample } from "../../../../src/node/examples/sample.ts";
import { expandIncludes, placeDiagnostic } from "../../../../src/node/content/parts/includes.ts";
import { SourceReader } from "../../../../src/node/content/parts/source-files.ts";
import { flattenSiteValues, replaceSiteValues } from "../../../../src/node/content/site-values.ts";
import { values } from "../../../../data/values.ts";
import { realValueSource } from "../../../helpers/brook-data.ts";

const root = new URL("../../../../", import.meta.url).pathname;
const apiBase = "https://api.brook.example/v1";
const siteValues = { apiBase, ...flattenSiteValues(values) };
let api: ApiDescription;

beforeAll(async () => {
  const text = readFileSync(join(root, "data/openapi.yaml"), "utf8");
  api = (await loadOpenApi(text, "data/openapi.yaml", realValueSource(apiBase))).loaded!.api;
});

/** The fenced blocks of a Markdown text as CodeSamples (the same unified parser as the build). */
function samplesOf(markdown: string, file = "content/x.md", lineOffset = 0): CodeSample[] {
  const tree = unified()
    .use(remarkParse)
    .use(remarkGfm)
    .use(remarkDirective)
    .parse(markdown) as Root;
  const out: CodeSample[] = [];
  visit(tree, "code", (node: Code) => {
    const meta = node.meta ?? "";
    out.push({
      lang: node.lang ?? "",
      meta,
      code: node.value,
      file,
      line: node.position!.start.line + lineOffset,
      column: node.position!.start.column,
      route: "/x/",
      label: /\[([^\]]+)\]/.exec(meta)?.[1],
      noCheck: /:no-check=(\S+)/.exec(meta)?.[1],
      previous: out.length ? out.length - 1 : undefined,
    });
  });
  return out;
}

const check = (markdown: string) => checkApiSamples(samplesOf(markdown), api, { siteValues });
const fence = (lang: string, code: string, meta = "") =>
  "```" + lang + (meta ? " " + meta : "") + "\n" + code + "\n```\n";
const curl = (args: string) =>
  fence("bash", `curl -s ${args} \\\n  -H "Authorization: Bearer $BROOK_API_KEY"`);

describe("api-path", () => {
  it("accepts an operation's path with its parameters filled in", () => {
    expect(check(curl(`${apiBase}/workflows/wf_prhpckm6q09zcdv2q4jlygr0`))).toEqual([]);
    expect(check(curl(`"${apiBase}/users/me"`))).toEqual([]);
  });

  it("refuses a path that is no operation, at the command's line", () => {
    const d = check("Text.\n\n" + curl(`${apiBase}/workflow/wf_prhpckm6q09zcdv2q4jlygr0`));
    expect(d).toMatchObject([{ rule: "api-path", file: "content/x.md", line: 4, column: 1 }]);
    expect(d[0]!.message).toContain("GET /workflow/wf_prhpckm6q09zcdv2q4jlygr0 is no operation");
  });

  it("refuses an unknown query parameter and a limit past its maximum", () => {
    const unknown = check(curl(`"${apiBase}/sources?colour=red"`));
    expect(unknown).toMatchObject([{ rule: "api-path" }]);
    expect(unknown[0]!.message).toContain("'colour'");
    const past = check(curl(`"${apiBase}/sources?limit=${values.limits.pageSize.max + 1}"`));
    expect(past).toMatchObject([{ rule: "api-path" }]);
    expect(past[0]!.message).toContain(`must be <= ${values.limits.pageSize.max}`);
  });

  it("refuses a path parameter left as a placeholder, or one its schema refuses", () => {
    const placeholder = check(curl(`${apiBase}/workflows/{id}`));
    expect(placeholder).toMatchObject([{ rule: "api-path" }]);
    expect(placeholder[0]!.message).toBe("path parameter id is not filled in ({id})");
    const prefix = check(curl(`${apiBase}/workflows/cmp_prhpckm6q09zcdv2q4jlygr0`));
    expect(prefix).toMatchObject([{ rule: "api-path" }]);
    expect(prefix[0]!.message).toMatch(/^path parameter id: .*pattern/);
    // A shell variable is the reader's to fill in.
    expect(check(curl(`${apiBase}/workflows/$WORKFLOW_ID`))).toEqual([]);
  });

  it("refuses a request without a required query parameter", () => {
    const d = check(
      fence(
        "bash",
        `curl -s -X DELETE "${apiBase}/subscriptions?listener_id=wf_prhpckm6q09zcdv2q4jlygr0" \\\n  -H "Authorization: Bearer $BROOK_API_KEY"`,
      ),
    );
    expect(d.map((x) => x.message)).toContain(
      "DELETE /subscriptions needs the query parameter emitter_id",
    );
  });

  it("leaves other hosts alone", () => {
    expect(check(fence("bash", "curl -s https://hooks.brook.example/wf_x/nothing"))).toEqual([]);
  });
});

describe("api-method", () => {
  it("refuses a method the path does not take", () => {
    const d = check(curl(`-X PUT ${apiBase}/workflows/wf_prhpckm6q09zcdv2q4jlygr0`));
    expect(d).toMatchObject([{ rule: "api-method" }]);
    expect(d[0]!.message).toContain("does not take PUT; it takes GET, DELETE, PATCH");
  });

  it("reads the method of an http block", () => {
    const d = check(fence("http", `PUT ${apiBase}/webhooks\nAuthorization: Bearer brk_live_x`));
    expect(d).toMatchObject([{ rule: "api-method", line: 2 }]);
  });
});

describe("api-body", () => {
  const post = (body: string, path = "subscriptions") =>
    fence(
      "bash",
      `curl -s -X POST ${apiBase}/${path} \\\n  -H "Authorization: Bearer $BROOK_API_KEY" \\\n  -H "Content-Type: application/json" \\\n  -d '${body}'`,
    );

  it("accepts a body the schema accepts", () => {
    expect(
      check(
        post(
          '{"emitter_id": "src_ahhrbvcfl7qe8hg0r7m72hhe", "listener_id": "wf_8l7qrgus56cm7ztv4rw109i8"}',
        ),
      ),
    ).toEqual([]);
  });

  it("refuses an unknown field, a wrong type, a missing required field and a value past a limit", () => {
    const unknown = check(
      post(
        '{"emitter_id": "src_ahhrbvcfl7qe8hg0r7m72hhe", "listener_id": "wf_8l7qrgus56cm7ztv4rw109i8", "colour": "red"}',
      ),
    );
    expect(unknown.map((d) => d.message).join()).toContain("unknown field colour");
    const missing = check(post('{"emitter_id": "src_ahhrbvcfl7qe8hg0r7m72hhe"}'));
    expect(missing).toMatchObject([{ rule: "api-body" }]);
    expect(missing[0]!.message).toContain("missing required field listener_id");
    const type = check(
      post('{ "active": "no" }', "workflows/wf_prhpckm6q09zcdv2q4jlygr0").replace(
        "-X POST",
        "-X PATCH",
      ),
    );
    expect(type[0]!.message).toContain("active must be boolean");
    const past = check(
      post(
        '{ "settings": { "queue_size": 20000 } }',
        "workflows/wf_prhpckm6q09zcdv2q4jlygr0",
      ).replace("-X POST", "-X PATCH"),
    );
    expect(past[0]!.message).toContain("settings.queue_size must be <= 10000");
  });

  it("refuses a request without the Authorization header an operation needs", () => {
    const d = check(fence("bash", `curl -s ${apiBase}/sources`));
    expect(d).toMatchObject([{ rule: "api-body" }]);
    expect(d[0]!.message).toContain("needs an Authorization header");
  });

  it("reads a form body and knows the token endpoint needs no token", () => {
    const ok = fence(
      "bash",
      `curl -s -X POST ${apiBase}/oauth/token \\\n  -d grant_type=client_credentials \\\n  -d client_id=x \\\n  -d client_secret="$S"`,
    );
    expect(check(ok)).toEqual([]);
    expect(
      check(ok.replace("grant_type=client_credentials", "grant_type=password"))[0]!.message,
    ).toContain('grant_type must be "client_credentials"');
  });

  it("finds the requests inside a script and leaves bodies the shell makes alone", () => {
    const script = fence(
      "bash",
      `id=$(curl -sf -X POST ${apiBase}/sources \\\n  -H "$AUTH" -d "$(jq -n '{a: 1}')" | jq -r .id)\ncurl -s -X POST ${apiBase}/sourcez -H "$AUTH"`,
    );
    expect(check(script)).toMatchObject([{ rule: "api-path", line: 4 }]);
  });
});

describe("api-response", () => {
  it("checks a JSON block right after a request against that operation's response", () => {
    const good =
      curl(`${apiBase}/subscriptions`) +
      "\nText.\n\n" +
      fence(
        "json",
        JSON.stringify(
          { data: [], page_info: { count: 0, has_more: false, next_cursor: null } },
          null,
          2,
        ),
      );
    expect(check(good)).toEqual([]);
    const bad =
      curl(`${apiBase}/subscriptions`) +
      "\n" +
      fence("json", '{\n  "data": [],\n  "page_info": { "count": "none" }\n}');
    const d = check(bad);
    expect(d.map((x) => x.rule)).toEqual(["api-response", "api-response", "api-response"]);
    expect(d.map((x) => x.message).join("\n")).toContain("page_info.count must be integer");
  });

  it("checks a JSON block marked with :response=ID:STATUS or :request=ID", () => {
    const err =
      '{ "error": { "type": "invalid_request", "code": "param_missing", "message": "x", "request_id": "req_ens5lw6et6sp0p88exldw5uw" } }';
    expect(check(fence("json", err, ":response=createWorkflow:400"))).toEqual([]);
    expect(
      check(
        fence("json", err.replace("param_missing", "param_lost"), ":response=createWorkflow:400"),
      ),
    ).toMatchObject([{ rule: "api-response" }]);
    expect(
      check(fence("json", '{ "url": "http://x.example" }', ":request=createWebhook"))
        .map((d) => d.message)
        .join(),
    ).toContain("resource_id");
    expect(check(fence("json", "{}", ":response=noSuchThing"))[0]!.message).toContain(
      "names no operation",
    );
  });

  it("skips a block that opts out", () => {
    expect(check(fence("bash", `curl -s ${apiBase}/nowhere`, ":no-check=fragment"))).toEqual([]);
  });
});

describe("mistakes made on copies of real pages", () => {
  /** The diagnostics of a page of content/ after `mutate`, its samples read as the build reads them. */
  const checkPage = (file: string, mutate: (text: string) => string) => {
    const text = mutate(readFileSync(join(root, file), "utf8"));
    const body = text.replace(/^---\n[^]*?\n---\n/, "");
    const offset = text.slice(0, text.length - body.length).split("\n").length - 1;
    const reader = new SourceReader({
      content: join(root, "content"),
      contentDisplay: "content/",
      public: join(root, "public"),
      publicDisplay: "public/",
    });
    const expanded = expandIncludes(
      body,
      { file, relativePath: file.slice("content/".length), lineOffset: offset },
      reader,
    );
    const replaced = replaceSiteValues(expanded.body, siteValues, file, offset);
    const page = { file, relativePath: file.slice("content/".length), lineOffset: offset };
    // Lines after an include move: the build names each place in the file as written.
    const diagnostics = checkApiSamples(samplesOf(replaced.body, file, offset), api, {
      siteValues,
    }).map((d) => placeDiagnostic(d, page, expanded.origins));
    return { text, diagnostics };
  };
  const lineOf = (text: string, needle: string) =>
    text.slice(0, text.indexOf(needle)).split("\n").length;

  it.each([
    [
      "a path that is no operation",
      "content/api/rest/webhooks.md",
      (t: string) =>
        t.replace(
          "curl -s -X POST {{ site.apiBase }}/webhooks",
          "curl -s -X POST {{ site.apiBase }}/webhook",
        ),
      "curl -s -X POST",
      "api-path",
    ],
    [
      "a method the path does not take",
      "content/api/sse.md",
      (t: string) =>
        t.replace(
          "curl -N {{ site.apiBase }}/sources/src_miybqhq2vvzm3ttg611955d8/sse \\",
          "curl -N -X POST {{ site.apiBase }}/sources/src_miybqhq2vvzm3ttg611955d8/sse \\",
        ),
      "curl -N -X POST",
      "api-method",
    ],
    [
      "a field of the wrong type",
      "content/sources/index.md",
      (t: string) =>
        t.replace('"listener_id": "wf_jwjl1u48e6lq8limkyv9j26e"}', '"listener_id": 42}'),
      'curl -s -X POST "{{ site.apiBase }}/subscriptions"',
      "api-body",
    ],
    [
      "a missing required field",
      "content/sources/index.md",
      (t: string) => t.replace(', "listener_id": "wf_jwjl1u48e6lq8limkyv9j26e"}', "}"),
      'curl -s -X POST "{{ site.apiBase }}/subscriptions"',
      "api-body",
    ],
    [
      "a value past its limit",
      "content/workflows/settings.md",
      (t: string) => t.replace('"timeout_seconds": 300}}', '"timeout_seconds": 9000}}'),
      "curl",
      "api-body",
    ],
    [
      "a response of the wrong shape",
      "content/api/rest/workflow-errors.md",
      (t: string) => t.replace('"step": "fetch_deals"', '"step": 7'),
      '"step": 7',
      "api-response",
    ],
  ] as const)("%s stops the page at its line", (_, file, mutate, needle, rule) => {
    const { text, diagnostics } = checkPage(file, mutate);
    expect(diagnostics).toHaveLength(1);
    expect(diagnostics[0]).toMatchObject({ file, rule, line: lineOf(text, needle) });
  });
});

describe("the API pages", () => {
  const pages = (dir: string): string[] =>
    readdirSync(dir).flatMap((n) =>
      statSync(join(dir, n)).isDirectory()
        ? pages(join(dir, n))
        : n.endsWith(".md")
          ? [join(dir, n)]
          : [],
    );
  const files = [
    ...pages(join(root, "content/api")),
    join(root, "content/destinations/emit.md"),
    ...pages(join(root, "content/sources")),
  ];

  it.each(files.map((f) => relative(root, f)))(
    "%s: every cURL, http and JSON block passes",
    (file) => {
      const text = readFileSync(join(root, file), "utf8");
      const body = text.replace(/^---\n[^]*?\n---\n/, "");
      const offset = text.slice(0, text.length - body.length).split("\n").length - 1;
      const reader = new SourceReader({
        content: join(root, "content"),
        contentDisplay: "content/",
        public: join(root, "public"),
        publicDisplay: "public/",
      });
      const expanded = expandIncludes(
        body,
        { file, relativePath: file.slice("content/".length), lineOffset: offset },
        reader,
      );
      const replaced = replaceSiteValues(expanded.body, siteValues, file, offset);
      const samples = samplesOf(replaced.body, file, offset);
      expect(checkApiSamples(samples, api, { siteValues })).toEqual([]);
    },
  );
});
