/**
 * Issue 38: the dev server's overlay and terminal are channels too. A save whose heading id holds
 * terminal escapes (erase the line) is reported escaped, as the CLI reports it, and the warnings
 * the build had found come with the error that stopped it (a removed tag's, at its line).
 */
import { afterAll, beforeAll, expect, it } from "vitest";
import { is, LiveClient, save, startDev, type DevFixture } from "./dev-helpers.ts";

let dev: DevFixture;
let live: LiveClient;
beforeAll(async () => {
  dev = await startDev();
  live = await LiveClient.connect(dev.server.url);
});
afterAll(async () => {
  live?.close();
  await dev?.close();
});

it("shows a stranger's error escaped, in the overlay and the terminal, with the warnings the build had found", async () => {
  const from = live.messages.length;
  const page =
    "---\ntitle: Guide\ndescription: A guide.\n---\n\n<span>x</span>\n\n## Id {#a\x1b[2Kb}\n";
  const bad = await save(dev, { "content/guide.md": page });
  expect(bad.outcome.ok).toBe(false);
  const error = await live.waitFor(is.error, from);
  // eslint-disable-next-line no-control-regex
  expect(error.text).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f]/);
  expect(error.text).toMatch(
    /^content\/guide\.md:8:1: heading id '\{#a\\x1b\[2Kb\}' is not a URL-safe id \[heading-id\]$/m,
  );
  expect(error.text).toMatch(
    /^warning: content\/guide\.md:6:1: HTML tag <span> is removed: .* \[raw-html\]$/m,
  );
  expect(dev.logs.error.at(-1)).toContain(error.text);
});
