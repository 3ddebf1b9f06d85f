/**
 * When each content file last changed, from git: one `git log` for the whole folder (not one a
 * page), newest commit first, so a file's first appearance is its last commit. Deterministic: the
 * committer dates of the history, never a file's mtime. No git, or no history: no dates.
 */
import { execFileSync } from "node:child_process";

/** A page's last update: the ISO date for `<time datetime>`, and its text (`November 24, 2026`). */
export interface LastUpdated {
  iso: string;
  text: string;
}

const MONTHS = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
];

/** Content path (relative to `dir`, `/`-separated) → its last commit, for every file git knows. */
export function lastCommitDates(dir: string): Map<string, LastUpdated> {
  const dates = new Map<string, LastUpdated>();
  let log: string;
  try {
    log = execFileSync(
      "git",
      [
        "-C",
        dir,
        "log",
        "--format=%x00%cI",
        "--name-only",
        "--no-renames",
        "--relative",
        "--",
        ".",
      ],
      {
        encoding: "utf8",
        timeout: 20_000,
        maxBuffer: 256 * 1024 * 1024,
        stdio: ["ignore", "pipe", "ignore"],
      },
    );
  } catch {
    return dates;
  }
  for (const commit of log.split("\0").slice(1)) {
    const [iso, ...files] = commit.split("\n").filter(Boolean);
    if (!iso) continue;
    for (const file of files) if (!dates.has(file)) dates.set(file, { iso, text: dateText(iso) });
  }
  return dates;
}

/** `2026-11-24T08:11:00+01:00` → `November 24, 2026` (the date where it was committed). */
function dateText(iso: string): string {
  const [y, m, d] = iso.slice(0, 10).split("-").map(Number) as [number, number, number];
  return `${MONTHS[m - 1]} ${d}, ${y}`;
}
