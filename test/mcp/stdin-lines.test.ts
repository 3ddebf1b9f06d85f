/** The assistant server's input cut into messages of bounded size (src/node/mcp/stdin-lines.ts). */
import { describe, expect, it } from "vitest";
import { boundedLines, idOf, type DroppedLine } from "../../src/node/mcp/stdin-lines.ts";

/** What `boundedLines(max)` passes on and drops for these chunks of input. */
async function cut(max: number, chunks: string[]) {
  const dropped: DroppedLine[] = [];
  const lines = boundedLines(max, (d) => dropped.push(d));
  const passed: string[] = [];
  lines.on("data", (b: Buffer) => passed.push(b.toString("utf8")));
  const ended = new Promise((resolve) => lines.on("end", resolve));
  for (const c of chunks) lines.write(Buffer.from(c));
  lines.end();
  await ended;
  return { passed, dropped };
}

describe("the server's input", () => {
  it("passes whole lines one at a time, however the chunks fall", async () => {
    const { passed, dropped } = await cut(100, ['{"a":1}\n{"b"', ':2}\n{"c":3}\n{"d"']);
    expect(passed).toEqual(['{"a":1}\n', '{"b":2}\n', '{"c":3}\n']);
    expect(dropped).toEqual([]);
  });

  it("drops a line past the limit, keeping its ends, and goes on with the next", async () => {
    const big = `{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"q":"${"x".repeat(5000)}"}}`;
    const { passed, dropped } = await cut(1000, [big.slice(0, 3000), big.slice(3000) + "\n{}\n"]);
    expect(passed).toEqual(["{}\n"]);
    expect(dropped).toHaveLength(1);
    expect(idOf(dropped[0]!)).toBe(7);
  });

  it("finds a request's id at either end, and none in a nested object", () => {
    const tail = (t: string): DroppedLine => ({ head: '{"method":"x"', tail: t });
    expect(idOf(tail('..."params":{},"jsonrpc":"2.0","id":"a-1"}\n'))).toBe("a-1");
    expect(idOf(tail('..."params":{"id":3}}\n'))).toBeUndefined();
    expect(idOf({ head: '{"jsonrpc":"2.0","id":12,"method":"x"', tail: "xxx" })).toBe(12);
  });
});
