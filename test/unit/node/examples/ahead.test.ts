/** Checks started while the pages come in (src/node/examples/ahead.ts): batches, the rest at the end, known verdicts skipped. */
import { describe, expect, it } from "vitest";
import { checksAhead } from "../../../../src/node/examples/ahead.ts";
import { verdictKey, type BlockCheck } from "../../../../src/node/examples/block-check.ts";
import { codeSample } from "../../../helpers/code-sample.ts";

const sample = (code: string, lang = "js", noCheck?: string) => codeSample(lang, code, { noCheck });

/** A check that records each batch it was given and answers with one problem per block. */
function recordingCheck(): BlockCheck & { batches: string[][] } {
  const batches: string[][] = [];
  return {
    id: "rec",
    inputs: "1",
    accepts: (lang) => lang === "js",
    batches,
    run: async (samples) => {
      batches.push(samples.map((s) => s.code));
      return samples.map((s) => [{ line: 1, column: 1, rule: "rec", message: s.code, hint: "" }]);
    },
  };
}

const codes = (from: number, n: number) =>
  Array.from({ length: n }, (_, i) => sample(`block ${from + i}`));

describe("checksAhead", () => {
  it("sends blocks in batches while pages come, and what is left when told no more come", async () => {
    const check = recordingCheck();
    const ahead = checksAhead([check], undefined);
    ahead.add(codes(0, 5));
    expect(check.batches).toEqual([]);
    ahead.add(codes(5, 20));
    expect(check.batches.map((b) => b.length)).toEqual([25]);
    ahead.add(codes(25, 3));
    const verdicts = ahead.finish();
    await Promise.all(verdicts.values());
    expect(check.batches.map((b) => b.length)).toEqual([25, 3]);
    const key = verdictKey(check, "js", sample("block 26"));
    expect((await verdicts.get(key))?.[0]?.message).toBe("block 26");
  });

  it("waits for a batch's answer before it sends the next", async () => {
    const check = recordingCheck();
    let release!: () => void;
    const run = check.run;
    check.run = async (samples) => {
      if (!check.batches.length) await new Promise<void>((r) => (release = r));
      return run(samples);
    };
    const ahead = checksAhead([check], undefined);
    ahead.add(codes(0, 20));
    ahead.add(codes(20, 30));
    const verdicts = ahead.finish();
    expect(check.batches).toEqual([]);
    release();
    await Promise.all(verdicts.values());
    expect(check.batches.map((b) => b.length)).toEqual([20, 30]);
  });

  it("once stopped (the build failed), starts no batch: the one under way ends alone", async () => {
    const check = recordingCheck();
    let release!: () => void;
    const run = check.run;
    let answered!: Promise<unknown>;
    check.run = (samples) => {
      const answer = check.batches.length
        ? run(samples)
        : new Promise<void>((r) => (release = r)).then(() => run(samples));
      answered ??= answer;
      return answer;
    };
    const ahead = checksAhead([check], undefined);
    ahead.add(codes(0, 20));
    ahead.add(codes(20, 30));
    ahead.stop();
    ahead.add(codes(50, 30));
    release();
    await answered;
    // What waited was dropped, not sent when the batch under way was answered.
    await new Promise((r) => setImmediate(r));
    expect(check.batches.map((b) => b.length)).toEqual([20]);
  });

  it("skips blocks with a known verdict, opted-out blocks, other languages and repeats", async () => {
    const check = recordingCheck();
    const known = new Map([[verdictKey(check, "js", sample("block 1")), []]]);
    const ahead = checksAhead([check], known);
    ahead.add([
      sample("block 1"),
      sample("block 2", "python"),
      sample("block 3", "js", "an excerpt"),
      sample("block 4"),
      sample("block 4"),
    ]);
    const verdicts = ahead.finish();
    await Promise.all(verdicts.values());
    expect(check.batches).toEqual([["block 4"]]);
    expect([...verdicts.keys()]).toEqual([verdictKey(check, "js", sample("block 4"))]);
  });
});
