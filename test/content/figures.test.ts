/**
 * Every figure the docs state comes from a site value (data/values.ts), so a figure is written
 * once (issue 16). This test reads content/ for the figures as prose writes them and fails on
 * any that is still literal, except the deliberate ones below, each with why. A deliberate
 * literal, and a sentence whose claim rests on a value (a worked bill, a "that is more than the
 * cap"), names the value and what it was when the sentence was written: change that value and
 * this test lists the sentences to read again.
 */
import { describe, expect, it } from "vitest";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { loadConfig } from "../../src/config/load.ts";
import { flattenSiteValues } from "../../src/content/site-values.ts";
import { ROOT } from "../helpers/site.ts";

const CONTENT = join(ROOT, "content");

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
];

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
}

const FRONTMATTER = "frontmatter: site values are read in a page's body only, and the title and description are plain text";
const EXAMPLE_OUTPUT = "an example's output: what Brook printed for that example workflow, with its own settings";
const VERSION = "about the language version itself (what it lacks), true of that version whatever Brook runs: read it again when the runtime changes";
const WORKED = "a worked example: its other figures are computed from this one, so they change together, by hand";

const DELIBERATE: Deliberate[] = [
  // Frontmatter.
  { file: "code/go.md", text: 'description: "Write Go 1.17.1 steps', why: FRONTMATTER, value: "runtimes.go", was: "1.17.1" },
  { file: "code/python.md", text: 'description: "Write Python 3.8 steps', why: FRONTMATTER, value: "runtimes.python", was: "3.8" },
  { file: "code/nodejs/http-requests.md", text: "results kept under the 6MB limit", why: FRONTMATTER, value: "limits.functionPayload", was: "6MB" },
  { file: "code/nodejs/working-with-files.md", text: "within the 512MB and 6MB limits", why: FRONTMATTER, value: "limits.tmp", was: "512MB" },
  { file: "code/nodejs/working-with-files.md", text: "within the 512MB and 6MB limits", why: FRONTMATTER, value: "limits.functionPayload", was: "6MB" },
  { file: "destinations/email.md", text: "a subject plus text or HTML, up to 30MB", why: FRONTMATTER, value: "limits.emailPayload", was: "30MB" },
  { file: "orgs/index.md", text: "roles, the 5-member limit", why: FRONTMATTER, value: "limits.teamMembers", was: "5" },
  { file: "sources/http.md", text: "the 512KB payload limit", why: FRONTMATTER, value: "limits.httpPayload", was: "512KB" },

  // A heading, and a link that names it: its anchor (#list-the-last-100-errors) is linked from other pages.
  { file: "limits.md", text: "See [list the last 100 errors]", why: "the title of the heading it links to", value: "limits.workflowErrors", was: "100" },

  // What a language version lacks.
  { file: "apps/zoom.md", text: "# Python 3.8's fromisoformat does not accept", why: VERSION, value: "runtimes.python", was: "3.8" },
  { file: "code/go.md", text: "Go 1.17 has no generics", why: VERSION, value: "runtimes.go", was: "1.17.1" },
  { file: "code/nodejs/http-requests.md", text: "Node 14 has no global `fetch`", why: VERSION, value: "runtimes.node", was: "14" },
  { file: "code/nodejs/working-with-files.md", text: "Node 14 has no `stream/promises`", why: VERSION, value: "runtimes.node", was: "14" },
  { file: "code/python.md", text: "Python 3.8 has no `match` statement", why: VERSION, value: "runtimes.python", was: "3.8" },
  { file: "limits.md", text: "Node 14 has no global `fetch`", why: VERSION, value: "runtimes.node", was: "14" },
  { file: "limits.md", text: "Python 3.8 has no `match` statement", why: VERSION, value: "runtimes.python", was: "3.8" },
  { file: "limits.md", text: "Go 1.17 has no generics", why: VERSION, value: "runtimes.go", was: "1.17.1" },
  { file: "troubleshooting.md", text: "Node 14 has no global `fetch`", why: VERSION, value: "runtimes.node", was: "14" },
  { file: "troubleshooting.md", text: "Python 3.8 has no `match` statement", why: VERSION, value: "runtimes.python", was: "3.8" },
  { file: "troubleshooting.md", text: "Go 1.17.1 has no `any`", why: VERSION, value: "runtimes.go", was: "1.17.1" },
  { file: "workflows/settings.md", text: "Node 14 has no global `fetch`", why: VERSION, value: "runtimes.node", was: "14" },
  { file: "workflows/settings.md", text: "Python 3.8 has no `match` statement", why: VERSION, value: "runtimes.python", was: "3.8" },
  { file: "workflows/settings.md", text: "Go 1.17 has no generics", why: VERSION, value: "runtimes.go", was: "1.17.1" },

  // Example outputs.
  { file: "errors.md", text: "`Step post_digest did not finish within 60 seconds`", why: EXAMPLE_OUTPUT },
  { file: "errors.md", text: "message `The event queue was full (100 of 100 events)", why: EXAMPLE_OUTPUT },
  { file: "notebook/dollar-event.md", text: '"message": "Step push_to_crm did not finish within 60 seconds"', why: EXAMPLE_OUTPUT },
  { file: "workflows/error-handling/global-error-workflow.md", text: '"message": "Step push_to_crm did not finish within 60 seconds"', why: EXAMPLE_OUTPUT },
  { file: "workflows/error-handling/global-error-workflow.md", text: "`The event queue was full (100 of 100 events)", why: EXAMPLE_OUTPUT },

  // An example's own settings, and other services' figures.
  { file: "components/quickstart/nodejs/sources.md", text: "The `timer` prop makes Brook call `run` every 900 seconds", why: "the example component's own timer (its `interval_seconds: 900`), not the step timeout" },
  { file: "components/quickstart/nodejs/sources.md", text: "At 900 seconds the source runs 96 times a day", why: "the example component's own timer, and a count computed from it", value: "limits.dailyInvocations", was: "333 (66 for free orgs)" },
  { file: "workflows/concurrency-and-throttling.md", text: "a CRM whose API allows 10 requests a second", why: "another service's rate limit in an example, not Brook's" },

  // Worked examples (/pricing/): the rows and sums are computed from the plans' figures.
  { file: "pricing.md", text: "| free | 9,400 | 10,000 | 0 | $0.00 | $0.00 |", why: WORKED, value: "plans.included.free", was: "10,000" },
  { file: "pricing.md", text: "| pro | 14,200 | 20,000 | 0 | $0.00 | $19.00 |", why: WORKED, value: "plans.included.pro", was: "20,000" },
  { file: "pricing.md", text: "| pro | 14,200 | 20,000 | 0 | $0.00 | $19.00 |", why: WORKED, value: "plans.price", was: "$19" },
  { file: "pricing.md", text: "| pro | 35,000 | 20,000 | 15,000 | $3.00 | $22.00 |", why: WORKED, value: "plans.perInvocation", was: "$0.0002" },
  { file: "pricing.md", text: "| team | 120,000 | 20,000 | 100,000 | $20.00 | $39.00 |", why: WORKED, value: "plans.included.team", was: "20,000" },
  { file: "pricing.md", text: "| enterprise | 250,000 | 100,000 | 150,000 | $30.00 |", why: WORKED, value: "plans.included.enterprise", was: "100,000" },
  { file: "pricing.md", text: "runs 96 times a day, or 2,880 times in 30 days", why: "a month counted as 30 days in an estimate, not the inspector's retention" },
  { file: "pricing.md", text: "a source that polls every 10 minutes without starting any workflow (4,320)", why: "an example source's own interval, not the worker idle time" },
  { file: "pricing.md", text: "runs 19,200 invocations and pays $19.00", why: WORKED, value: "plans.price", was: "$19" },
  { file: "pricing.md", text: "11,200 above the included 20,000, so the bill is $19.00 + $2.24 = $21.24", why: WORKED, value: "plans.included.pro", was: "20,000" },
  { file: "pricing.md", text: "11,200 above the included 20,000, so the bill is $19.00 + $2.24 = $21.24", why: WORKED, value: "plans.perInvocation", was: "$0.0002" },
  { file: "pricing.md", text: "over 30 days it adds up to about the monthly 10,000", why: "the daily cap times a 30-day month, compared with the monthly quota", value: "plans.included.free", was: "10,000" },
  { file: "pricing.md", text: "over 30 days it adds up to about the monthly 10,000", why: "the daily cap times a 30-day month, compared with the monthly quota", value: "limits.dailyInvocations", was: "333 (66 for free orgs)" },

  // Claims that rest on a value without writing it (no literal to find: these are tripwires).
  { file: "pricing.md", text: "runs 288 times a day: most of a personal free workspace's daily cap, and more than a free org's whole cap", why: "compares a count with the daily cap", value: "limits.dailyInvocations", was: "333 (66 for free orgs)" },
  { file: "sources/rss.md", text: "Checking every 15 minutes uses more than a free org's whole cap on its own", why: "compares 96 checks a day with the daily cap", value: "limits.dailyInvocations", was: "333 (66 for free orgs)" },
  { file: "workflows/events/cold-starts.md", text: "more often than every 10 minutes, for example with a second workflow on a schedule of `*/9 * * * *`", why: "the schedule in the example is chosen to beat the idle time", value: "timing.workerIdle", was: "10 minutes" },
  { file: "workflows/events/cold-starts.md", text: "One ping every 9 minutes is 160 pings, or 320 invocations a day", why: "compares the pings with the daily cap", value: "limits.dailyInvocations", was: "333 (66 for free orgs)" },
  { file: "api/rest/index.md", text: "`runtime` is one of `nodejs14`, `python3.8`, `go1.17` or `bash`", why: "the API's runtime names, which follow the versions", value: "runtimes.node", was: "14" },
  { file: "api/rest/index.md", text: "`runtime` is one of `nodejs14`, `python3.8`, `go1.17` or `bash`", why: "the API's runtime names, which follow the versions", value: "runtimes.python", was: "3.8" },
  { file: "api/rest/index.md", text: "`runtime` is one of `nodejs14`, `python3.8`, `go1.17` or `bash`", why: "the API's runtime names, which follow the versions", value: "runtimes.go", was: "1.17.1" },
  { file: "code/nodejs/working-with-files.md", text: "a 5MB file already exceeds the {{ site.limits.functionPayload }} limit once encoded", why: "5MB grows by a third in base64, past this limit", value: "limits.functionPayload", was: "6MB" },
];

const pages = readdirSync(CONTENT, { recursive: true, encoding: "utf8" })
  .filter((f) => f.endsWith(".md"))
  .map((f) => f.split("\\").join("/"))
  .sort();
const text = new Map(pages.map((f) => [f, readFileSync(join(CONTENT, f), "utf8")]));

describe("every figure comes from a site value (data/values.ts)", () => {
  it("leaves no literal figure in content/ apart from the deliberate ones", () => {
    const found: string[] = [];
    for (const [file, body] of text) {
      body.split("\n").forEach((line, i) => {
        for (const re of FIGURES) {
          for (const m of line.matchAll(re)) {
            if (DELIBERATE.some((d) => d.file === file && line.includes(d.text) && d.text.includes(m[0]))) continue;
            found.push(`content/${file}:${i + 1}: ${m[0]}  (…${line.slice(Math.max(0, m.index - 40), m.index + m[0].length + 20)}…)`);
          }
        }
      });
    }
    // Write each figure as its site value ({{ site.limits.httpPayload }}), or list it above with why.
    expect(found).toEqual([]);
  });

  it("lists only sentences that are still there", () => {
    const gone = DELIBERATE.filter((d) => !text.get(d.file)?.split("\n").some((line) => line.includes(d.text)));
    expect(gone.map((d) => `${d.file}: ${d.text}`)).toEqual([]);
  });

  it("flags the sentences to read again when a value they rest on changes", async () => {
    const { config } = await loadConfig(undefined, ROOT, CONTENT);
    const values = flattenSiteValues(config.values);
    const stale = DELIBERATE.filter((d) => d.value !== undefined && values[d.value] !== d.was);
    // A value changed: read these sentences again, fix them, then update `was`.
    expect(stale.map((d) => `content/${d.file}: "${d.text}" was written for ${d.value} = ${d.was}, now ${values[d.value!] ?? "(gone)"}`)).toEqual([]);
  });

  it("uses every value, and each page reads only values that exist", async () => {
    const { config } = await loadConfig(undefined, ROOT, CONTENT);
    const values = Object.keys(flattenSiteValues(config.values));
    const read = new Set([...text.values()].flatMap((body) => [...body.matchAll(/\{\{\s*site\.([\w.]+)\s*\}\}/g)].map((m) => m[1]!)));
    expect(values.filter((v) => !read.has(v))).toEqual([]);
    expect(values.length).toBeGreaterThan(40);
  });
});
