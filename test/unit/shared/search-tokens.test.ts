import { describe, expect, it } from "vitest";
import { chunks, termsOf } from "../../../src/shared/search/tokens.ts";

describe("search tokens", () => {
  it("stems prose words and drops stop words and single letters", () => {
    expect(termsOf("How to schedule the workflows, a step at a time")).toEqual([
      "schedul",
      "workflow",
      "step",
      "time",
    ]);
  });

  it("keeps code-form words whole and indexes their parts", () => {
    expect(termsOf("await ctx.respond({ status: 200 })")).toEqual([
      "await",
      "ctx.respond",
      "ctx",
      "respond",
      "statu",
      "200",
    ]);
    expect(termsOf("X-Brook-Signature")).toEqual(["x-brook-signature", "brook", "signatur"]);
    expect(termsOf("interval_seconds")).toEqual(["interval_seconds", "interv", "second"]);
    expect(termsOf("BrookHttpError and 512KB")).toEqual([
      "brookhttperror",
      "brook",
      "http",
      "error",
      "512kb",
      "512",
      "kb",
    ]);
    expect(termsOf("ETIMEDOUT")).toEqual(["etimedout"]);
  });

  it("keeps identifiers with a sigil whole as well as their words: $steps, @brook/axios, 413", () => {
    expect(termsOf("$steps and $checkpoint")).toEqual([
      "$steps",
      "step",
      "$checkpoint",
      "checkpoint",
    ]);
    expect(termsOf("npm install @brook/axios")).toEqual([
      "npm",
      "instal",
      "@brook/axios",
      "brook",
      "axio",
    ]);
    expect(termsOf("a 413 answer")).toEqual(["413", "answer"]);
  });

  it("leaves out tokens nobody types (hashes, signatures)", () => {
    expect(
      termsOf("sha256=0b5e6a8f1c3d2e4f7a9b8c6d5e4f3a2b1c0d9e8f7a6b5c4d3e2f1a0b9c8d7e6f"),
    ).toEqual(["sha256"]);
  });

  it("splits on punctuation that is not part of a word, in any script", () => {
    expect(chunks("Café — naïve “quotes” and workflow’s end.").map((c) => c.raw)).toEqual([
      "Café",
      "naïve",
      "quotes",
      "workflow",
      "end",
    ]);
  });
});
