/** Files this thread leaves for the page workers to read (the site data, the API's description). */
import { existsSync, mkdirSync, renameSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";

/** A file for the workers to read, named by its content's hash: written once, atomically; its path. */
export function workerFile(dir: string, name: string, text: string): string {
  const path = join(dir, name);
  if (existsSync(path)) return path;
  mkdirSync(dirname(path), { recursive: true });
  const tmp = `${path}.${process.pid}`;
  writeFileSync(tmp, text);
  renameSync(tmp, path);
  return path;
}
