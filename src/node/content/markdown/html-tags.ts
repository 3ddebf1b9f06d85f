/**
 * Splits the raw HTML of a Markdown `html` node into tags and text, with where each tag stands.
 * Nothing here is ever written out as HTML: raw-html.ts builds elements of its own from the
 * tags it allows, and everything else becomes text (escaped) or is dropped.
 */
import { parseEntities } from "parse-entities";

/** One piece of raw HTML. */
export type HtmlToken =
  | {
      kind: "open";
      name: string;
      attrs: [string, string][];
      selfClosing: boolean;
      line: number;
      column: number;
    }
  | { kind: "close"; name: string; line: number; column: number }
  | { kind: "comment"; value: string; line: number; column: number }
  | { kind: "other"; value: string; line: number; column: number }
  | { kind: "text"; value: string };

// CommonMark's grammar of tags (spec 6.6), which is what micromark cut the node by, with one
// reading of browsers: a `/` before an attribute separates it as a space does, so `<img/src=x
// onerror=…>` is the tag a browser (and GitHub) would make of it, removed with a warning, not text.
// A name holds no `<`: with it, each `<` of a block of `<a x<a x…` read a tag to the block's end
// and failed, and a 100 KB block took 10 s.
const ATTR = String.raw`[\s/]+[^\s"'<>/=]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s"'=<>\x60]+))?`;
const OPEN_RE = new RegExp(String.raw`<([A-Za-z][A-Za-z0-9-]*)((?:${ATTR})*)\s*(/?)>`, "y");
const ATTR_RE = /([^\s"'>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g;
const CLOSE_RE = /<\/([A-Za-z][A-Za-z0-9-]*)\s*>/y;
const COMMENT_RE = /<!--[\s\S]*?(?:-->|$)/y;
const OTHER_RE = /<[!?][^>]*>?/y;

/** The tokens of `html`, which starts at `line`:`column` of the file. */
export function tokenizeHtml(html: string, line: number, column: number): HtmlToken[] {
  const out: HtmlToken[] = [];
  let text = "";
  let i = 0;
  // Lines are counted as the tokens go (tokens come in order): counting from the start for each
  // one took time squared in a block of thousands of lines.
  let counted = 0;
  let lines = 0;
  let nl = -1;
  const at = (index: number) => {
    for (let n = html.indexOf("\n", counted); n >= 0 && n < index; n = html.indexOf("\n", n + 1)) {
      lines++;
      nl = n;
    }
    counted = Math.max(counted, index);
    return { line: line + lines, column: nl < 0 ? column + index : index - nl };
  };
  while (i < html.length) {
    const lt = html.indexOf("<", i);
    if (lt < 0) break;
    text += html.slice(i, lt);
    const match = (re: RegExp) => ((re.lastIndex = lt), re.exec(html));
    let m: RegExpExecArray | null;
    let token: HtmlToken | undefined;
    if ((m = match(COMMENT_RE))) token = { kind: "comment", value: m[0], ...at(lt) };
    else if ((m = match(CLOSE_RE))) token = { kind: "close", name: m[1]!.toLowerCase(), ...at(lt) };
    else if ((m = match(OPEN_RE)))
      token = {
        kind: "open",
        name: m[1]!.toLowerCase(),
        attrs: attributes(m[2]!),
        selfClosing: m[3] === "/",
        ...at(lt),
      };
    else if ((m = match(OTHER_RE))) token = { kind: "other", value: m[0], ...at(lt) };
    if (!token || !m) {
      text += "<";
      i = lt + 1;
      continue;
    }
    if (text) out.push({ kind: "text", value: text });
    text = "";
    out.push(token);
    i = lt + m[0].length;
  }
  text += html.slice(i);
  if (text) out.push({ kind: "text", value: text });
  return out;
}

/** Attribute names in lower case, values with their character references decoded. */
function attributes(source: string): [string, string][] {
  return [...source.matchAll(ATTR_RE)].map((m) => [
    m[1]!.toLowerCase(),
    parseEntities(m[2] ?? m[3] ?? m[4] ?? ""),
  ]);
}
