/**
 * Which operation of the REST API an assistant means. Exact before fuzzy: an operationId,
 * `METHOD /path` (a template or a real path, with or without the API's base) names one or none;
 * only words ("create a subscription") are matched, and only when one operation holds every one
 * of them better than any other. Anything else is a miss, answered with the closest operations.
 */
import type { ApiDescription, ApiOperation } from "../../shared/openapi/operations.ts";
import { operationsAt } from "../../shared/openapi/operations.ts";
import { similarity } from "../../shared/similar.ts";

/** What was asked for: the operation it names, else the closest ones. */
export type Found =
  | { op: ApiOperation; matched: "exactly" | "by its words"; others: ApiOperation[] }
  | { op?: undefined; closest: ApiOperation[]; why: string };

const METHOD_PATH_RE =
  /^(get|put|post|delete|options|head|patch|trace)\s+((?:https?:\/\/|\/)\S*)$/i;
const IDENTIFIER_RE = /^[A-Za-z_][\w.-]*$/;
const WORD_RE = /[a-z0-9]+/g;
/** Characters of a request compared for suggestions: no name is longer. */
const COMPARED_CHARS = 200;
const CLOSEST = 3;
/** Words of a question that say nothing about which operation it means. */
const QUESTION_WORDS = new Set(
  "a an the how do does i we you can to of for in on with my me is are what which via using use api brook endpoint operation request call".split(
    " ",
  ),
);
/** Verbs readers use for each method. */
const VERBS: Record<string, string[]> = {
  GET: ["get", "list", "read", "fetch", "retrieve", "show", "find", "see", "stream", "watch"],
  POST: ["create", "add", "make", "new", "send", "post", "emit", "trigger", "start", "invoke"],
  PUT: ["replace", "set", "update", "put"],
  PATCH: ["update", "change", "edit", "modify", "rename", "pause", "patch", "set"],
  DELETE: ["delete", "remove", "unsubscribe", "cancel", "drop"],
};

/** The operation `asked` names, or the closest ones and why none matched. */
export function findOperation(api: ApiDescription, asked: string): Found {
  const text = asked.trim();
  const lower = text.toLowerCase();
  const byId = api.operations.find((o) => o.id.toLowerCase() === lower);
  if (byId) return { op: byId, matched: "exactly", others: [] };
  const mp = METHOD_PATH_RE.exec(text);
  if (mp) {
    const method = mp[1]!.toUpperCase();
    let path = mp[2]!;
    if (path.startsWith(api.server)) path = path.slice(api.server.length) || "/";
    path = path.split(/[?#]/)[0]!;
    const template = api.operations.find((o) => o.method === method && o.path === path);
    const { ops } = operationsAt(api, path);
    const op = template ?? ops.find((o) => o.method === method);
    if (op) return { op, matched: "exactly", others: [] };
    const why = ops.length
      ? `${path} takes ${ops.map((o) => o.method).join(", ")}, not ${method}`
      : `no operation has the path ${path}`;
    // The path's own operations first, then those of the method most like it.
    const near = [...ops, ...closestByName(api, `${method} ${path}`, method)];
    return { closest: [...new Set(near)].slice(0, CLOSEST), why };
  }
  if (IDENTIFIER_RE.test(text))
    return { closest: closestByName(api, text), why: "no operation has that operationId" };
  return byWords(api, text);
}

/** The operations whose `METHOD /path` or operationId is most like `name` (those of `method` first). */
function closestByName(api: ApiDescription, name: string, method?: string): ApiOperation[] {
  const value = name.slice(0, COMPARED_CHARS).toLowerCase();
  return api.operations
    .map((o, i) => ({
      o,
      i,
      s:
        Number(o.method === method) +
        Math.max(
          similarity(value, o.id.toLowerCase()),
          similarity(value, `${o.method} ${o.path}`.toLowerCase()),
        ),
    }))
    .sort((a, b) => b.s - a.s || a.i - b.i)
    .slice(0, CLOSEST)
    .map((x) => x.o);
}

/** A question: the operation that holds every word of it (its verb as its method), if one does best. */
function byWords(api: ApiDescription, text: string): Found {
  const words = [...new Set(text.toLowerCase().match(WORD_RE) ?? [])]
    .filter((w) => !QUESTION_WORDS.has(w))
    .slice(0, 30);
  if (!words.length)
    return { closest: api.operations.slice(0, CLOSEST), why: "it holds no word an operation has" };
  const scored = api.operations.map((o, i) => {
    const own = new Set(
      `${o.id.replace(/([a-z])([A-Z])/g, "$1 $2")} ${o.summary} ${o.path} ${o.tags.join(" ")}`
        .toLowerCase()
        .match(WORD_RE) ?? [],
    );
    let score = 0;
    let held = 0;
    for (const w of words) {
      const verb = VERBS[o.method]?.includes(w) ? 1.5 : 0;
      let best = 0;
      for (const t of own)
        best = Math.max(best, sameWord(t, w) ? 1 : similarity(w, t) > 0.8 ? 0.6 : 0);
      if (verb || best) held++;
      score += verb + best;
    }
    return { o, i, score, all: held === words.length };
  });
  scored.sort((a, b) => Number(b.all) - Number(a.all) || b.score - a.score || a.i - b.i);
  const [first, second] = scored;
  const closest = scored
    .filter((s) => s.score > 0)
    .slice(0, CLOSEST)
    .map((s) => s.o);
  if (first?.all && !(second?.all && second.score === first.score))
    return { op: first.o, matched: "by its words", others: closest.filter((o) => o !== first.o) };
  const why = first?.all
    ? `${scored.filter((s) => s.all && s.score === first.score).length} operations match it equally`
    : "no operation holds every word of it";
  return { closest: closest.length ? closest : api.operations.slice(0, CLOSEST), why };
}

function sameWord(t: string, w: string): boolean {
  return t === w || t === singular(w) || singular(t) === w;
}

function singular(w: string): string {
  return w.endsWith("ies") ? w.slice(0, -3) + "y" : w.endsWith("s") ? w.slice(0, -1) : w;
}
