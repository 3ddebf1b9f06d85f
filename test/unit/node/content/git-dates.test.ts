import { afterAll, describe, expect, it } from "vitest";
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { lastCommitDates } from "../../../../src/node/content/git-dates.ts";

const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

/** A repository whose content/ has two commits at fixed dates. */
function repo(): string {
  const dir = mkdtempSync(join(tmpdir(), "brook-git-"));
  dirs.push(dir);
  const git = (date: string, ...args: string[]) =>
    execFileSync(
      "git",
      ["-C", dir, "-c", "user.name=T", "-c", "user.email=t@brook.example", ...args],
      { env: { ...process.env, GIT_COMMITTER_DATE: date, GIT_AUTHOR_DATE: date }, stdio: "ignore" },
    );
  git("2026-01-01T00:00:00Z", "init", "-q");
  mkdirSync(join(dir, "content", "guide"), { recursive: true });
  writeFileSync(join(dir, "content", "limits.md"), "one");
  writeFileSync(join(dir, "content", "guide", "index.md"), "one");
  git("2026-03-05T09:30:00+02:00", "add", ".");
  git("2026-03-05T09:30:00+02:00", "commit", "-q", "-m", "first");
  writeFileSync(join(dir, "content", "limits.md"), "two");
  git("2026-11-24T08:11:00+00:00", "commit", "-q", "-am", "second");
  writeFileSync(join(dir, "content", "new.md"), "not committed");
  return dir;
}

describe("lastCommitDates", () => {
  it("gives each file its last commit, from one git log of the folder", () => {
    const dates = lastCommitDates(join(repo(), "content"));
    expect(Object.fromEntries(dates)).toEqual({
      "limits.md": { iso: "2026-11-24T08:11:00+00:00", text: "November 24, 2026" },
      "guide/index.md": { iso: "2026-03-05T09:30:00+02:00", text: "March 5, 2026" },
    });
  });

  it("knows nothing of a folder outside any repository (no dates, no error)", () => {
    const dir = mkdtempSync(join(tmpdir(), "brook-nogit-"));
    dirs.push(dir);
    expect(lastCommitDates(dir).size).toBe(0);
  });
});
