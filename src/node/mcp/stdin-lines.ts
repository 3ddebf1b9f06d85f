/**
 * The server's input cut into whole messages, each of at most a size. The protocol SDK's stdio
 * transport closes itself on a line past its 10 MB buffer, and the server then exits as if the
 * assistant had gone; here such a line is dropped instead, with its head and tail kept so that
 * its request can still be answered.
 */
import { Transform } from "node:stream";

/** Bytes of a dropped line kept at each end (an id sits at one end or the other). */
const KEPT = 1024;
const NEWLINE = 0x0a;

/** A line that was too long: its first and last bytes, as text. */
export interface DroppedLine {
  head: string;
  tail: string;
}

/** Lines of the input, one per chunk (newline included), each at most `max` bytes; longer ones go to `onDrop`. */
export function boundedLines(max: number, onDrop: (line: DroppedLine) => void): Transform {
  let parts: Buffer[] = [];
  let bytes = 0;
  let dropped: { head: Buffer; tail: Buffer } | undefined;
  const keepTail = (tail: Buffer, part: Buffer) => {
    const all = Buffer.concat([tail, part]);
    return all.subarray(Math.max(0, all.length - KEPT));
  };
  return new Transform({
    readableObjectMode: true,
    transform(chunk: Buffer, _encoding, done) {
      let rest = chunk;
      while (rest.length) {
        const at = rest.indexOf(NEWLINE);
        const part = at < 0 ? rest : rest.subarray(0, at + 1);
        rest = at < 0 ? rest.subarray(rest.length) : rest.subarray(at + 1);
        if (!dropped && bytes + part.length > max) {
          const head = Buffer.concat([...parts, part.subarray(0, KEPT)]).subarray(0, KEPT);
          dropped = { head: Buffer.from(head), tail: keepTail(Buffer.alloc(0), part) };
          parts = [];
          bytes = 0;
        } else if (dropped) dropped.tail = keepTail(dropped.tail, part);
        else {
          parts.push(part);
          bytes += part.length;
        }
        if (at < 0) continue;
        if (dropped) {
          onDrop({ head: dropped.head.toString("utf8"), tail: dropped.tail.toString("utf8") });
          dropped = undefined;
        } else {
          this.push(Buffer.concat(parts));
          parts = [];
          bytes = 0;
        }
      }
      done();
    },
  });
}

/** The id of a JSON-RPC request from the ends of its text: `{"jsonrpc":"2.0","id":7,…` or `…,"id":7}`. */
export function idOf({ head, tail }: DroppedLine): string | number | undefined {
  const value =
    /^\s*\{\s*"jsonrpc"\s*:\s*"2\.0"\s*,\s*"id"\s*:\s*(-?\d{1,15}|"[^"\\]{0,200}")/.exec(head)?.[1];
  const last = /"id"\s*:\s*(-?\d{1,15}|"[^"\\]{0,200}")\s*\}\s*$/.exec(tail)?.[1];
  const found = value ?? last;
  return found === undefined ? undefined : (JSON.parse(found) as string | number);
}
