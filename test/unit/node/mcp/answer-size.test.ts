import { describe, expect, it } from "vitest";
import { cutAtBlock, cutLines, quoteInput } from "../../../../src/node/mcp/answer-size.ts";

describe("quoteInput", () => {
  it("quotes a short input whole and a long one by its first 80 characters and its length", () => {
    expect(quoteInput("/limts/")).toBe('"/limts/"');
    expect(quoteInput("x".repeat(50_000))).toBe(`"${"x".repeat(80)}…" (50,000 characters)`);
  });
});

describe("cutAtBlock", () => {
  it("cuts at the last blank line outside code within the bound, and says where the rest starts", () => {
    const text = "para one\n\n```\na\n\nb\n```\n\npara two";
    expect(cutAtBlock(text, 1000)).toEqual({ text });
    const cut = cutAtBlock(text, 22);
    // The blank line inside the code block is no place to cut.
    expect(cut).toEqual({ text: "para one", rest: 9 });
    expect(text.slice(cut.rest!).trimStart().startsWith("```")).toBe(true);
  });

  it("cuts a single long line at a space", () => {
    const cut = cutAtBlock("word ".repeat(100), 52);
    expect(cut.text.length).toBeLessThanOrEqual(52);
    expect(cut.text.endsWith("word")).toBe(true);
  });
});

describe("cutLines", () => {
  it("keeps the lines that fit beside the line that says how many it left out", () => {
    const lines = ["- one", "- two", "- three"];
    expect(cutLines(lines, 100, (n) => `${n} more`)).toBe("- one\n- two\n- three");
    expect(cutLines(lines, 18, (n) => `${n} more`)).toBe("- one\n- two\n1 more");
    expect(cutLines(lines, 17, (n) => `${n} more`)).toBe("- one\n2 more");
    for (let max = 6; max < 30; max++)
      expect(cutLines(lines, max, (n) => `${n} more`).length).toBeLessThanOrEqual(max);
  });
});
