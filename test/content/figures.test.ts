/**
 * Every figure the docs state comes from a site value (data/values.ts), so a figure is written
 * once (issues 16 and 24). This test reads content/ (frontmatter, prose, tables and code alike)
 * for figures written by hand: as prose writes them (FIGURES), in a table row about the fact
 * (ROWS), as an ordinal tied to a limit ("the 6th invitation", "the third retry": ORDINALS), and
 * in Brook's own output shown in code (OUTPUT). It fails on any that is still literal, except the
 * deliberate ones below, each with why. A deliberate literal, and a sentence whose claim rests on
 * a value (a worked bill, a "that is more than the cap"), names the value and what it was when the
 * sentence was written: change that value and this test lists the sentences to read again.
 */
import { describe, expect, it } from "vitest";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { loadConfig } from "../../src/node/config/load.ts";
import { flattenSiteValues } from "../../src/node/content/site-values.ts";
import { siteValuesOf } from "../../src/node/content/frontmatter/frontmatter-values.ts";
import { ROOT } from "../helpers/site.ts";

const CONTENT = join(ROOT, "content");
const { config } = await loadConfig(undefined, ROOT, CONTENT);
const VALUES = flattenSiteValues(config.values);

/** The figures as a page would write them in prose (spec §9 first, then Brook's other limits). */
const FIGURES: RegExp[] = [
  // spec §9
  /\b512 ?KB\b/g, // HTTP payload
  /\b30 ?MB\b/g, // email payload
  /\b6 ?MB\b/g, // function payload
  /\b256 ?MB\b/g, // memory default
  /\b10 ?GB\b/g, // memory maximum
  /\b100 events\b/g, // inspector, source events, queue
  /\blast 100\b/g,
  /\b30 days\b/g,
  /\b333\b/g, // daily invocations
  /\b66 for free orgs\b/g,
  /(?<![\d.])0\.0002\b/g, // price per invocation
  /\b10,000\b/g, // free plan's invocations, queue maximum
  /\b20,000\b/g, // pro and team invocations
  /\b100,000\b/g, // enterprise invocations
  /\$19\b/g, // pro and team price
  /\b5 team members\b/g,
  /\bat most 5\b/g,
  /\b5-member\b/g,
  /\b100 (?:events )?by default\b/g, // queue default
  /\bdefault 100\b/g,
  /\bNode(?:\.js)? 14\b/g, // runtimes
  /\bPython 3\.8\b/g,
  /\bGo 1\.17(?:\.1)?\b/g,
  /\b64 ?KB\b/g, // configured props
  /\b60 ?KB\b/g, // service database
  /\b512 ?MB\b/g, // /tmp
  /\b120 ?(?:s|seconds)\b/g, // content load time-out
  // Brook's other limits and timings
  /\b60 seconds\b/g, // step timeout
  /\b60-second\b/g,
  /\b900 seconds\b/g,
  /\bup to 900\b/g,
  /\b10 requests (?:per|a) second\b/g, // HTTP trigger rate
  /\b10 a second\b/g,
  /\bbursts? of 50\b/g,
  /\b60 requests a minute\b/g, // REST API rate
  /\b128 levels\b/g, // nested JSON
  /\b30 hours\b/g, // runtime quota
  /\b100 hours\b/g,
  /\b8 ?KB\b/g, // environment variables
  /\b200 (?:per workspace|variables)\b/g,
  /\b00:00`? UTC\b/g, // daily reset
  /\b10 (?:idle )?minutes\b/g, // worker idle
  /\bshortest interval is 1 minute\b/g, // schedules
  /\b15 seconds\b/g, // SSE heartbeat
  /\b30 seconds\b/g,
  /\b3 (?:more )?times\b/g, // retries
  /\b3 retries\b/g,
  /\bthree (?:more )?(?:times|retries|attempts)\b/gi, // retries, in words
  /\bfive (?:team )?members\b/gi, // team members, in words
  /\bone hour\b/gi, // OAuth access token lifetime
  /\b1-hour\b/g,
  /\b1 to 10\b/g, // concurrency
  /\bconcurrency of 1\b/g,
];

/**
 * Table rows: a row whose first cell names a fact states that fact's figures in its other cells,
 * as a whole cell (`| 5 |`, `` | `100` | ``) or after "up to", "at most", "default"…
 */
const ROWS: { label: RegExp; values: string[] }[] = [
  { label: /members/i, values: ["limits.teamMembers"] },
  { label: /concurrency/i, values: ["limits.concurrency.default", "limits.concurrency.max"] },
  { label: /queue/i, values: ["limits.queue.default"] },
  { label: /timeout/i, values: ["limits.stepTimeout.default", "limits.stepTimeout.max"] },
  {
    label: /retr(?:y|ies)|deliver/i,
    values: ["retries.delivery", "retries.webhook", "retries.handOff", "retries.brookAxios"],
  },
  { label: /inspector/i, values: ["limits.inspector.events", "limits.inspector.days"] },
  { label: /errors kept|workflow errors/i, values: ["limits.workflowErrors"] },
  {
    label: /\brate\b/i,
    values: ["limits.httpRate.perSecond", "limits.httpRate.burst", "limits.apiRate"],
  },
  { label: /heartbeat/i, values: ["timing.sseHeartbeat", "timing.sseDead"] },
  { label: /nest|depth/i, values: ["limits.jsonDepth"] },
  { label: /environment variable/i, values: ["limits.envVars.count"] },
  {
    label: /page size|list page|`limit`|`-n`/i,
    values: ["limits.pageSize.default", "limits.pageSize.max"],
  },
];

/** Ordinals ("the 6th", "the third") followed within a few words by a noun that is counted by a limit. */
const ORDINALS: { noun: RegExp; values: string[] }[] = [
  { noun: /^(?:invitations?|members?|seats?)$/i, values: ["limits.teamMembers"] },
  {
    noun: /^(?:retry|retries|attempts?|deliver(?:y|ies))$/i,
    values: ["retries.delivery", "retries.webhook", "retries.handOff", "retries.brookAxios"],
  },
  {
    noun: /^events?$/i,
    values: ["limits.queue.default", "limits.inspector.events", "limits.sourceEvents.events"],
  },
  { noun: /^errors?$/i, values: ["limits.workflowErrors"] },
  { noun: /^variables?$/i, values: ["limits.envVars.count"] },
  {
    noun: /^requests?$/i,
    values: ["limits.httpRate.perSecond", "limits.httpRate.burst", "limits.apiRate"],
  },
  { noun: /^levels?$/i, values: ["limits.jsonDepth"] },
];
const ORDINAL_RE =
  /\b(?:(\d[\d,]*)(?:st|nd|rd|th)|(second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|eleventh))\b((?:\W+[\w-]+){1,3})/gi;
const ORDINAL_WORDS: Record<string, number> = {
  second: 2,
  third: 3,
  fourth: 4,
  fifth: 5,
  sixth: 6,
  seventh: 7,
  eighth: 8,
  ninth: 9,
  tenth: 10,
  eleventh: 11,
};

/** Brook's own output in code: a field, header or message whose number is one of its figures (times `scale`). */
const OUTPUT: { re: RegExp; value: string; scale?: number }[] = [
  { re: /heartbeat_seconds"?\s*:\s*(\d+)/g, value: "timing.sseHeartbeat" },
  { re: /heartbeatMs\s*=\s*(\d+)/g, value: "timing.sseHeartbeat", scale: 1000 },
  { re: /RateLimit-Limit:\s*(\d+)/gi, value: "limits.apiRate" },
  { re: /member_limit"?\s*:\s*(\d+)/g, value: "limits.teamMembers" },
  { re: /[?&]limit=(\d+)/g, value: "limits.pageSize.max" },
  { re: /did not finish within (\d+) seconds/g, value: "limits.stepTimeout.default" },
  { re: /expires_in"?\s*:\s*(\d+)/g, value: "timing.accessToken.seconds" },
  { re: /\((\d+) of \d+ events\)/g, value: "limits.queue.default" },
];

/**
 * What a language version lacks ("Node 14 has no global `fetch`") stays true of that version, so
 * it is written with the version; it must be the version Brook runs, or the sentence is read again.
 */
const VERSION_RE = /\b(Node|Python|Go) (\d+(?:\.\d+)*)(?:'s [\w`]+)? (?:has no|does not)\b/g;
const RUNTIME: Record<string, string> = {
  Node: "runtimes.node",
  Python: "runtimes.python",
  Go: "runtimes.go",
};

/**
 * The deliberate ones. `text` is part of the line (with the figure, or with the site value a claim
 * rests on); `value` and `was`: the site value the sentence depends on, and what it was then.
 */
interface Deliberate {
  file: string;
  text: string;
  why: string;
  value?: string;
  was?: string;
  /** Figures in another engineer's pages, fixed on their branch: listed until it lands, then deleted. */
  pending?: string;
}

const API =
  "content/api/** is the api engineer's (issue 24): its figures move to values on that branch; delete these entries once it is merged";
const WORKED =
  "a worked example: its other figures are computed from this one, so they change together, by hand";

const DELIBERATE: Deliberate[] = [
  // A heading, and a link that names it: its anchor (#list-the-last-100-errors) is linked from other pages.
  {
    file: "limits.md",
    text: "See [list the last 100 errors]",
    why: "the title of the heading it links to",
    value: "limits.workflowErrors",
    was: "100",
  },

  // An example's own settings, and other services' figures.
  {
    file: "components/quickstart/nodejs/sources.md",
    text: "The `timer` prop makes Brook call `run` every 900 seconds",
    why: "the example component's own timer (its `interval_seconds: 900`), not the step timeout",
  },
  {
    file: "components/quickstart/nodejs/sources.md",
    text: "At 900 seconds the source runs 96 times a day",
    why: "the example component's own timer, and a count computed from it",
    value: "limits.dailyInvocations",
    was: "333 (66 for free orgs)",
  },
  {
    file: "workflows/concurrency-and-throttling.md",
    text: "a CRM whose API allows 10 requests a second",
    why: "another service's rate limit in an example, not Brook's",
  },

  // Worked examples (/pricing/): the rows and sums are computed from the plans' figures.
  {
    file: "pricing.md",
    text: "| free | 9,400 | 10,000 | 0 | $0.00 | $0.00 |",
    why: WORKED,
    value: "plans.included.free",
    was: "10,000",
  },
  {
    file: "pricing.md",
    text: "| pro | 14,200 | 20,000 | 0 | $0.00 | $19.00 |",
    why: WORKED,
    value: "plans.included.pro",
    was: "20,000",
  },
  {
    file: "pricing.md",
    text: "| pro | 14,200 | 20,000 | 0 | $0.00 | $19.00 |",
    why: WORKED,
    value: "plans.price",
    was: "$19",
  },
  {
    file: "pricing.md",
    text: "| pro | 35,000 | 20,000 | 15,000 | $3.00 | $22.00 |",
    why: WORKED,
    value: "plans.perInvocation",
    was: "$0.0002",
  },
  {
    file: "pricing.md",
    text: "| team | 120,000 | 20,000 | 100,000 | $20.00 | $39.00 |",
    why: WORKED,
    value: "plans.included.team",
    was: "20,000",
  },
  {
    file: "pricing.md",
    text: "| enterprise | 250,000 | 100,000 | 150,000 | $30.00 |",
    why: WORKED,
    value: "plans.included.enterprise",
    was: "100,000",
  },
  {
    file: "pricing.md",
    text: "runs 96 times a day, or 2,880 times in 30 days",
    why: "a month counted as 30 days in an estimate, not the inspector's retention",
  },
  {
    file: "pricing.md",
    text: "a source that polls every 10 minutes without starting any workflow (4,320)",
    why: "an example source's own interval, not the worker idle time",
  },
  {
    file: "pricing.md",
    text: "runs 19,200 invocations and pays $19.00",
    why: WORKED,
    value: "plans.price",
    was: "$19",
  },
  {
    file: "pricing.md",
    text: "11,200 above the included 20,000, so the bill is $19.00 + $2.24 = $21.24",
    why: WORKED,
    value: "plans.included.pro",
    was: "20,000",
  },
  {
    file: "pricing.md",
    text: "11,200 above the included 20,000, so the bill is $19.00 + $2.24 = $21.24",
    why: WORKED,
    value: "plans.perInvocation",
    was: "$0.0002",
  },
  {
    file: "pricing.md",
    text: "over 30 days it adds up to about the monthly 10,000",
    why: "the daily cap times a 30-day month, compared with the monthly quota",
    value: "plans.included.free",
    was: "10,000",
  },
  {
    file: "pricing.md",
    text: "over 30 days it adds up to about the monthly 10,000",
    why: "the daily cap times a 30-day month, compared with the monthly quota",
    value: "limits.dailyInvocations",
    was: "333 (66 for free orgs)",
  },

  // Claims that rest on a value without writing it (no literal to find: these are tripwires).
  {
    file: "pricing.md",
    text: "runs 288 times a day: most of a personal free workspace's daily cap, and more than a free org's whole cap",
    why: "compares a count with the daily cap",
    value: "limits.dailyInvocations",
    was: "333 (66 for free orgs)",
  },
  {
    file: "sources/rss.md",
    text: "Checking every 15 minutes uses more than a free org's whole cap on its own",
    why: "compares 96 checks a day with the daily cap",
    value: "limits.dailyInvocations",
    was: "333 (66 for free orgs)",
  },
  {
    file: "workflows/events/cold-starts.md",
    text: "more often than every {{ site.timing.workerIdle }}, for example with a second workflow on a schedule of `*/9 * * * *`",
    why: "the schedule in the example is chosen to beat the idle time",
    value: "timing.workerIdle",
    was: "10 minutes",
  },
  {
    file: "workflows/events/cold-starts.md",
    text: "7 pings an hour, 168 a day, or 336 invocations a day, more than the free plan's whole daily cap",
    why: "compares the pings of the `*/9` schedule with the daily cap",
    value: "limits.dailyInvocations",
    was: "333 (66 for free orgs)",
  },
  {
    file: "api/rest/workflows.md",
    text: "`runtime` is one of `nodejs14`, `python3.8`, `go1.17` or `bash`",
    why: "the API's runtime names, which follow the versions",
    value: "runtimes.node",
    was: "14",
  },
  {
    file: "api/rest/workflows.md",
    text: "`runtime` is one of `nodejs14`, `python3.8`, `go1.17` or `bash`",
    why: "the API's runtime names, which follow the versions",
    value: "runtimes.python",
    was: "3.8",
  },
  {
    file: "api/rest/workflows.md",
    text: "`runtime` is one of `nodejs14`, `python3.8`, `go1.17` or `bash`",
    why: "the API's runtime names, which follow the versions",
    value: "runtimes.go",
    was: "1.17.1",
  },
  {
    file: "code/index.md",
    text: "With the default concurrency of {{ site.limits.concurrency.default }}, events that arrive",
    why: "one execution per worker at a time is what the default of 1 means",
    value: "limits.concurrency.default",
    was: "1",
  },
  {
    file: "workflows/settings.md",
    text: "With the defaults, Brook runs {{ site.limits.concurrency.default }} execution at a time",
    why: "the singular 'execution' reads right for a default of 1",
    value: "limits.concurrency.default",
    was: "1",
  },
  {
    file: "workflows/concurrency-and-throttling.md",
    text: "With the defaults, one execution runs at a time",
    why: "one execution at a time is the default concurrency",
    value: "limits.concurrency.default",
    was: "1",
  },
  {
    file: "apps/hubspot.md",
    text: "Keep the workflow's concurrency at 1, the default",
    why: "the advice is to keep the default",
    value: "limits.concurrency.default",
    was: "1",
  },
  {
    file: "quickstart/run-workflow-on-a-schedule.md",
    text: "On the free plan, keep schedules at every 30 minutes or slower",
    why: "48 runs a day fit a free org's daily cap",
    value: "limits.dailyInvocations",
    was: "333 (66 for free orgs)",
  },
  {
    file: "examples/waiting-to-execute-next-step-of-workflow.md",
    text: "so on a free org stay at hourly or slower",
    why: "24 runs a day fit a free org's daily cap, 96 do not",
    value: "limits.dailyInvocations",
    was: "333 (66 for free orgs)",
  },
  {
    file: "code/nodejs/working-with-files.md",
    text: "a 5MB file already exceeds the {{ site.limits.functionPayload }} limit once encoded",
    why: "5MB grows by a third in base64, past this limit",
    value: "limits.functionPayload",
    was: "6MB",
  },
];

const pages = readdirSync(CONTENT, { recursive: true, encoding: "utf8" })
  .filter((f) => f.endsWith(".md"))
  .map((f) => f.split("\\").join("/"))
  .sort();
const text = new Map(pages.map((f) => [f, readFileSync(join(CONTENT, f), "utf8")]));

/** A figure as a number (`10,000` → 10000), or NaN for text such as `512KB`. */
const num = (s: string | undefined) =>
  s !== undefined && /^\d[\d,]*(?:\.\d+)?$/.test(s) ? Number(s.replace(/,/g, "")) : NaN;

/** Each hand-written figure of one line: what it matched, and where. */
function literals(line: string): { match: string; index: number; value?: string }[] {
  const found: { match: string; index: number; value?: string }[] = [];
  // Values and Brook's own step expressions are not figures; blank them, keeping the columns.
  const plain = line.replace(/\{\{.*?\}\}/g, (m) => " ".repeat(m.length));
  const versions = [...plain.matchAll(VERSION_RE)].map((m) => [m.index, m.index + m[0].length]);
  const inVersion = (i: number) => versions.some(([a, b]) => i >= a! && i < b!);
  for (const re of FIGURES)
    for (const m of plain.matchAll(re))
      if (!inVersion(m.index)) found.push({ match: m[0], index: m.index });
  if (plain.trimStart().startsWith("|")) {
    const cells = plain.split("|").slice(1, -1);
    const label = cells[0] ?? "";
    let at = plain.indexOf("|") + 1 + label.length + 1;
    for (const cell of cells.slice(1)) {
      const bare = cell.replace(/`/g, "").trim();
      for (const row of ROWS.filter((r) => r.label.test(label)))
        for (const key of row.values) {
          const v = VALUES[key];
          if (v === undefined) continue;
          const esc = v.replace(/[.$]/g, "\\$&");
          if (
            bare === v ||
            new RegExp(`\\b(?:up to|at most|maximum|max|default|of)\\s+${esc}\\b`, "i").test(bare)
          )
            found.push({ match: bare, index: at, value: key });
        }
      at += cell.length + 1;
    }
  }
  for (const m of plain.matchAll(ORDINAL_RE)) {
    const n = m[1] ? num(m[1]) : ORDINAL_WORDS[m[2]!.toLowerCase()]!;
    for (const word of m[3]!.split(/\W+/).filter(Boolean))
      for (const o of ORDINALS.filter((o) => o.noun.test(word)))
        for (const key of o.values)
          if (num(VALUES[key]) === n || num(VALUES[key]) + 1 === n)
            found.push({ match: m[0], index: m.index, value: key });
  }
  for (const o of OUTPUT)
    for (const m of plain.matchAll(o.re))
      if (Number(m[1]) === num(VALUES[o.value]) * (o.scale ?? 1))
        found.push({ match: m[0], index: m.index, value: o.value });
  return found;
}

describe("every figure comes from a site value (data/values.ts)", () => {
  it("leaves no literal figure in content/ (frontmatter, prose, tables, ordinals, Brook's output) apart from the deliberate ones", () => {
    const found: string[] = [];
    for (const [file, body] of text) {
      body.split("\n").forEach((line, i) => {
        for (const m of literals(line)) {
          if (
            DELIBERATE.some(
              (d) =>
                d.file === file &&
                line.includes(d.text) &&
                (d.text.includes(m.match) || m.match.includes(d.text)),
            )
          )
            continue;
          found.push(
            `content/${file}:${i + 1}: ${m.match}${m.value ? ` (${m.value})` : ""}  (…${line.slice(Math.max(0, m.index - 40), m.index + m.match.length + 20)}…)`,
          );
        }
      });
    }
    // Write each figure as its site value ({{ site.limits.httpPayload }}), or list it above with why.
    expect(found).toEqual([]);
  });

  it("catches a figure in a table, an ordinal, frontmatter and Brook's output", () => {
    const caught = (line: string) => literals(line).map((m) => m.value ?? m.match);
    expect(caught("| [Team members](/limits/#team-members) | 5 | each org |")).toEqual([
      "limits.teamMembers",
    ]);
    expect(
      caught(
        "| **Concurrency** | how many run at once | 1 | 1 to {{ site.limits.concurrency.max }} |",
      ),
    ).toEqual(["limits.concurrency.default"]);
    expect(caught("The 6th invitation is refused.")).toEqual(["limits.teamMembers"]);
    expect(caught("**Failed** after the third retry.")).toContain("retries.delivery");
    expect(caught('description: "Files up to 512MB in /tmp."')).toEqual(["512MB"]);
    expect(caught('data: {"connection_id":"sse_4k2","heartbeat_seconds":15}')).toEqual([
      "timing.sseHeartbeat",
    ]);
    expect(caught("RateLimit-Limit: 60")).toEqual(["limits.apiRate"]);
    expect(caught("Brook tries three more times.")).toEqual(["three more times"]);
    // Not figures: a value, another number in a row, an ordinal of something else, a version's lack.
    expect(
      caught(
        "| [Team members](/limits/#team-members) | {{ site.limits.teamMembers }} | each org |",
      ),
    ).toEqual([]);
    expect(caught("| `5` | rate limited or quota exceeded | wait |")).toEqual([]);
    expect(caught("The second event stops at `check_sender`.")).toEqual([]);
    expect(caught(`Node ${VALUES["runtimes.node"]} has no global \`fetch\`.`)).toEqual([]);
  });

  it("lists only sentences that are still there", () => {
    const gone = DELIBERATE.filter(
      (d) =>
        !d.pending &&
        !text
          .get(d.file)
          ?.split("\n")
          .some((line) => line.includes(d.text)),
    );
    expect(gone.map((d) => `${d.file}: ${d.text}`)).toEqual([]);
  });

  it("keeps no frontmatter figure: titles and descriptions read site values", () => {
    const frontmatter = DELIBERATE.filter(
      (d) => !d.pending && /^(?:title|description):/.test(d.text),
    );
    expect(frontmatter.map((d) => `${d.file}: ${d.text}`)).toEqual([]);
  });

  it("says what a language version lacks only of the version Brook runs", () => {
    const stale: string[] = [];
    for (const [file, body] of text)
      for (const m of body.replace(/\{\{.*?\}\}/g, "").matchAll(VERSION_RE)) {
        const runs = VALUES[RUNTIME[m[1]!]!]!;
        // "Go 1.17" is said of Go 1.17.1 too.
        if (runs !== m[2] && !runs.startsWith(m[2] + "."))
          stale.push(
            `content/${file}: "${m[0]}" but Brook runs ${m[1]} ${runs}: read the sentence again`,
          );
      }
    expect(stale).toEqual([]);
  });

  it("flags the sentences to read again when a value they rest on changes", () => {
    const stale = DELIBERATE.filter((d) => d.value !== undefined && VALUES[d.value] !== d.was);
    // A value changed: read these sentences again, fix them, then update `was`.
    expect(
      stale.map(
        (d) =>
          `content/${d.file}: "${d.text}" was written for ${d.value} = ${d.was}, now ${VALUES[d.value!] ?? "(gone)"}`,
      ),
    ).toEqual([]);
  });

  it("uses every value, and each page reads only values that exist", () => {
    const values = Object.keys(VALUES);
    const read = new Set(
      [...text.values()].flatMap((body) =>
        [...body.matchAll(/\{\{\s*site\.([\w.]+)\s*\}\}/g)].map((m) => m[1]!),
      ),
    );
    expect(values.filter((v) => !read.has(v))).toEqual([]);
    const readable = siteValuesOf(config);
    expect([...read].filter((v) => !(v in readable))).toEqual([]);
    expect(values.length).toBeGreaterThan(40);
  });
});
