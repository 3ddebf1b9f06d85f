/**
 * Reads what check-links needs from a built HTML file: every URL in an attribute (with its
 * offset, for line:col), the ids a `#fragment` can land on, the meta refresh of redirect stubs
 * and the boot data. A tag scanner, not a full parser: the build writes well-formed HTML.
 */

/** A URL found in the document. */
export interface HtmlUrl {
  tag: string;
  attr: string;
  /** The value with character references decoded. */
  value: string;
  /** Offset of the attribute value in the file. */
  offset: number;
  /** `rel` of a `<link>`, lower case. */
  rel?: string;
}

/** What one HTML file holds for the checker. */
export interface ScannedHtml {
  urls: HtmlUrl[];
  ids: Set<string>;
  /** The target of `<meta http-equiv="refresh">`: the page is a redirect stub. */
  refresh?: { url: string; offset: number };
  /** `<script type="application/json" id="brook-boot">` parsed, when present. */
  boot?: { siteFile?: string; manifestFile?: string; page?: { layout?: string } };
}

const URL_ATTRS: Record<string, string[]> = {
  a: ["href"],
  area: ["href"],
  link: ["href"],
  script: ["src"],
  img: ["src", "srcset"],
  source: ["src", "srcset"],
  video: ["src", "poster"],
  audio: ["src"],
  track: ["src"],
  iframe: ["src"],
  embed: ["src"],
  object: ["data"],
  form: ["action"],
  use: ["href", "xlink:href"],
};
const TAG_RE = /<!--[\s\S]*?-->|<(script|style)\b([^>]*)>([\s\S]*?)<\/\1\s*>|<([a-zA-Z][a-zA-Z0-9-]*)((?:\s+[^\s"'>/=]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s"'=<>`]+))?)*)\s*\/?>/g;
const ATTR_RE = /([^\s"'>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g;
const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: "\u00a0" };

/** Decodes the character references the build writes in attributes. */
export function decodeEntities(value: string): string {
  return value.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, ref: string) => {
    if (ref[0] === "#") {
      const code = ref[1] === "x" || ref[1] === "X" ? parseInt(ref.slice(2), 16) : parseInt(ref.slice(1), 10);
      return Number.isFinite(code) && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return ENTITIES[ref.toLowerCase()] ?? whole;
  });
}

function attributes(source: string, start: number): { name: string; value: string; offset: number }[] {
  const out: { name: string; value: string; offset: number }[] = [];
  ATTR_RE.lastIndex = 0;
  let m: RegExpExecArray | null;
  while ((m = ATTR_RE.exec(source))) {
    const raw = m[2] ?? m[3] ?? m[4] ?? "";
    const valueAt = m[2] !== undefined || m[3] !== undefined ? m.index + m[0].length - raw.length - 1 : m.index + m[0].length - raw.length;
    out.push({ name: m[1]!.toLowerCase(), value: decodeEntities(raw), offset: start + valueAt });
  }
  return out;
}

/** Scans one HTML document. */
export function scanHtml(html: string): ScannedHtml {
  const result: ScannedHtml = { urls: [], ids: new Set() };
  TAG_RE.lastIndex = 0;
  let m: RegExpExecArray | null;
  while ((m = TAG_RE.exec(html))) {
    if (m[0].startsWith("<!--")) continue;
    const tag = (m[1] ?? m[4])!.toLowerCase();
    const attrText = m[1] ? m[2]! : m[5]!;
    const attrStart = m.index + 1 + tag.length;
    const attrs = attributes(attrText, attrStart);
    const get = (name: string) => attrs.find((a) => a.name === name);
    const id = get("id");
    if (id && id.value) result.ids.add(id.value);
    const name = get("name");
    if (tag === "a" && name && name.value) result.ids.add(name.value);
    if (tag === "script" && get("type")?.value === "application/json" && id?.value === "brook-boot") {
      try {
        result.boot = JSON.parse(m[3]!) as ScannedHtml["boot"];
      } catch {
        result.boot = {};
      }
      // The data files the client loads first are links of the page too.
      const bodyAt = m.index + m[0].indexOf(">") + 1;
      for (const key of ["siteFile", "manifestFile"] as const) {
        const value = result.boot?.[key];
        if (typeof value === "string") result.urls.push({ tag: "script", attr: `brook-boot ${key}`, value, offset: bodyAt + Math.max(0, m[3]!.indexOf(value)) });
      }
    }
    if (tag === "meta" && get("http-equiv")?.value.toLowerCase() === "refresh") {
      const content = get("content");
      const target = content?.value.match(/^\s*\d+\s*[;,]\s*url\s*=\s*['"]?([^'"]*)/i);
      if (content && target) result.refresh = { url: target[1]!.trim(), offset: content.offset + content.value.indexOf(target[1]!) };
    }
    for (const attrName of URL_ATTRS[tag] ?? []) {
      const a = get(attrName);
      if (!a) continue;
      const rel = tag === "link" ? get("rel")?.value.toLowerCase() : undefined;
      if (attrName === "srcset") {
        for (const candidate of a.value.split(",")) {
          const url = candidate.trim().split(/\s+/)[0];
          if (url) result.urls.push({ tag, attr: attrName, value: url, offset: a.offset + Math.max(0, a.value.indexOf(url)) });
        }
      } else result.urls.push({ tag, attr: attrName, value: a.value, offset: a.offset, ...(rel ? { rel } : {}) });
    }
    // A redirect stub's script carries its target too (it keeps the reader's #hash).
    const to = get("data-to");
    if (tag === "script" && to) result.urls.push({ tag, attr: "data-to", value: to.value, offset: to.offset });
  }
  return result;
}

/** 1-based line and column of an offset. */
export function lineColumn(text: string, offset: number): { line: number; column: number } {
  let line = 1;
  let last = -1;
  for (let i = text.indexOf("\n"); i >= 0 && i < offset; i = text.indexOf("\n", i + 1)) {
    line++;
    last = i;
  }
  return { line, column: offset - last };
}
