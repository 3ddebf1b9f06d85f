import { describe, expect, it } from "vitest";
import { escapeUntrusted, escapeUntrustedLines } from "../../../src/shared/untrusted-text.ts";

describe("untrusted text on a terminal or a CI log", () => {
  it("shows line breaks, terminal escapes and other controls as escapes, on one line", () => {
    expect(escapeUntrusted("a\nb\r\tc\x1b[2K\x00\x7f")).toBe("a\\nb\\r\\tc\\x1b[2K\\x00\\x7f");
    // NEL and the C1 CSI, Unicode's line and paragraph separators.
    expect(escapeUntrusted("a\u0085b\u009bc\u2028d\u2029")).toBe("a\\x85b\\x9bc\\u2028d\\u2029");
  });

  it("shows bidirectional controls, which reorder what a reader sees", () => {
    expect(escapeUntrusted("a\u202eb\u2066c\u200fd")).toBe("a\\u202eb\\u2066c\\u200fd");
  });

  it("breaks the runner's older command syntax wherever it stands, and a leading ::", () => {
    expect(escapeUntrusted("see ##[error]forged and ###[x]")).toBe(
      "see #\\x23[error]forged and ##\\x23[x]",
    );
    expect(escapeUntrusted("::error::forged")).toBe("\\x3a:error::forged");
    expect(escapeUntrusted("  ::error::forged")).toBe("  \\x3a:error::forged");
    expect(escapeUntrusted("a ::b")).toBe("a ::b");
  });

  it("leaves printable text, Unicode included, as it is, and changes nothing when applied twice", () => {
    const text = "link to /limits/#http-payload: déjà vu — 10 % ✓";
    expect(escapeUntrusted(text)).toBe(text);
    for (const s of ["a\nb\x1b", "##[error]", "::x", "\u202e"])
      expect(escapeUntrusted(escapeUntrusted(s))).toBe(escapeUntrusted(s));
  });

  it("keeps the line breaks of text the generator wrote, and no line starts a command", () => {
    expect(escapeUntrustedLines("Error: bad\n::error::x\n    at f (a.js:1:2)\r")).toBe(
      "Error: bad\n\\x3a:error::x\n    at f (a.js:1:2)\\r",
    );
  });
});
