#!/usr/bin/env node
// Runs the CLI from a bundle of src/ (esbuild, made again only when a source file changed), so
// every start skips type-checking and TypeScript loaders.
import { setFlagsFromString } from "node:v8";
import { cliEnvironment, compileCli } from "../scripts/compile-cli.js";
import { V8_FLAGS } from "../scripts/v8-flags.js";

// Before any of the generator's code runs (scripts/v8-flags.js says why).
setFlagsFromString(V8_FLAGS.join(" "));

// A reader that went away (`brook-docs check-links --format json | head`) is not our failure:
// what is left to write is dropped, and the exit code stays the command's.
const closed = new Set();
for (const stream of [process.stdout, process.stderr]) {
  stream.on("error", (e) => {
    if (e.code !== "EPIPE") throw e;
    closed.add(stream);
  });
}

const cli = await compileCli();
// What a caller set wins (a test that points the CLI at other assets).
for (const [name, value] of Object.entries(cliEnvironment())) process.env[name] ??= value;
const { main } = await import(cli);
const code = await main(process.argv.slice(2));
if (code >= 0) {
  // Writes to a pipe are asynchronous: exiting now would cut a long report (`--format json`)
  // at what the pipe took. An empty write's callback runs once everything before it is out.
  const flushed = (stream) =>
    new Promise((done) => {
      if (closed.has(stream) || stream.destroyed) return done();
      stream.once("error", () => done());
      stream.write("", () => done());
    });
  await Promise.all([process.stdout, process.stderr].map(flushed));
  process.exit(code);
}
