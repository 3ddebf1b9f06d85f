import { describe, expect, it } from "vitest";
import { escapeData, escapeProperty, githubCommand } from "../../../../src/node/report/github.ts";
import { gitlabCodeQuality } from "../../../../src/node/report/gitlab.ts";
import { jsonReportText, type JsonReport } from "../../../../src/node/report/json.ts";
import { errorDiagnostics, withSeverity } from "../../../../src/node/report/outcome.ts";
import {
  BrookError,
  ContentError,
  formatDiagnostic,
  formatError,
} from "../../../../src/node/core/errors.ts";
import { summaryLine } from "../../../../src/node/examples/summary.ts";

/** A diagnostic whose every field a stranger wrote: line breaks, a command, terminal escapes. */
const HOSTILE = {
  file: "content/a.md",
  line: 3,
  column: 1,
  rule: "broken-link",
  severity: "warning" as const,
  message: "link to /x\n::error file=site.config.ts::forged\n/ \x1b[2K##[error]y",
  hint: "fix\r::warning::it",
};

describe("GitHub workflow commands", () => {
  it("escapes the message as GitHub documents: %, CR, LF", () => {
    expect(escapeData("100% done\r\nnext: a, b")).toBe("100%25 done%0D%0Anext: a, b");
  });

  it("escapes properties further: : and ,", () => {
    expect(escapeProperty("content/a:b,c%.md")).toBe("content/a%3Ab%2Cc%25.md");
  });

  it("writes file, line, col and the rule as title; the hint is the message's second line", () => {
    expect(
      githubCommand({
        file: "content/a,b.md",
        line: 12,
        column: 3,
        rule: "broken-link",
        severity: "error",
        message: "link to /x/: 50% off",
        hint: "fix it",
      }),
    ).toBe(
      "::error file=content/a%2Cb.md,line=12,col=3,title=broken-link::link to /x/: 50%25 off%0Ahint: fix it",
    );
  });

  it("leaves out what a diagnostic does not know", () => {
    expect(
      githubCommand({
        file: "site.config.ts",
        rule: "config",
        severity: "warning",
        message: "title: too long",
      }),
    ).toBe("::warning file=site.config.ts,title=config::title: too long");
    expect(
      githubCommand({
        file: "content/a.md",
        column: 4,
        rule: "x",
        severity: "error",
        message: "m",
      }),
    ).toBe("::error file=content/a.md,title=x::m");
  });
});

describe("a stranger's text in a diagnostic (issue 38)", () => {
  it("the terminal shows it escaped, one line for the message and one for the hint", () => {
    expect(formatDiagnostic(HOSTILE)).toBe(
      "content/a.md:3:1: link to /x\\n::error file=site.config.ts::forged\\n/ \\x1b[2K#\\x23[error]y [broken-link]\n" +
        "  hint: fix\\r::warning::it",
    );
  });

  it("a workflow command carries it escaped: the only line break is the one before the hint", () => {
    expect(githubCommand(HOSTILE)).toBe(
      "::warning file=content/a.md,line=3,col=1,title=broken-link::link to /x\\n::error file=site.config.ts::forged\\n/ \\x1b[2K#\\x23[error]y%0Ahint: fix\\r::warning::it",
    );
  });

  it("the code-quality report too", () => {
    expect(gitlabCodeQuality([HOSTILE])[0]!.description).toBe(
      "link to /x\\n::error file=site.config.ts::forged\\n/ \\x1b[2K#\\x23[error]y",
    );
  });

  it("an error's lines are escaped each on its own: no line starts a command", () => {
    const config = new BrookError("site.config.ts: 1 problem\n  a\n::error::forged\x1b", "fix");
    expect(formatError(config)).toBe(
      "site.config.ts: 1 problem\n  a\n\\x3a:error::forged\\x1b\n  hint: fix",
    );
    const bug = new Error("read ##[error]x\n::warning::y");
    expect(formatError(bug).split("\n").slice(0, 2)).toEqual([
      "Internal error: Error: read #\\x23[error]x",
      "\\x3a:warning::y",
    ]);
  });

  it("the JSON report's text holds no character a log acts on, and reads back exactly", () => {
    const report = { note: "a\x1b\u0085\u202e##[error]b" } as unknown as JsonReport;
    const text = jsonReportText(report);
    expect(text).toBe('{\n  "note": "a\\u001b\\u0085\\u202e#\\u0023[error]b"\n}');
    expect(JSON.parse(text)).toEqual(report);
  });

  it("the examples' summary names a fence's language escaped", () => {
    expect(
      summaryLine({ checked: {}, unchecked: { "##[error]x\x1b": 1 }, optedOut: 0, fresh: 0 }),
    ).toBe("checked 0 code blocks (0 opted out; not checked: #\\x23[error]x\\x1b 1)");
  });
});

describe("GitLab code quality", () => {
  const d = {
    file: "content/a.md",
    line: 3,
    rule: "broken-link",
    severity: "error" as const,
    message: "link to /x/ matches no page",
  };

  it("keeps a problem's fingerprint when its line moves, and tells identical problems apart", () => {
    const [first] = gitlabCodeQuality([d]);
    const [moved] = gitlabCodeQuality([{ ...d, line: 9 }]);
    expect(moved!.fingerprint).toBe(first!.fingerprint);
    const twice = gitlabCodeQuality([d, { ...d, line: 5 }]);
    expect(twice[0]!.fingerprint).not.toBe(twice[1]!.fingerprint);
  });

  it("maps errors to major, warnings to minor, and a missing line to 1", () => {
    expect(gitlabCodeQuality([{ ...d, line: undefined, severity: "warning" }])).toEqual([
      {
        description: d.message,
        check_name: "broken-link",
        fingerprint: expect.stringMatching(/^[0-9a-f]{32}$/),
        severity: "minor",
        location: { path: "content/a.md", lines: { begin: 1 } },
      },
    ]);
  });
});

describe("diagnostics of a run", () => {
  it("keep a severity set by the stage, else take the fallback", () => {
    expect(
      withSeverity(
        [
          { file: "a", rule: "r", message: "m" },
          { file: "b", rule: "r", message: "m", severity: "error" },
        ],
        "warning",
      ).map((x) => x.severity),
    ).toEqual(["warning", "error"]);
  });

  it("come from a content error's diagnostics, a config error's, or the error itself", () => {
    const content = new ContentError([
      { file: "content/a.md", line: 1, rule: "yaml", message: "bad" },
    ]);
    expect(errorDiagnostics(content, "content")).toEqual([
      { file: "content/a.md", line: 1, rule: "yaml", message: "bad", severity: "error" },
    ]);
    const config = new BrookError("site.config.ts: 1 problem in the config\n  title: x", "fix it", {
      diagnostics: [{ file: "site.config.ts", rule: "config", message: "title: x" }],
    });
    expect(errorDiagnostics(config, "content")).toEqual([
      { file: "site.config.ts", rule: "config", message: "title: x", severity: "error" },
    ]);
    expect(
      errorDiagnostics(new BrookError("cannot read the content folder", "pass one"), "content"),
    ).toEqual([
      {
        file: "content",
        rule: "error",
        message: "cannot read the content folder",
        hint: "pass one",
        severity: "error",
      },
    ]);
    // A failed build's warnings come with its errors.
    const withWarnings = new ContentError(
      [{ file: "content/a.md", line: 1, rule: "yaml", message: "bad" }],
      [{ file: "content/b.md", line: 2, rule: "raw-html", message: "removed" }],
    );
    expect(errorDiagnostics(withWarnings, "content").map((x) => [x.file, x.severity])).toEqual([
      ["content/b.md", "warning"],
      ["content/a.md", "error"],
    ]);
    expect(errorDiagnostics(new TypeError("x is undefined"), "content")).toEqual([
      {
        file: "content",
        rule: "internal-error",
        message: "Internal error: x is undefined",
        severity: "error",
      },
    ]);
  });
});
