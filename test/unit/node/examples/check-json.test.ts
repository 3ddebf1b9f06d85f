import { describe, expect, it } from "vitest";
import { checkJson, checkYaml } from "../../../../src/node/examples/check-json.ts";

describe("json-syntax", () => {
  it("passes JSON that parses", () => {
    expect(checkJson('{ "a": [1, 2], "b": null }')).toEqual([]);
  });

  it("names the line and column of a trailing comma, with its own hint", () => {
    const [p] = checkJson('{\n  "a": 1,\n}');
    expect(p).toMatchObject({ line: 3, column: 1, rule: "json-syntax" });
    expect(p!.hint).toMatch(/trailing comma/);
  });

  it("reports a comment, which JSON does not allow", () => {
    const [p] = checkJson('{\n  // the id\n  "id": 1\n}');
    expect(p).toMatchObject({ line: 2, column: 3, rule: "json-syntax" });
    expect(p!.message).toMatch(/^the JSON does not parse: /);
  });
});

describe("YAML blocks (code-syntax)", () => {
  it("passes YAML that parses and names the line of an error", () => {
    expect(checkYaml("on:\n  push:\n    branches: [main]\n")).toEqual([]);
    const [p] = checkYaml("a: 1\nb: [1, 2\nc: 3\n");
    expect(p).toMatchObject({ rule: "code-syntax", line: 3 });
  });
});
