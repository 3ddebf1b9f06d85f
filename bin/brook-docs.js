#!/usr/bin/env node
// Runs the CLI from a bundle of src/ (esbuild, made again only when a source file changed), so
// every start skips type-checking and TypeScript loaders.
import { compileCli } from "../scripts/compile-cli.js";

const cli = await compileCli();
const { main } = await import(cli);
const code = await main(process.argv.slice(2));
if (code >= 0) process.exit(code);
