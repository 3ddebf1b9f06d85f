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

const URL_ATTRS = new Map<string, string[]>([
  ["a", ["href"]],
  ["area", ["href"]],
  ["link", ["href"]],
  ["script", ["src"]],
  ["img", ["src", "srcset"]],
  ["source", ["src", "srcset"]],
  ["video", ["src", "poster"]],
  ["audio", ["src"]],
  ["track", ["src"]],
  ["iframe", ["src"]],
  ["embed", ["src"]],
  ["object", ["data"]],
  ["form", ["action"]],
  ["use", ["href", "xlink:href"]],
]);
// Linear on any text (public/ HTML is a stranger's): a comment, script or style left open runs to
// the end, as a browser reads it, instead of being sought again from every later `<!--` or
// `<script`; an attribute's name never holds a `<` (a quoted value may), so a tag left open ends
// at the next one (the old pattern took 9 s on 120 KB of `<a `, and grew with the square of the
// length).
const TAG_RE =
  /<!--(?:[\s\S]*?-->|[\s\S]*)|<(script|style)\b((?:\s+[^\s"'<>/=]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s"'=<>`]+))?)*)\s*>(?:([\s\S]*?)<\/\1\s*>|[\s\S]*)|<([a-zA-Z][a-zA-Z0-9-]*)((?:\s+[^\s"'<>/=]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s"'=<>`]+))?)*)\s*\/?>/g;
const ATTR_RE = /([^\s"'>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g;
const ENTITIES: Record<string, string> = {
  amp: "&",
  lt: "<",
  gt: ">",
  quot: '"',
  apos: "'",
  nbsp: "\u00a0",
};

/** Decodes the character references the build writes in attributes. */
export function decodeEntities(value: string): string {
  return value.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, ref: string) => {
    if (ref[0] === "#") {
      const code =
        ref[1] === "x" || ref[1] === "X" ? parseInt(ref.slice(2), 16) : parseInt(ref.slice(1), 10);
      return Number.isFinite(code) && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    const name = ref.toLowerCase();
    return Object.hasOwn(ENTITIES, name) ? ENTITIES[name]! : whole;
  });
}

interface Attribute {
  name: string;
  value: string;
  offset: number;
}

/** A tag's attributes, offsets counted from the start of `source`. */
function attributes(source: string): Attribute[] {
  const out: Attribute[] = [];
  ATTR_RE.lastIndex = 0;
  let m: RegExpExecArray | null;
  while ((m = ATTR_RE.exec(source))) {
    const raw = m[2] ?? m[3] ?? m[4] ?? "";
    const valueAt =
      m[2] !== undefined || m[3] !== undefined
        ? m.index + m[0].length - raw.length - 1
        : m.index + m[0].length - raw.length;
    out.push({
      name: m[1]!.toLowerCase(),
      value: raw.includes("&") ? decodeEntities(raw) : raw,
      offset: valueAt,
    });
  }
  return out;
}

/**
 * Attribute lists by their text, shared by the files of one build: the header and sidebar repeat
 * the same tags on every page, and each distinct one is split once.
 */
export type AttributeMemo = Map<string, Attribute[]>;

function find(attrs: Attribute[], name: string): Attribute | undefined {
  for (const a of attrs) if (a.name === name) return a;
  return undefined;
}

/**
 * Whether a tag's attributes can hold anything the checker reads: a URL, an id (or an `<a name>`),
 * a refresh, the boot data. Most tags of a page are `<span class>`, `<li>`, `<td>`: their
 * attributes are not even split.
 */
const ID_RE = /(?:^|\s)id\s*=/i;
function worthReading(tag: string, attrText: string): boolean {
  return URL_ATTRS.has(tag) || tag === "meta" || ID_RE.test(attrText);
}

/** Scans one HTML document; `memo` shares the attribute lists of repeated tags between documents. */
export function scanHtml(html: string, memo: AttributeMemo = new Map()): ScannedHtml {
  const result: ScannedHtml = { urls: [], ids: new Set() };
  TAG_RE.lastIndex = 0;
  let m: RegExpExecArray | null;
  while ((m = TAG_RE.exec(html))) {
    // A comment (`<!`), or a tag without attributes: nothing to read.
    const attrText = m[1] ? m[2]! : m[5];
    if (!attrText) continue;
    const tag = (m[1] ?? m[4])!.toLowerCase();
    if (!worthReading(tag, attrText)) continue;
    let attrs = memo.get(attrText);
    if (!attrs) memo.set(attrText, (attrs = attributes(attrText)));
    const at = m.index + 1 + tag.length;
    const id = find(attrs, "id");
    if (id && id.value) result.ids.add(id.value);
    const name = find(attrs, "name");
    if (tag === "a" && name && name.value) result.ids.add(name.value);
    if (
      tag === "script" &&
      find(attrs, "type")?.value === "application/json" &&
      id?.value === "brook-boot"
    ) {
      try {
        result.boot = JSON.parse(m[3] ?? "") as ScannedHtml["boot"];
      } catch {
        result.boot = {};
      }
      // The data files the client loads first are links of the page too.
      const bodyAt = m.index + m[0].indexOf(">") + 1;
      for (const key of ["siteFile", "manifestFile"] as const) {
        const value = result.boot?.[key];
        if (typeof value === "string")
          result.urls.push({
            tag: "script",
            attr: `brook-boot ${key}`,
            value,
            offset: bodyAt + Math.max(0, (m[3] ?? "").indexOf(value)),
          });
      }
    }
    if (tag === "meta" && find(attrs, "http-equiv")?.value.toLowerCase() === "refresh") {
      const content = find(attrs, "content");
      const target = content?.value.match(/^\s*\d+\s*[;,]\s*url\s*=\s*['"]?([^'"]*)/i);
      if (content && target)
        result.refresh = {
          url: target[1]!.trim(),
          offset: at + content.offset + content.value.indexOf(target[1]!),
        };
    }
    for (const attrName of URL_ATTRS.get(tag) ?? []) {
      const a = find(attrs, attrName);
      if (!a) continue;
      const rel = tag === "link" ? find(attrs, "rel")?.value.toLowerCase() : undefined;
      if (attrName === "srcset") {
        for (const candidate of a.value.split(",")) {
          const url = candidate.trim().split(/\s+/)[0];
          if (url)
            result.urls.push({
              tag,
              attr: attrName,
              value: url,
              offset: at + a.offset + Math.max(0, a.value.indexOf(url)),
            });
        }
      } else
        result.urls.push({
          tag,
          attr: attrName,
          value: a.value,
          offset: at + a.offset,
          ...(rel ? { rel } : {}),
        });
    }
    // A redirect stub's script carries its target too (it keeps the reader's #hash).
    const to = tag === "script" ? find(attrs, "data-to") : undefined;
    if (to) result.urls.push({ tag, attr: "data-to", value: to.value, offset: at + to.offset });
  }
  return result;
}
