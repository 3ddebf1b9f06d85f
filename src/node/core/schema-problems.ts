/** How a problem a zod schema found in a file of ours is told: its path (`sidebar[2].items`) and message. */
import type { z } from "zod";

/** `sidebar[2].items`, or `(root)`. */
export function formatPath(path: PropertyKey[]): string {
  return (
    path.reduce<string>(
      (acc, key) =>
        typeof key === "number" ? `${acc}[${key}]` : acc ? `${acc}.${String(key)}` : String(key),
      "",
    ) || "(root)"
  );
}

/** The message of one of the schema's issues. */
export function issueMessage(issue: z.core.$ZodIssue): string {
  if (issue.code === "unrecognized_keys")
    return `unknown key${issue.keys.length > 1 ? "s" : ""} ${issue.keys.map((k) => `'${k}'`).join(", ")} (remove or rename)`;
  return issue.message;
}
