var __defProp = Object.defineProperty;
var __getOwnPropNames = Object.getOwnPropertyNames;
var __esm = (fn, res, err) => function __init() {
  if (err) throw err[0];
  try {
    return fn && (res = (0, fn[__getOwnPropNames(fn)[0]])(fn = 0)), res;
  } catch (e) {
    throw err = [e], e;
  }
};
var __export = (target, all) => {
  for (var name in all)
    __defProp(target, name, { get: all[name], enumerable: true });
};

// src/shared/url.ts
function routeToPath(base, route) {
  return base.replace(/\/$/, "") + route;
}
function splitHash(target) {
  const i = target.indexOf("#");
  return i < 0 ? { route: target, hash: "" } : { route: target.slice(0, i), hash: target.slice(i + 1) };
}
function documentTitle(siteTitle, pageTitle, route) {
  return route === "/" || !pageTitle ? siteTitle : `${pageTitle} | ${siteTitle}`;
}
var init_url = __esm({
  "src/shared/url.ts"() {
    "use strict";
  }
});

// src/shared/search-format.ts
function toLunrJson(file) {
  const postings = file.terms.map((_, i) => {
    const p = { _index: i };
    for (const f of file.fields) p[f] = {};
    return p;
  });
  const fieldVectors = [];
  file.vectors.forEach((perField, ref) => {
    perField.forEach((flat, fi) => {
      if (flat.length === 0) return;
      const field = file.fields[fi];
      const elements = [];
      let t = 0;
      for (let i = 0; i < flat.length; i += 2) {
        t += flat[i];
        elements.push(t, flat[i + 1] / file.scale);
        postings[t][field][String(ref)] = {};
      }
      fieldVectors.push([`${field}/${ref}`, elements]);
    });
  });
  return {
    version: file.lunr,
    fields: file.fields,
    fieldVectors,
    invertedIndex: file.terms.map((term, i) => [term, postings[i]]),
    pipeline: ["stemmer"]
  };
}
var init_search_format = __esm({
  "src/shared/search-format.ts"() {
    "use strict";
  }
});

// src/site/search-index.ts
var search_index_exports = {};
__export(search_index_exports, {
  FULL_TEXT_MAX_SECTIONS: () => FULL_TEXT_MAX_SECTIONS,
  INDEXED_TEXT_CHARS: () => INDEXED_TEXT_CHARS,
  SCORE_SCALE: () => SCORE_SCALE,
  SNIPPET_CHARS: () => SNIPPET_CHARS,
  buildSearchIndex: () => buildSearchIndex,
  toLunrJson: () => toLunrJson
});
import lunr from "lunr";
function buildSearchIndex(docs) {
  const fullText = docs.length <= FULL_TEXT_MAX_SECTIONS;
  const index = lunr(function() {
    this.ref("r");
    for (const f of FIELDS) if (f.name !== "text" || fullText) this.field(f.name, { boost: f.boost });
    this.metadataWhitelist = [];
    docs.forEach((d, i) => this.add({ r: String(i), title: d.title, heading: d.heading, text: d.text.slice(0, INDEXED_TEXT_CHARS) }));
  });
  const json = index.toJSON();
  const terms = json.invertedIndex.map(([term]) => term);
  const termNumber = new Map(json.invertedIndex.map(([, posting], i) => [posting._index, i]));
  const vectors = docs.map(() => json.fields.map(() => []));
  for (const [key, elements] of json.fieldVectors) {
    const slash = key.indexOf("/");
    const field = json.fields.indexOf(key.slice(0, slash));
    const ref = Number(key.slice(slash + 1));
    const pairs = [];
    for (let i = 0; i < elements.length; i += 2) pairs.push([termNumber.get(elements[i]), Math.max(1, Math.round(elements[i + 1] * SCORE_SCALE))]);
    pairs.sort((a, b) => a[0] - b[0]);
    let prev = 0;
    vectors[ref][field] = pairs.flatMap(([t, s]) => {
      const delta = t - prev;
      prev = t;
      return [delta, s];
    });
  }
  const pageNumbers = /* @__PURE__ */ new Map();
  const pages = [];
  const out2 = docs.map((d) => {
    const { route, hash } = splitHash(d.id);
    let n2 = pageNumbers.get(route);
    if (n2 === void 0) {
      n2 = pages.push([route, d.title]) - 1;
      pageNumbers.set(route, n2);
    }
    return [n2, hash, d.heading, d.text.slice(0, SNIPPET_CHARS)];
  });
  return { v: 2, lunr: lunr.version, fields: json.fields, terms, vectors, scale: SCORE_SCALE, pages, docs: out2 };
}
var FULL_TEXT_MAX_SECTIONS, INDEXED_TEXT_CHARS, SNIPPET_CHARS, SCORE_SCALE, FIELDS;
var init_search_index = __esm({
  "src/site/search-index.ts"() {
    "use strict";
    init_url();
    init_search_format();
    FULL_TEXT_MAX_SECTIONS = 2500;
    INDEXED_TEXT_CHARS = 480;
    SNIPPET_CHARS = 120;
    SCORE_SCALE = 10;
    FIELDS = [
      { name: "title", boost: 8 },
      { name: "heading", boost: 4 },
      { name: "text", boost: 1 }
    ];
  }
});

// .scratch/engine-cpu.ts
import { readFileSync as readFileSync2, readdirSync, mkdtempSync } from "node:fs";
import { join as join2 } from "node:path";
import { tmpdir } from "node:os";
import { unified as unified2 } from "unified";
import remarkParse2 from "remark-parse";
import remarkGfm2 from "remark-gfm";
import remarkDirective2 from "remark-directive";
import remarkRehype2 from "remark-rehype";
import rehypeStringify2 from "rehype-stringify";

// src/content/frontmatter.ts
import { LineCounter, parseDocument, isMap, isPair, isScalar } from "yaml";
import { z } from "zod";

// src/shared/url-policy.ts
var ALLOWED_SCHEMES = /* @__PURE__ */ new Set(["https", "http", "mailto", "tel"]);
var SCHEME_RE = /^([a-zA-Z][a-zA-Z0-9+.-]*):/;
var EDGE_RE = /^[\u0000-\u0020]+|[\u0000-\u0020]+$/g;
var TAB_NEWLINE_RE = /[\t\n\r]/g;
var CONTROL_RE = /[\u0000-\u001f\u007f]/;
function classifyUrl(raw) {
  const url = raw.replace(EDGE_RE, "").replace(TAB_NEWLINE_RE, "");
  if (CONTROL_RE.test(url)) return { ok: false, reason: "it contains a control character" };
  if (url.startsWith("#")) return { ok: true, kind: "fragment" };
  if (url.startsWith("//") || url.startsWith("\\\\") || url.startsWith("/\\") || url.startsWith("\\/")) {
    return { ok: false, reason: "it is protocol-relative (it leaves the site); write https://" };
  }
  if (url.startsWith("/")) return url.includes("\\") ? { ok: false, reason: "it contains a backslash" } : { ok: true, kind: "site" };
  const scheme = SCHEME_RE.exec(url)?.[1]?.toLowerCase();
  if (scheme === void 0) return url.includes("\\") ? { ok: false, reason: "it contains a backslash" } : { ok: true, kind: "relative" };
  if (!ALLOWED_SCHEMES.has(scheme)) return { ok: false, reason: `the ${scheme}: scheme is not allowed` };
  if (scheme === "mailto" || scheme === "tel") return { ok: true, kind: scheme };
  try {
    const parsed = new URL(url);
    if (!parsed.hostname) return { ok: false, reason: "it has no host" };
  } catch {
    return { ok: false, reason: "it is not a valid URL" };
  }
  return { ok: true, kind: "external" };
}
var SEGMENT_RE = /^[A-Za-z0-9_~-][A-Za-z0-9._~-]*$/;
function isRouteSegment(name) {
  return SEGMENT_RE.test(name);
}
function isRoute(path) {
  if (path === "/") return true;
  if (!path.startsWith("/") || !path.endsWith("/")) return false;
  return path.slice(1, -1).split("/").every(isRouteSegment);
}

// src/content/limits.ts
var MAX_PAGE_BYTES = 512 * 1024;
var MAX_FRONTMATTER_BYTES = 64 * 1024;
var MAX_YAML_ALIASES = 50;
var MAX_FRONTMATTER_DEPTH = 16;
var MAX_MARKER_RUN = 256;
var MAX_LINE_NESTING = 50;
var MAX_MARKDOWN_DEPTH = 100;
var MAX_PUBLIC_FILE_BYTES = 50 * 1024 * 1024;

// src/content/frontmatter.ts
var LAYOUTS = ["doc", "home", "not-found"];
var navOverride = z.union([z.literal(false), z.string().refine(isRoute)]);
var metaTag = z.union([
  z.strictObject({ name: z.string().min(1), content: z.string() }),
  z.strictObject({ property: z.string().min(1), content: z.string() })
]);
var frontmatterSchema = z.strictObject({
  /** The page's only `<h1>`, its `<title>` and its sidebar label. */
  title: z.string().trim().min(1),
  /** The meta description and search-result text: one sentence, at most 160 characters. */
  description: z.string().trim().min(1).max(160),
  /** `false` hides the previous-page link; a route overrides it. @default the sidebar order */
  prev: navOverride.optional(),
  /** `false` hides the next-page link; a route overrides it. @default the sidebar order */
  next: navOverride.optional(),
  /** The layout templates/ registers. @default "doc" */
  layout: z.enum(LAYOUTS).default("doc"),
  /** Extra head tags. @example [{ name: "robots", content: "noindex" }] */
  meta: z.array(metaTag).default([])
});
var KEYS = Object.keys(frontmatterSchema.shape);
var OPEN_RE = /^---[ \t]*$/;
var CLOSE_RE = /^(?:---|\.\.\.)[ \t]*$/;
function parseFrontmatter(source, file) {
  const diagnostics = [];
  const problem = (message, hint, line = 1, column, rule = "frontmatter") => diagnostics.push({ file, line, ...column !== void 0 && { column }, message, hint, rule });
  const firstEnd = source.indexOf("\n");
  const firstLine = firstEnd < 0 ? source : source.slice(0, firstEnd);
  if (!firstLine.startsWith("---")) {
    problem("the file has no frontmatter", "start the file with ---, a title: and a description:, then ---");
    return { diagnostics };
  }
  if (!OPEN_RE.test(firstLine)) {
    problem(
      `frontmatter opens with '${firstLine.slice(0, 24)}': only YAML frontmatter is read`,
      "open the frontmatter with a line of just ---",
      1,
      1,
      "frontmatter-language"
    );
    return { diagnostics };
  }
  let close = -1;
  let at = firstEnd + 1;
  let lineNo = 2;
  while (firstEnd >= 0 && at <= source.length) {
    const end = source.indexOf("\n", at);
    const line = end < 0 ? source.slice(at) : source.slice(at, end);
    if (CLOSE_RE.test(line)) {
      close = at;
      break;
    }
    if (end < 0) break;
    at = end + 1;
    lineNo++;
  }
  if (close < 0) {
    problem("the frontmatter is never closed", "add a line of just --- after the last frontmatter key");
    return { diagnostics };
  }
  const yamlText = source.slice(firstEnd + 1, close);
  const afterClose = source.indexOf("\n", close);
  const body = afterClose < 0 ? "" : source.slice(afterClose + 1);
  const bodyLine = lineNo + 1;
  if (yamlText.length > MAX_FRONTMATTER_BYTES) {
    problem(`the frontmatter is ${yamlText.length} bytes, over the limit of ${MAX_FRONTMATTER_BYTES}`, "keep frontmatter to the page's title, description and a few settings");
    return { diagnostics };
  }
  const lineCounter = new LineCounter();
  let data;
  let doc;
  try {
    doc = parseDocument(yamlText, { schema: "core", uniqueKeys: true, lineCounter, prettyErrors: false });
    const first = doc.errors[0] ?? doc.warnings[0];
    if (first) {
      const offset = startOfEnclosingValue(doc, first.pos[0]);
      const pos = lineCounter.linePos(offset);
      problem(`frontmatter is not valid YAML: ${first.message.split(" at line")[0].split("\n")[0]}`, "quote values that contain ':' or '#', and indent lists consistently", pos.line + 1, pos.col, "yaml");
      return { diagnostics };
    }
    data = doc.toJS({ maxAliasCount: MAX_YAML_ALIASES });
  } catch (e) {
    const message = e.message;
    const bomb = /alias/i.test(message);
    const alias = bomb ? /(^|[\s[{,:])\*[^\s,\]}]/m.exec(yamlText) : null;
    const line = alias ? yamlText.slice(0, alias.index + alias[1].length).split("\n").length + 1 : 1;
    problem(
      bomb ? `frontmatter uses too many YAML aliases (more than ${MAX_YAML_ALIASES})` : `frontmatter cannot be read: ${message.split("\n")[0]}`,
      bomb ? "write the values out instead of repeating anchors (*name)" : "simplify the frontmatter",
      line,
      void 0,
      "yaml"
    );
    return { diagnostics };
  }
  if (data === null || data === void 0) data = {};
  if (typeof data !== "object" || Array.isArray(data)) {
    problem("the frontmatter must be a map of keys (title: \u2026, description: \u2026)", "write one key: value per line", 2);
    return { diagnostics };
  }
  if (depthOf(data) > MAX_FRONTMATTER_DEPTH) {
    problem(`frontmatter nests deeper than ${MAX_FRONTMATTER_DEPTH} levels`, "keep frontmatter values flat", 2, void 0, "yaml");
    return { diagnostics };
  }
  const keyLine = (key) => {
    const node = isMap(doc.contents) ? doc.contents.items.find((p) => isPair(p) && isScalar(p.key) && p.key.value === key) : void 0;
    const offset = node?.key?.range?.[0];
    return offset === void 0 ? 1 : lineCounter.linePos(offset).line + 1;
  };
  const parsed = frontmatterSchema.safeParse(data);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const { message, hint, key } = describeIssue(issue, data);
      problem(message, hint, key ? keyLine(key) : 1);
    }
    diagnostics.sort((a, b) => (a.line ?? 0) - (b.line ?? 0));
    return { diagnostics };
  }
  return { result: { frontmatter: parsed.data, body, bodyLine }, diagnostics };
}
function describeIssue(issue, data) {
  if (issue.code === "unrecognized_keys") {
    const key2 = issue.keys[0];
    return { key: key2, message: `unknown frontmatter key${issue.keys.length > 1 ? "s" : ""} ${issue.keys.map((k) => `'${k}'`).join(", ")}`, hint: `allowed keys: ${KEYS.join(", ")}` };
  }
  const key = String(issue.path[0] ?? "");
  const value = data[key];
  if (key === "title" || key === "description") {
    if (value === void 0 || value === null || typeof value === "string" && value.trim() === "") return { key, message: `missing ${key}`, hint: `add ${key}: "..." to the frontmatter` };
    if (typeof value !== "string") return { key, message: `${key} must be a string, got ${Array.isArray(value) ? "a list" : typeof value}`, hint: `quote the value: ${key}: "..."` };
    return { key, message: `description is ${value.trim().length} characters, over the limit of 160`, hint: "shorten it to one sentence a search result can show" };
  }
  if (key === "prev" || key === "next") {
    return { key, message: `${key} must be false or a route such as /quickstart/, got ${JSON.stringify(value)}`, hint: `write ${key}: false to hide the link` };
  }
  if (key === "layout") return { key, message: `unknown layout ${JSON.stringify(value)}`, hint: `use one of ${LAYOUTS.join(", ")}` };
  if (key === "meta") return { key, message: "meta must be a list of { name or property, content } strings", hint: 'write meta:\n    - name: robots\n      content: "noindex"' };
  return { key: key || void 0, message: `frontmatter ${key || "value"}: ${issue.message}`, hint: `allowed keys: ${KEYS.join(", ")}` };
}
function startOfEnclosingValue(doc, offset) {
  if (!isMap(doc.contents)) return offset;
  for (const pair of doc.contents.items) {
    const range = pair.value?.range;
    if (range && range[0] < offset && offset <= range[2]) return range[0];
  }
  return offset;
}
function depthOf(value) {
  let max = 0;
  const stack = [[value, 0]];
  while (stack.length) {
    const [v, d] = stack.pop();
    if (d > max) max = d;
    if (d > MAX_FRONTMATTER_DEPTH) return d;
    if (v && typeof v === "object") for (const child of Object.values(v)) stack.push([child, d + 1]);
  }
  return max;
}

// src/content/page-source.ts
var decoder = new TextDecoder("utf-8", { fatal: true });
function readPageSource(bytes, meta) {
  const { file } = meta;
  if (bytes.length > MAX_PAGE_BYTES) {
    return { errors: [{ file, rule: "file-size", message: `the page is ${formatBytes(bytes.length)}, over the limit of ${formatBytes(MAX_PAGE_BYTES)}`, hint: "split it into several pages" }] };
  }
  let text;
  try {
    text = decoder.decode(bytes);
  } catch {
    return { errors: [{ file, line: lineOfInvalidUtf8(bytes), rule: "encoding", message: "the file is not valid UTF-8", hint: "save the file as UTF-8" }] };
  }
  if (text.charCodeAt(0) === 65279) text = text.slice(1);
  text = text.replace(/\r\n?/g, "\n");
  if (text.trim() === "") {
    return { errors: [{ file, line: 1, rule: "empty-file", message: "the file is empty", hint: "add frontmatter (title, description) and a body, or delete the file" }] };
  }
  const fm = parseFrontmatter(text, file);
  if (!fm.result) return { errors: fm.diagnostics };
  return { source: { ...meta, frontmatter: fm.result.frontmatter, body: fm.result.body, bodyLine: fm.result.bodyLine }, errors: [] };
}
function formatBytes(n2) {
  return n2 >= 1024 * 1024 ? `${(n2 / 1024 / 1024).toFixed(2).replace(/\.?0+$/, "")} MB` : `${Math.ceil(n2 / 1024)} KB`;
}
function lineOfInvalidUtf8(bytes) {
  let line = 1;
  let start = 0;
  for (let i = 0; i <= bytes.length; i++) {
    if (i === bytes.length || bytes[i] === 10) {
      try {
        decoder.decode(bytes.subarray(start, i));
      } catch {
        return line;
      }
      line++;
      start = i + 1;
    }
  }
  return 1;
}

// src/content/markdown.ts
import { unified } from "unified";
import remarkParse from "remark-parse";
import remarkGfm from "remark-gfm";
import remarkDirective from "remark-directive";
import remarkRehype from "remark-rehype";
import rehypeSlug from "rehype-slug";
import rehypeStringify from "rehype-stringify";

// src/content/containers.ts
var CONTAINERS = { tip: "Tip", info: "Note", warning: "Warning", danger: "Danger", details: "Details" };
var FENCE_RE = /^\s{0,3}(`{3,}|~{3,})/;
var OPEN_RE2 = /^(\s{0,3}:{3,})([a-z]+)[ \t]+([^\[{\s].*)$/;
function normalizeContainerSyntax(markdown) {
  if (!markdown.includes(":::")) return markdown;
  let fence = null;
  return markdown.split("\n").map((line) => {
    const f = FENCE_RE.exec(line);
    if (f) {
      if (fence === null) fence = f[1];
      else if (f[1].startsWith(fence[0]) && f[1].length >= fence.length) fence = null;
      return line;
    }
    if (fence !== null) return line;
    const m = OPEN_RE2.exec(line);
    return m ? `${m[1]}${m[2]}[${m[3].trimEnd().replace(/[\[\]]/g, "")}]` : line;
  }).join("\n");
}
function transformContainer(d, ctx, source) {
  const place = { file: ctx.file, line: (d.position?.start.line ?? 1) + ctx.lineOffset, column: d.position?.start.column };
  const title = CONTAINERS[d.name];
  if (!title) {
    ctx.diagnostics.push({ ...place, rule: "unknown-container", message: `unknown container ':::${d.name}'`, hint: `use one of ${Object.keys(CONTAINERS).map((c) => ":::" + c).join(", ")}` });
    return;
  }
  if (!isClosed(d, source)) {
    ctx.diagnostics.push({ ...place, rule: "unclosed-container", message: `container ':::${d.name}' is never closed, so it takes in the rest of the page`, hint: "add a line ::: where the container ends" });
  }
  const first = d.children[0];
  let label = title;
  if (first && first.type === "paragraph" && first.data?.directiveLabel) {
    label = first.children.map((c) => "value" in c ? c.value : "").join("") || title;
    d.children.shift();
  }
  if (d.name === "details") {
    d.data = { hName: "details", hProperties: { className: ["custom-block", "details"] } };
    d.children.unshift({ type: "paragraph", data: { hName: "summary" }, children: [{ type: "text", value: label }] });
  } else {
    d.data = { hName: "div", hProperties: { className: ["custom-block", d.name], role: "note", ariaLabel: label } };
    d.children.unshift({ type: "paragraph", data: { hProperties: { className: ["custom-block-title"] } }, children: [{ type: "text", value: label }] });
  }
}
function directiveAsText(node) {
  const text = { type: "text", value: (node.type === "textDirective" ? ":" : "::") + node.name };
  return node.type === "textDirective" ? [text, ...node.children] : [{ type: "paragraph", children: [text, ...node.children] }];
}
function isClosed(d, source) {
  const start = d.position?.start.offset;
  const end = d.position?.end.offset;
  if (start === void 0 || end === void 0) return true;
  const lastChild = d.children.at(-1)?.position?.end.offset;
  const openingEnd = source.indexOf("\n", start);
  const from = lastChild ?? (openingEnd < 0 ? end : openingEnd);
  return /(^|\n)[ \t>]*:{3,}[ \t]*(\n|$)/.test(source.slice(from, end));
}

// src/content/mdast-pass.ts
function walkMdast(tree, ctx, source) {
  const line = (n2) => (n2.position?.start.line ?? 1) + ctx.lineOffset;
  const stack = [[tree, 0]];
  while (stack.length) {
    const [node, depth] = stack.pop();
    if (depth > MAX_MARKDOWN_DEPTH) {
      ctx.diagnostics.push(tooDeep(ctx, node.position?.start.line));
      tree.children = [];
      ctx.links.length = 0;
      return;
    }
    switch (node.type) {
      case "containerDirective":
        transformContainer(node, ctx, source);
        break;
      case "heading":
        if (node.depth === 1) {
          ctx.diagnostics.push({
            file: ctx.file,
            line: line(node),
            column: node.position?.start.column,
            rule: "no-h1",
            message: "the body has a '#' heading; the title is the page's only <h1>",
            hint: "use '##' for sections, and put the page title in the frontmatter's title"
          });
        }
        break;
      case "link":
      case "image":
      case "definition":
        checkUrl(node, ctx, line(node));
        break;
    }
    if (!("children" in node)) continue;
    const parent = node;
    for (let i = 0; i < parent.children.length; i++) {
      const child = parent.children[i];
      if (child.type === "textDirective" || child.type === "leafDirective") {
        const replacement = directiveAsText(child);
        parent.children.splice(i, 1, ...replacement);
      }
    }
    for (let i = parent.children.length - 1; i >= 0; i--) stack.push([parent.children[i], depth + 1]);
  }
}
function checkUrl(n2, ctx, line) {
  const verdict = classifyUrl(n2.url);
  if (!verdict.ok) {
    ctx.diagnostics.push({
      file: ctx.file,
      line,
      column: n2.position?.start.column,
      rule: "unsafe-url",
      message: `${n2.type === "image" ? "image" : "link"} URL ${JSON.stringify(n2.url.slice(0, 60))} is not allowed: ${verdict.reason}`,
      hint: "link to a page (/limits/), a relative path, #anchor, or an https:, http:, mailto: or tel: URL"
    });
    n2.url = "#";
    return;
  }
  ctx.links.push({ url: n2.url, line, column: n2.position?.start.column ?? 1, kind: n2.type === "image" ? "image" : "link", scope: verdict.kind });
  if (verdict.kind === "site" && !n2.url.startsWith(ctx.base)) n2.url = ctx.base.replace(/\/$/, "") + n2.url;
}

// src/content/code-block.ts
var escapeAttribute = (s) => s.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;");
function codeBlockHtml(lines, lang) {
  const label = escapeAttribute(lang);
  const body = lines.map((l) => `<span class="line">${l}</span>`).join("\n");
  return `<div class="code-block" data-lang="${label}"><span class="code-lang" aria-hidden="true">${label}</span><button type="button" class="copy" aria-label="Copy code">Copy</button><pre class="shiki" tabindex="0"><code>${body}</code></pre></div>`;
}

// src/content/highlight.ts
import { createHash } from "node:crypto";

// src/content/code-theme.ts
import githubLight from "shiki/themes/github-light.mjs";
import githubDark from "shiki/themes/github-dark.mjs";
var LIGHT_THEME = githubLight;
var DARK_THEME = githubDark;
function pairColors(light, dark) {
  const votes = /* @__PURE__ */ new Map();
  const vote = (l, d) => {
    if (!l || !d) return;
    const key = l.toLowerCase();
    const m = votes.get(key) ?? /* @__PURE__ */ new Map();
    m.set(d.toLowerCase(), (m.get(d.toLowerCase()) ?? 0) + 1);
    votes.set(key, m);
  };
  const darkRules = new Map((dark.tokenColors ?? []).map((r) => [JSON.stringify(r.scope), r.settings]));
  for (const rule of light.tokenColors ?? []) {
    const d = darkRules.get(JSON.stringify(rule.scope));
    vote(rule.settings.foreground, d?.foreground);
    vote(rule.settings.background, d?.background);
  }
  vote(light.colors?.["editor.foreground"], dark.colors?.["editor.foreground"]);
  vote(light.colors?.["editor.background"], dark.colors?.["editor.background"]);
  return new Map([...votes].map(([l, m]) => [l, [...m].sort((a, b) => b[1] - a[1])[0][0]]));
}
var DARK_OF = pairColors(LIGHT_THEME, DARK_THEME);
var HEX_RE = /^#[0-9a-f]{6}$/;
function colorClass(color) {
  const c = color?.toLowerCase();
  if (!c || !HEX_RE.test(c) || c === LIGHT_THEME.colors?.["editor.foreground"]?.toLowerCase()) return void 0;
  return "c-" + c.slice(1);
}
function backgroundClass(color) {
  const c = color?.toLowerCase();
  return c && HEX_RE.test(c) ? "b-" + c.slice(1) : void 0;
}
function fontStyleClasses(bits) {
  if (!bits || bits < 0) return [];
  const out2 = [];
  if (bits & 1) out2.push("fi");
  if (bits & 2) out2.push("fb");
  if (bits & 4) out2.push("fu");
  if (bits & 8) out2.push("fs");
  return out2;
}

// src/content/highlight.ts
var LANGUAGES = [
  "javascript",
  "typescript",
  "jsx",
  "tsx",
  "json",
  "jsonc",
  "bash",
  "shellscript",
  "python",
  "go",
  "yaml",
  "toml",
  "http",
  "sql",
  "html",
  "css",
  "diff",
  "ini",
  "xml",
  "markdown",
  "dotenv"
];
var ALIASES = {
  js: "javascript",
  mjs: "javascript",
  cjs: "javascript",
  ts: "typescript",
  sh: "bash",
  shell: "bash",
  zsh: "bash",
  console: "bash",
  py: "python",
  yml: "yaml",
  golang: "go",
  md: "markdown",
  env: "dotenv"
};
var PLAIN_LANGUAGES = /* @__PURE__ */ new Set(["text", "txt", "plain", "plaintext", "output", "log"]);
function resolveLanguage(lang) {
  const l = lang.toLowerCase();
  if (PLAIN_LANGUAGES.has(l)) return null;
  const name = ALIASES[l] ?? l;
  return LANGUAGES.includes(name) ? name : void 0;
}
function blockKey(code, lang) {
  return createHash("sha1").update(lang ?? "").update("\0").update(code).digest("base64url");
}
var highlighter;
function getHighlighter() {
  highlighter ??= (async () => {
    const [{ createHighlighterCore }, { createOnigurumaEngine }] = await Promise.all([import("shiki/core"), import("shiki/engine/oniguruma")]);
    return createHighlighterCore({ themes: [LIGHT_THEME], langs: [], engine: createOnigurumaEngine(import("shiki/wasm")) });
  })();
  return highlighter;
}
var loading = /* @__PURE__ */ new Map();
var loadChain = Promise.resolve();
function loadLanguage(hl, lang) {
  let p = loading.get(lang);
  if (!p) {
    p = loadChain.then(async () => {
      const m = await import(`shiki/langs/${lang}.mjs`);
      await hl.loadLanguage(m.default);
    });
    loadChain = p.catch(() => void 0);
    loading.set(lang, p);
  }
  return p;
}
function warmHighlighter() {
  return getHighlighter();
}
var escapeHtml = (s) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
async function highlightLines(code, lang, cache) {
  const key = blockKey(code, lang);
  const hit = cache.get(key);
  if (hit) return hit;
  let lines;
  if (lang === null) lines = code.split("\n").map(escapeHtml);
  else {
    const hl = await getHighlighter();
    if (!hl.getLoadedLanguages().includes(lang)) await loadLanguage(hl, lang);
    await loadChain;
    const tokens = hl.codeToTokensBase(code, { lang, theme: LIGHT_THEME.name, tokenizeTimeLimit: 0 });
    lines = tokens.map(
      (line) => line.map((t) => {
        const classes = [colorClass(t.color), backgroundClass(t.bgColor), ...fontStyleClasses(t.fontStyle)].filter(Boolean);
        const text = escapeHtml(t.content);
        return classes.length ? `<span class="${classes.join(" ")}">${text}</span>` : text;
      }).join("")
    );
  }
  cache.set(key, lines);
  return lines;
}

// src/content/hast-pass.ts
var SECTION_TEXT_LIMIT = 480;
var LANG_NAME_RE = /^[\w+#.-]{1,32}$/;
var EXTERNAL_RE = /^https?:\/\//;
async function walkHast(tree, ctx) {
  const blocks = [];
  let section = { slug: "", heading: "", text: "" };
  let text = [];
  let length = 0;
  const endSection = () => {
    section.text = text.join("").replace(/\s+/g, " ").trim().slice(0, SECTION_TEXT_LIMIT);
    if (section.text || section.heading) ctx.sections.push(section);
  };
  for (let i = 0; i < tree.children.length; i++) {
    const top = tree.children[i];
    const level = top.type === "element" ? top.tagName === "h2" ? 2 : top.tagName === "h3" ? 3 : 0 : 0;
    const title = [];
    const collect = level ? (v) => void title.push(v) : (v) => {
      if (length > SECTION_TEXT_LIMIT * 2) return;
      text.push(v);
      length += v.length;
    };
    walk(top, tree, i, ctx, blocks, collect);
    if (level) {
      const heading = top;
      const slug = String(heading.properties.id ?? "");
      const name = title.join("").trim();
      ctx.headers.push({ level, title: name, slug });
      endSection();
      section = { slug, heading: name, text: "" };
      text = [];
      length = 0;
      heading.properties.tabIndex = -1;
      heading.children.push({ type: "element", tagName: "a", properties: { className: ["anchor"], href: `#${slug}`, ariaLabel: `Link to this section: ${name}` }, children: [{ type: "text", value: "#" }] });
    }
  }
  endSection();
  await Promise.all(blocks.map((b) => highlightBlock(b, ctx)));
}
function walk(start, root, rootIndex, ctx, blocks, collect) {
  const stack = [[start, root, rootIndex]];
  while (stack.length) {
    const [node, parent, index] = stack.pop();
    if (node.type === "text") {
      collect(node.value);
      continue;
    }
    if (node.type !== "element") continue;
    const props = node.properties;
    if (props.id !== void 0 && props.id !== null) ctx.ids.push(String(props.id));
    for (const attr of ["href", "src"]) {
      const value = props[attr];
      if (typeof value !== "string") continue;
      if (!classifyUrl(value).ok) {
        delete props[attr];
        ctx.diagnostics.push({ file: ctx.file, line: (node.position?.start.line ?? 1) + ctx.lineOffset, column: node.position?.start.column, rule: "unsafe-url", message: `URL ${JSON.stringify(value.slice(0, 60))} is not allowed`, hint: "use a page route, a relative path, #anchor, or an https:, http:, mailto: or tel: URL" });
      } else if (attr === "href" && node.tagName === "a" && EXTERNAL_RE.test(value)) props.rel = ["noopener"];
    }
    if (node.tagName === "pre" && node.children[0]?.type === "element" && node.children[0].tagName === "code") {
      blocks.push({ parent, index, node });
      continue;
    }
    for (let i = node.children.length - 1; i >= 0; i--) stack.push([node.children[i], node, i]);
  }
}
async function highlightBlock(block, ctx) {
  const code = block.node.children[0];
  const classes = code.properties.className ?? [];
  const langClass = classes.find((c) => c.startsWith("language-"));
  const raw = langClass ? langClass.slice("language-".length) : "";
  const lang = LANG_NAME_RE.test(raw) ? raw : "";
  const resolved = lang ? resolveLanguage(lang) : null;
  if (!lang || resolved === void 0) {
    ctx.diagnostics.push({
      file: ctx.file,
      line: (block.node.position?.start.line ?? 1) + ctx.lineOffset,
      column: block.node.position?.start.column,
      rule: "code-language",
      message: lang ? `code fence language '${lang}' is not highlighted` : raw ? `code fence language '${raw.slice(0, 30)}' is not a language name` : "code fence has no language",
      hint: lang ? "use a supported language (js, ts, python, go, bash, json, yaml, http, sql, ...) or text" : "add a language after the backticks, e.g. ```js (or ```text)"
    });
  }
  const source = textOf(code).replace(/\n$/, "");
  const lines = await highlightLines(source, resolved ?? null, ctx.highlights);
  block.parent.children[block.index] = { type: "raw", value: codeBlockHtml(lines, lang || "text") };
}
function textOf(node) {
  let out2 = "";
  const stack = [...node.children].reverse();
  while (stack.length) {
    const n2 = stack.pop();
    if (n2.type === "text") out2 += n2.value;
    else if (n2.type === "element") for (let i = n2.children.length - 1; i >= 0; i--) stack.push(n2.children[i]);
  }
  return out2;
}

// src/content/markdown.ts
var processor;
function getProcessor() {
  processor ??= unified().use(remarkParse).use(remarkGfm).use(remarkDirective).use(() => (tree, file) => walkMdast(tree, pageContext(file), String(file.value))).use(remarkRehype).use(rehypeSlug).use(() => (tree, file) => walkHast(tree, pageContext(file))).use(rehypeStringify, { allowDangerousHtml: true }).freeze();
  return processor;
}
function pageContext(file) {
  return file.data.ctx;
}
async function renderMarkdown(body, options) {
  const ctx = { ...options, highlights: options.highlights ?? /* @__PURE__ */ new Map(), diagnostics: [], links: [], headers: [], sections: [], ids: [] };
  let html;
  try {
    html = String(await getProcessor().process({ value: normalizeContainerSyntax(body), data: { ctx } }));
  } catch (e) {
    if (!(e instanceof RangeError)) throw e;
    ctx.diagnostics.push(tooDeep(ctx));
    html = "";
  }
  return { html, headers: ctx.headers, links: ctx.links, sections: ctx.sections, ids: ctx.ids, diagnostics: ctx.diagnostics };
}
function tooDeep(ctx, line = 1) {
  return {
    file: ctx.file,
    line: ctx.lineOffset + line,
    rule: "nesting-depth",
    message: `the Markdown nests too deeply (lists, quotes, emphasis or links more than ${MAX_MARKDOWN_DEPTH} levels inside each other)`,
    hint: "flatten the structure: split long nested lists, and close every *, _ and [ you open"
  };
}

// src/content/markdown-guard.ts
var MARKERS = /* @__PURE__ */ new Set(["*", "_", "[", "]", "(", ")", ">", ":", "!", "<"]);
var FENCE_RE2 = /^ {0,3}(`{3,}|~{3,})/;
function lineNesting(text) {
  let markers = 0;
  let columns = 0;
  let i = 0;
  for (; ; ) {
    const ch = text[i];
    if (ch === " ") columns++;
    else if (ch === "	") columns += 4 - columns % 4;
    else if (ch === ">") {
      markers++;
      if (text[i + 1] === " ") i++;
    } else if ((ch === "-" || ch === "*" || ch === "+") && (text[i + 1] === " " || text[i + 1] === "	")) {
      markers++;
      i++;
    } else {
      const m = /^\d{1,9}[.)][ \t]/.exec(text.slice(i, i + 12));
      if (!m) break;
      markers++;
      i += m[0].length - 1;
    }
    i++;
  }
  return markers + Math.floor(columns / 2);
}
function checkMarkerRuns(body, file, lineOffset) {
  let fence = null;
  let line = lineOffset;
  for (const text of body.split("\n")) {
    line++;
    const f = FENCE_RE2.exec(text);
    if (f) {
      if (fence === null) fence = f[1];
      else if (f[1][0] === fence[0] && f[1].length >= fence.length) fence = null;
      continue;
    }
    if (fence !== null) continue;
    if (text.length > MAX_LINE_NESTING && lineNesting(text) > MAX_LINE_NESTING) {
      return [
        {
          file,
          line,
          column: 1,
          rule: "nesting-depth",
          message: `this line opens lists and quotes more than ${MAX_LINE_NESTING} levels deep`,
          hint: "flatten the structure: split long nested lists and quotes"
        }
      ];
    }
    if (text.length <= MAX_MARKER_RUN) continue;
    let run = 1;
    for (let i = 1; i < text.length; i++) {
      const ch = text[i];
      run = ch === text[i - 1] ? run + 1 : 1;
      if (run > MAX_MARKER_RUN && MARKERS.has(ch)) {
        let end = i;
        while (text[end + 1] === ch) end++;
        return [
          {
            file,
            line,
            column: i - run + 2,
            rule: "marker-run",
            message: `a run of ${end - i + run} '${ch}' characters (more than ${MAX_MARKER_RUN}): Markdown would take too long to read it`,
            hint: "shorten the run, or put it in a code block or inline code"
          }
        ];
      }
    }
  }
  return [];
}

// src/content/site-values.ts
var SITE_VALUE_RE = /\{\{\s*site\.([A-Za-z_][\w]*)\s*\}\}/g;
function replaceSiteValues(body, values, file, lineOffset) {
  const diagnostics = [];
  const used = /* @__PURE__ */ new Set();
  let counted = 0;
  let line = 1 + lineOffset;
  let lineStart = 0;
  const out2 = body.replace(SITE_VALUE_RE, (match, key, offset) => {
    if (Object.prototype.hasOwnProperty.call(values, key)) {
      used.add(key);
      return values[key];
    }
    for (let i = body.indexOf("\n", counted); i >= 0 && i < offset; i = body.indexOf("\n", i + 1)) {
      line++;
      lineStart = i + 1;
    }
    counted = offset;
    const column = offset - lineStart + 1;
    diagnostics.push({
      file,
      line,
      column,
      rule: "unknown-site-value",
      message: `unknown site value '${key}' in ${match}`,
      hint: `use one of ${Object.keys(values).map((k) => `{{ site.${k} }}`).join(", ")}`
    });
    return match;
  });
  return { body: out2, diagnostics, used: [...used].sort() };
}

// src/content/parse-page.ts
async function parseBody(source, options, highlights2) {
  const { file, body, bodyLine } = source;
  const runs = checkMarkerRuns(body, file, bodyLine - 1);
  if (runs.length) return { errors: runs, warnings: [] };
  const values = replaceSiteValues(body, options.siteValues, file, bodyLine - 1);
  const md = await renderMarkdown(values.body, { file, base: options.base, lineOffset: bodyLine - 1, highlights: highlights2 });
  const errors = [...values.diagnostics, ...md.diagnostics.filter((d) => d.rule !== "code-language")];
  const warnings = md.diagnostics.filter((d) => d.rule === "code-language");
  if (errors.length) return { errors, warnings };
  return {
    html: md.html,
    facts: { headers: md.headers, links: md.links, sections: md.sections, ids: md.ids, warnings, deps: { siteValues: values.used } },
    errors,
    warnings
  };
}

// src/workers/build-worker.ts
import { isMainThread, workerData } from "node:worker_threads";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { deserialize } from "node:v8";

// src/render/render-page.tsx
import { renderToStaticMarkup, renderToString } from "react-dom/server";

// templates/SearchInput.tsx
import { jsx, jsxs } from "react/jsx-runtime";
function SearchInput(props) {
  return /* @__PURE__ */ jsxs("div", { className: "search", onBlur: props.onBlur, children: [
    /* @__PURE__ */ jsx("label", { htmlFor: "search-input", className: "visually-hidden", children: "Search the docs" }),
    /* @__PURE__ */ jsx(
      "input",
      {
        id: "search-input",
        type: "search",
        placeholder: "Search...",
        autoComplete: "off",
        spellCheck: false,
        role: "combobox",
        "aria-expanded": props.expanded ? "true" : "false",
        "aria-controls": "search-results",
        "aria-autocomplete": "list",
        "aria-activedescendant": props.expanded ? props.activeId : void 0,
        "aria-keyshortcuts": "/ Control+K Meta+K",
        value: props.value ?? "",
        onChange: (e) => props.onChange?.(e.target.value ?? ""),
        onFocus: props.onFocus,
        onKeyDown: props.onKeyDown,
        readOnly: !props.onChange
      }
    ),
    /* @__PURE__ */ jsx("kbd", { className: "search-key", "aria-hidden": "true", children: "/" }),
    /* @__PURE__ */ jsx("div", { id: "search-results", className: "search-results", role: "listbox", "aria-label": "Search results", hidden: !props.expanded, children: props.expanded && props.results }),
    /* @__PURE__ */ jsx("div", { className: props.showMessage ? "search-empty" : "visually-hidden", role: "status", children: props.message ?? "" })
  ] });
}

// templates/VersionMenu.tsx
import { jsx as jsx2, jsxs as jsxs2 } from "react/jsx-runtime";
function VersionMenu({ site: site2, ui }) {
  const current = site2.versions.find((v) => v.link === site2.base) ?? site2.versions[0];
  return /* @__PURE__ */ jsxs2("div", { className: "version-menu", children: [
    /* @__PURE__ */ jsxs2(
      "button",
      {
        type: "button",
        className: "version-button",
        "aria-expanded": ui.versionMenuOpen ? "true" : "false",
        "aria-controls": "version-list",
        onClick: ui.onToggleVersionMenu,
        children: [
          "Version ",
          current.text
        ]
      }
    ),
    /* @__PURE__ */ jsx2("ul", { id: "version-list", className: "version-list", hidden: !ui.versionMenuOpen, children: site2.versions.map((v) => /* @__PURE__ */ jsx2("li", { children: /* @__PURE__ */ jsxs2("a", { href: v.link, "aria-current": v === current ? "page" : void 0, children: [
      v.text,
      v.badge && /* @__PURE__ */ jsx2("span", { className: "badge", children: v.badge })
    ] }) }, v.text)) })
  ] });
}

// templates/Header.tsx
import { jsx as jsx3, jsxs as jsxs3 } from "react/jsx-runtime";
function Header({ site: site2, ui }) {
  return /* @__PURE__ */ jsxs3("header", { className: "site-header", children: [
    /* @__PURE__ */ jsx3(
      "button",
      {
        type: "button",
        className: "sidebar-toggle",
        "aria-label": "Toggle sidebar",
        "aria-expanded": ui.sidebarOpen ? "true" : "false",
        "aria-controls": "sidebar",
        onClick: ui.onToggleSidebar,
        children: /* @__PURE__ */ jsx3("span", { className: "burger", "aria-hidden": "true" })
      }
    ),
    /* @__PURE__ */ jsxs3("a", { className: "site-title", href: site2.base, children: [
      /* @__PURE__ */ jsx3(Logo, {}),
      /* @__PURE__ */ jsx3("span", { children: site2.title }),
      " ",
      /* @__PURE__ */ jsx3("span", { className: "site-subtitle", children: "Docs" })
    ] }),
    site2.versions.length > 0 && /* @__PURE__ */ jsx3(VersionMenu, { site: site2, ui }),
    /* @__PURE__ */ jsx3("div", { className: "header-search", children: /* @__PURE__ */ jsx3(SearchInput, { ...ui.search }) }),
    /* @__PURE__ */ jsx3(
      "button",
      {
        type: "button",
        className: "theme-toggle",
        "aria-label": "Dark theme",
        "aria-pressed": ui.dark ? "true" : "false",
        onClick: ui.onToggleTheme,
        children: /* @__PURE__ */ jsx3("span", { "aria-hidden": "true", className: "theme-icon" })
      }
    )
  ] });
}
function Logo() {
  return /* @__PURE__ */ jsxs3("svg", { className: "logo", viewBox: "0 0 32 32", width: "24", height: "24", "aria-hidden": "true", focusable: "false", children: [
    /* @__PURE__ */ jsx3("path", { d: "M4 20c4-6 8-6 12 0s8 6 12 0", fill: "none", stroke: "currentColor", strokeWidth: "3", strokeLinecap: "round" }),
    /* @__PURE__ */ jsx3("path", { d: "M4 12c4-6 8-6 12 0s8 6 12 0", fill: "none", stroke: "currentColor", strokeWidth: "3", strokeLinecap: "round", opacity: ".55" })
  ] });
}

// templates/Article.tsx
init_url();
import { jsx as jsx4, jsxs as jsxs4 } from "react/jsx-runtime";
function Article({ site: site2, page }) {
  return /* @__PURE__ */ jsxs4("article", { className: "doc", children: [
    /* @__PURE__ */ jsx4("h1", { tabIndex: -1, children: page.title }),
    /* @__PURE__ */ jsx4("div", { className: "content", dangerouslySetInnerHTML: { __html: page.html } }),
    /* @__PURE__ */ jsxs4("footer", { className: "doc-footer", children: [
      page.editUrl && /* @__PURE__ */ jsx4("a", { className: "edit-link", href: page.editUrl, rel: "noopener", children: "Edit this page" }),
      /* @__PURE__ */ jsx4(Pagination, { site: site2, page })
    ] })
  ] });
}
function Pagination({ site: site2, page }) {
  if (!page.prev && !page.next) return null;
  return /* @__PURE__ */ jsxs4("nav", { className: "pagination", "aria-label": "Pagination", children: [
    page.prev ? /* @__PURE__ */ jsxs4("a", { rel: "prev", href: routeToPath(site2.base, page.prev.route), children: [
      /* @__PURE__ */ jsx4("span", { className: "pagination-label", children: "Previous" }),
      /* @__PURE__ */ jsx4("span", { className: "pagination-title", children: page.prev.text })
    ] }) : /* @__PURE__ */ jsx4("span", {}),
    page.next && /* @__PURE__ */ jsxs4("a", { rel: "next", href: routeToPath(site2.base, page.next.route), children: [
      /* @__PURE__ */ jsx4("span", { className: "pagination-label", children: "Next" }),
      /* @__PURE__ */ jsx4("span", { className: "pagination-title", children: page.next.text })
    ] })
  ] });
}

// templates/Home.tsx
init_url();
import { jsx as jsx5, jsxs as jsxs5 } from "react/jsx-runtime";
function Home({ site: site2, page }) {
  const start = heroLinks(site2.sidebar);
  return /* @__PURE__ */ jsxs5("article", { className: "doc home", children: [
    /* @__PURE__ */ jsxs5("div", { className: "hero", children: [
      /* @__PURE__ */ jsx5("h1", { tabIndex: -1, children: page.title }),
      /* @__PURE__ */ jsx5("p", { className: "hero-tagline", children: page.description }),
      start.length > 0 && /* @__PURE__ */ jsx5("ul", { className: "hero-actions", children: start.map((n2, i) => /* @__PURE__ */ jsx5("li", { children: /* @__PURE__ */ jsx5("a", { className: i === 0 ? "button primary" : "button", href: routeToPath(site2.base, n2.route), children: n2.text }) }, n2.route)) })
    ] }),
    /* @__PURE__ */ jsx5("div", { className: "content", dangerouslySetInnerHTML: { __html: page.html } }),
    /* @__PURE__ */ jsxs5("footer", { className: "doc-footer", children: [
      page.editUrl && /* @__PURE__ */ jsx5("a", { className: "edit-link", href: page.editUrl, rel: "noopener", children: "Edit this page" }),
      /* @__PURE__ */ jsx5(Pagination, { site: site2, page })
    ] })
  ] });
}
function heroLinks(sidebar) {
  const pick = (n2) => {
    if (n2.kind !== "group") return n2.route !== "/" ? n2 : void 0;
    return n2.items.find((i) => i.kind === "group" && i.route) ?? n2.items.find((i) => i.kind === "page" && i.route !== "/");
  };
  return sidebar.map(pick).filter((n2) => Boolean(n2)).slice(0, 4);
}

// templates/NotFound.tsx
import { jsx as jsx6, jsxs as jsxs6 } from "react/jsx-runtime";
function NotFound({ site: site2, page }) {
  return /* @__PURE__ */ jsxs6("article", { className: "doc not-found", children: [
    /* @__PURE__ */ jsx6("p", { className: "not-found-code", "aria-hidden": "true", children: "404" }),
    /* @__PURE__ */ jsx6("h1", { tabIndex: -1, children: page.title }),
    page.html ? /* @__PURE__ */ jsx6("div", { className: "content", dangerouslySetInnerHTML: { __html: page.html } }) : /* @__PURE__ */ jsxs6("div", { className: "content", children: [
      /* @__PURE__ */ jsx6("p", { children: "There is no page at this address. It may have moved, or the link that brought you here may be mistyped." }),
      /* @__PURE__ */ jsxs6("ul", { children: [
        /* @__PURE__ */ jsx6("li", { children: /* @__PURE__ */ jsxs6("a", { href: site2.base, children: [
          "Go to the ",
          site2.title,
          " docs home"
        ] }) }),
        /* @__PURE__ */ jsx6("li", { children: "Search the docs with the box at the top of the page (press / to focus it)." })
      ] })
    ] })
  ] });
}

// templates/layouts.ts
var LAYOUT_COMPONENTS = { doc: Article, home: Home, "not-found": NotFound };

// templates/Sidebar.tsx
init_url();
import { jsx as jsx7, jsxs as jsxs7 } from "react/jsx-runtime";
function Sidebar({ site: site2, route, headers, activeSlug, open }) {
  return /* @__PURE__ */ jsx7("nav", { id: "sidebar", className: open ? "sidebar open" : "sidebar", "aria-label": "Sidebar", children: site2.sidebar.map(
    (node, i) => (
      // On large sites a group away from the current page is one link to its page, so a
      // page's HTML stays the same size however many pages the site has.
      node.kind === "group" && (site2.sidebarComplete || !node.route || contains(node, route)) ? /* @__PURE__ */ jsxs7("section", { className: "sidebar-section", children: [
        /* @__PURE__ */ jsx7("h2", { className: "sidebar-heading", children: node.text }),
        /* @__PURE__ */ jsx7(Items, { nodes: withGroupPage(node), ...{ site: site2, route, headers, activeSlug } })
      ] }, i) : /* @__PURE__ */ jsx7(Items, { nodes: [node.kind === "group" ? { kind: "page", text: node.text, route: node.route } : node], ...{ site: site2, route, headers, activeSlug } }, i)
    )
  ) });
}
function Items({ nodes, site: site2, route, headers, activeSlug }) {
  return /* @__PURE__ */ jsx7("ul", { children: nodes.map((node, i) => {
    if (node.kind === "page") {
      const current = node.route === route;
      return /* @__PURE__ */ jsxs7("li", { children: [
        /* @__PURE__ */ jsx7("a", { href: routeToPath(site2.base, node.route), "aria-current": current ? "page" : void 0, children: node.text }),
        current && /* @__PURE__ */ jsx7(Toc, { site: site2, route, headers, activeSlug })
      ] }, i);
    }
    const inside = contains(node, route);
    const showChildren = site2.sidebarComplete || inside || !node.route;
    if (!showChildren) {
      return /* @__PURE__ */ jsx7("li", { children: /* @__PURE__ */ jsx7("a", { href: routeToPath(site2.base, node.route), children: node.text }) }, i);
    }
    return /* @__PURE__ */ jsx7("li", { children: /* @__PURE__ */ jsxs7("details", { open: inside, children: [
      /* @__PURE__ */ jsx7("summary", { children: node.text }),
      /* @__PURE__ */ jsx7(Items, { nodes: withGroupPage(node), ...{ site: site2, route, headers, activeSlug } })
    ] }) }, i);
  }) });
}
function Toc({ site: site2, route, headers, activeSlug }) {
  const h2 = headers.filter((h) => h.level === 2);
  if (h2.length === 0) return null;
  const path = routeToPath(site2.base, route);
  return /* @__PURE__ */ jsx7("ul", { className: "toc", children: h2.map((h) => /* @__PURE__ */ jsx7("li", { children: /* @__PURE__ */ jsx7("a", { href: `${path}#${h.slug}`, "aria-current": h.slug === activeSlug ? "location" : void 0, children: h.title }) }, h.slug)) });
}
function withGroupPage(node) {
  return node.route ? [{ kind: "page", text: "Overview", route: node.route }, ...node.items] : node.items;
}
function contains(node, route) {
  if (node.route === route) return true;
  return node.kind === "group" && node.items.some((n2) => contains(n2, route));
}

// templates/App.tsx
import { Fragment, jsx as jsx8, jsxs as jsxs8 } from "react/jsx-runtime";
function App({ site: site2, page, ui = {} }) {
  const Layout = LAYOUT_COMPONENTS[page.layout] ?? LAYOUT_COMPONENTS.doc;
  return /* @__PURE__ */ jsxs8(Fragment, { children: [
    /* @__PURE__ */ jsx8("a", { className: "skip-link", href: "#main", children: "Skip to content" }),
    ui.progress != null && /* @__PURE__ */ jsx8("div", { className: "progress", role: "progressbar", "aria-label": "Loading page", "aria-valuemin": 0, "aria-valuemax": 100, "aria-valuenow": Math.round(ui.progress), children: /* @__PURE__ */ jsx8("div", { className: "progress-bar", style: { transform: `scaleX(${ui.progress / 100})` } }) }),
    /* @__PURE__ */ jsx8(Header, { site: site2, ui }),
    /* @__PURE__ */ jsxs8("div", { className: "layout", children: [
      /* @__PURE__ */ jsx8(Sidebar, { site: site2, route: page.route, headers: page.headers, activeSlug: ui.activeSlug ?? null, open: Boolean(ui.sidebarOpen) }),
      ui.sidebarOpen && /* @__PURE__ */ jsx8("div", { className: "sidebar-backdrop", "aria-hidden": "true" }),
      /* @__PURE__ */ jsx8("main", { id: "main", tabIndex: -1, children: /* @__PURE__ */ jsx8(Layout, { site: site2, page }) })
    ] }),
    /* @__PURE__ */ jsx8("footer", { className: "site-footer", children: /* @__PURE__ */ jsxs8("p", { children: [
      site2.title,
      " documentation \xB7 ",
      site2.versions.map((v, i) => /* @__PURE__ */ jsxs8("span", { children: [
        i > 0 && " \xB7 ",
        /* @__PURE__ */ jsx8("a", { href: v.link, children: v.text })
      ] }, v.text))
    ] }) }),
    /* @__PURE__ */ jsx8("div", { className: "visually-hidden", role: "status", "aria-live": "polite", "aria-atomic": "true", children: ui.announcement ?? "" })
  ] });
}

// templates/Head.tsx
init_url();

// src/shared/csp.ts
function contentSecurityPolicy(gtmId, forMeta = false) {
  const gtm = gtmId ? " https://www.googletagmanager.com" : "";
  const ga = gtmId ? " https://www.google-analytics.com https://*.google-analytics.com https://*.analytics.google.com" : "";
  const directives = [
    "default-src 'self'",
    `script-src 'self'${gtm}`,
    "style-src 'self'",
    `img-src 'self' data:${gtm}${ga}`,
    `connect-src 'self'${ga}${gtm}`,
    "font-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'"
  ];
  if (!forMeta) directives.push("frame-ancestors 'none'");
  return directives.join("; ");
}

// templates/Head.tsx
import { Fragment as Fragment2, jsx as jsx9, jsxs as jsxs9 } from "react/jsx-runtime";
function Head({ site: site2, page, assets, headTags, noindex }) {
  const title = documentTitle(site2.title, page.title, page.route);
  const canonical = site2.siteUrl + routeToPath(site2.base, page.route);
  return /* @__PURE__ */ jsxs9(Fragment2, { children: [
    /* @__PURE__ */ jsx9("meta", { charSet: "utf-8" }),
    /* @__PURE__ */ jsx9("meta", { httpEquiv: "Content-Security-Policy", content: contentSecurityPolicy(site2.gtmId, true) }),
    /* @__PURE__ */ jsx9("meta", { name: "viewport", content: "width=device-width, initial-scale=1" }),
    /* @__PURE__ */ jsx9("title", { children: title }),
    /* @__PURE__ */ jsx9("meta", { name: "description", content: page.description }),
    noindex ? /* @__PURE__ */ jsx9("meta", { name: "robots", content: "noindex" }) : /* @__PURE__ */ jsx9("link", { rel: "canonical", href: canonical }),
    /* @__PURE__ */ jsx9("meta", { property: "og:title", content: title }),
    /* @__PURE__ */ jsx9("meta", { property: "og:description", content: page.description }),
    /* @__PURE__ */ jsx9("meta", { property: "og:type", content: page.route === "/" ? "website" : "article" }),
    !noindex && /* @__PURE__ */ jsx9("meta", { property: "og:url", content: canonical }),
    /* @__PURE__ */ jsx9("meta", { property: "og:site_name", content: site2.title }),
    /* @__PURE__ */ jsx9("meta", { name: "twitter:card", content: "summary" }),
    headTags.map((t, i) => t.tag === "link" ? /* @__PURE__ */ jsx9("link", { ...t.attrs }, i) : /* @__PURE__ */ jsx9("meta", { ...t.attrs }, i)),
    page.meta.map((m, i) => /* @__PURE__ */ jsx9("meta", { ...m.name ? { name: m.name } : { property: m.property }, content: m.content }, `m${i}`)),
    /* @__PURE__ */ jsx9("link", { rel: "stylesheet", href: assets.css }),
    /* @__PURE__ */ jsx9("link", { rel: "preload", href: assets.siteData, as: "fetch", crossOrigin: "anonymous" }),
    /* @__PURE__ */ jsx9("script", { type: "module", src: assets.js })
  ] });
}

// src/render/render-page.tsx
import { jsx as jsx10 } from "react/jsx-runtime";
function jsonForScript(value) {
  return JSON.stringify(value).replace(/</g, "\\u003c").replace(/\u2028/g, "\\u2028").replace(/\u2029/g, "\\u2029");
}
function renderPage(page, ctx, options = {}) {
  const head = renderToStaticMarkup(/* @__PURE__ */ jsx10(Head, { site: ctx.site, page, assets: ctx.assets, headTags: ctx.headTags, noindex: options.noindex }));
  const body = renderToString(/* @__PURE__ */ jsx10(App, { site: ctx.site, page }));
  const { html: _html, ...rest } = page;
  const boot = { page: rest, siteFile: ctx.siteFile, manifestFile: ctx.manifestFile };
  return `<!doctype html><html lang="en"><head>${head}</head><body><div id="app">${body}</div><script type="application/json" id="brook-boot">${jsonForScript(boot)}</script></body></html>`;
}

// src/render/hash.ts
import { createHash as createHash2 } from "node:crypto";
function contentHash(content) {
  return createHash2("sha256").update(content).digest("base64url").replace(/[-_]/g, "").slice(0, 10).toLowerCase();
}

// src/workers/build-worker.ts
var sites = /* @__PURE__ */ new Map();
var highlights = /* @__PURE__ */ new Map();
var seeded = /* @__PURE__ */ new Set();
function siteAt(path) {
  let site2 = sites.get(path);
  if (!site2) {
    site2 = JSON.parse(readFileSync(path, "utf8"));
    sites.set(path, site2);
  }
  return site2;
}
function seedHighlights(path) {
  if (!path || seeded.has(path)) return;
  seeded.add(path);
  try {
    for (const [k, v] of deserialize(readFileSync(path))) highlights.set(k, v);
  } catch {
  }
}
function write(dir2, path, content) {
  const full = join(dir2, path);
  mkdirSync(dirname(full), { recursive: true });
  writeFileSync(full, content);
}
async function runTask(task) {
  if (task.kind === "search") {
    const { buildSearchIndex: buildSearchIndex2 } = await Promise.resolve().then(() => (init_search_index(), search_index_exports));
    return JSON.stringify(buildSearchIndex2(task.docs));
  }
  if (task.kind === "not-found") return renderPage(task.page, { ...task.render, site: siteAt(task.render.sitePath) }, { noindex: true });
  return runPage(task);
}
async function runPage(task) {
  let body;
  let facts;
  let before = highlights.size;
  if (task.cached) {
    body = "body" in task.cached ? task.cached.body : readFileSync(task.cached.bodyPath, "utf8");
    facts = task.cached.facts;
  } else {
    seedHighlights(task.highlightsPath);
    before = highlights.size;
    const parsed = await parseBody(task.source, task.parse, highlights);
    if (parsed.html === void 0 || !parsed.facts) return { errors: parsed.errors, warnings: parsed.warnings };
    body = parsed.html;
    facts = parsed.facts;
    if (task.bodyPath) writeFileSync(task.bodyPath, body);
  }
  const page = { ...task.shell, headers: facts.headers, html: body };
  const data = JSON.stringify(page);
  const dataFile = `pages/${task.key}.${contentHash(data)}.json`;
  const html = renderPage(page, { ...task.render, site: siteAt(task.render.sitePath) });
  const result = { errors: [], warnings: facts.warnings, facts, dataFile };
  if (task.output.dir) {
    write(task.output.dir, task.htmlPath, html);
    write(task.output.dir, task.output.assetsDir + dataFile, data);
  } else result.files = { html, data };
  if (task.returnBody) result.body = body;
  if (highlights.size > before) result.highlights = [...highlights].slice(before);
  return result;
}
if (!isMainThread && workerData?.warm) void warmHighlighter();

// .scratch/engine-cpu.ts
import { writeFileSync as writeFileSync2 } from "node:fs";
var dir = process.argv[2];
var n = Number(process.argv[3] ?? 300);
var files = readdirSync(dir, { recursive: true }).filter((f) => f.endsWith(".md")).slice(0, n);
var sources = files.map((f) => readPageSource(readFileSync2(join2(dir, f)), { relativePath: f, file: f, route: "/" + f.replace(/\.md$/, "/") }).source);
var chain = unified2().use(remarkParse2).use(remarkGfm2).use(remarkDirective2).use(remarkRehype2).use(rehypeStringify2);
var cpu = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1e3;
};
var out = mkdtempSync(join2(tmpdir(), "ecpu-"));
var site = { title: "T", description: "D", base: "/docs/v2/", siteUrl: "https://x.example", sidebar: [], sidebarComplete: true, versions: [], navigation: { chunkTimeoutMs: 1, progressDelayMs: 1, scrollSpyThrottleMs: 1 }, gtmId: "" };
writeFileSync2(join2(out, "site.json"), JSON.stringify(site));
var render = { assets: { css: "/a.css", js: "/a.js", siteData: "/s.json" }, headTags: [], manifestFile: "/r.json", siteFile: "/s.json", sitePath: join2(out, "site.json") };
for (const s of sources.slice(0, 20)) {
  chain.processSync(s.body);
  await parseBody(s, { base: "/docs/v2/", siteValues: {} });
}
for (let round = 0; round < 2; round++) {
  let t = cpu();
  for (const s of sources) chain.processSync(s.body);
  const floor = (cpu() - t) / sources.length;
  t = cpu();
  for (const s of sources) await parseBody(s, { base: "/docs/v2/", siteValues: {} }, /* @__PURE__ */ new Map());
  const parse = (cpu() - t) / sources.length;
  t = cpu();
  for (const s of sources) {
    const task = { kind: "page", source: s, parse: { base: "/docs/v2/", siteValues: {} }, shell: { route: s.route, title: "T", description: "D", layout: "doc", prev: null, next: null, editUrl: "", meta: [] }, key: "k" + Math.random().toString(36).slice(2), htmlPath: s.route.slice(1) + "index.html", render, output: { dir: out, assetsDir: "assets/" } };
    await runTask(task);
  }
  const full = (cpu() - t) / sources.length;
  console.log(`round ${round}: floor ${floor.toFixed(2)} ms/page, parseBody ${parse.toFixed(2)} (${(parse / floor).toFixed(2)}x), page task ${full.toFixed(2)} (${(full / floor).toFixed(2)}x)`);
}
