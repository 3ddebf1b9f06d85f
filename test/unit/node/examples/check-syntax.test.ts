import { describe, expect, it } from "vitest";
import { checkSyntax } from "../../../../src/node/examples/check-syntax.ts";
import { codeSample } from "../../../helpers/code-sample.ts";

const sample = codeSample;

describe("code-syntax", () => {
  it("passes Python, Go and shell that parse", async () => {
    const found = await checkSyntax([
      sample("python", "def handler(pd):\n    return {'ok': True}\n"),
      sample("go", "package main\n\nfunc main() {}\n"),
      sample("bash", "brook deploy --env prod | tee log.txt\n"),
    ]);
    expect(found).toEqual([[], [], []]);
  });

  it("takes Go statements and declarations shown without their package", async () => {
    const found = await checkSyntax([
      sample("go", "x := 1\nfmt.Println(x)"),
      sample("go", "func f() int { return 1 }"),
    ]);
    expect(found).toEqual([[], []]);
  });

  it("names the line of a Python syntax error", async () => {
    const [found] = await checkSyntax([
      sample("python", "import json\n\ndef handler(pd:\n    return 1\n"),
    ]);
    expect(found![0]).toMatchObject({ rule: "code-syntax", line: 3 });
    expect(found![0]!.message).toMatch(/^the Python does not parse/);
  });

  it("reports Go and shell that do not parse", async () => {
    const found = await checkSyntax([
      sample("go", "package main\nfunc main() { x := }\n"),
      sample("bash", "if [ -f x ]; then\necho hi\n"),
    ]);
    expect(found[0]![0]).toMatchObject({ rule: "code-syntax", line: 2 });
    expect(found[1]![0]).toMatchObject({ rule: "code-syntax" });
  });
});
