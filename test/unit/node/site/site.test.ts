import { describe, expect, it } from "vitest";
import {
  flattenSidebar,
  generateSidebar,
  resolveSidebar,
} from "../../../../src/node/site/sidebar.ts";
import { checkRedirectAnchors, resolveRedirects } from "../../../../src/node/site/redirects.ts";
import { checkLink } from "../../../../src/node/core/link-rules.ts";
import { propose } from "../../../../src/shared/similar.ts";

describe("sidebar", () => {
  const titles = new Map([
    ["/", "Home"],
    ["/a/", "A"],
    ["/a/b/", "B"],
    ["/c/", "C"],
  ]);

  it("resolves routes to page titles and keeps groups", () => {
    const { sidebar, diagnostics } = resolveSidebar(
      [{ text: "G", link: "/a/", items: ["/a/b/"] }, "/c/"],
      titles,
      "site.config.ts",
    );
    expect(diagnostics).toEqual([]);
    expect(sidebar).toEqual([
      {
        kind: "group",
        text: "G",
        route: "/a/",
        items: [{ kind: "page", text: "B", route: "/a/b/" }],
      },
      { kind: "page", text: "C", route: "/c/" },
    ]);
    expect(flattenSidebar(sidebar).map((l) => l.route)).toEqual(["/a/", "/a/b/", "/c/"]);
  });

  it("names the config path of an unknown route, with a suggestion", () => {
    const { diagnostics } = resolveSidebar(
      [{ text: "G", items: ["/a/bb/"] }],
      titles,
      "site.config.ts",
    );
    expect(diagnostics[0]!.message).toBe(
      "sidebar entry sidebar[0].items[0] points to /a/bb/, which matches no page; did you mean /a/b/?",
    );
  });

  it("generates a sidebar from the folder tree, titled by index pages", () => {
    const tree = generateSidebar([
      { route: "/", title: "Home" },
      { route: "/s1/", title: "Section 1" },
      { route: "/s1/p1/", title: "P1" },
      { route: "/s1/part/", title: "Part" },
      { route: "/s1/part/p2/", title: "P2" },
      { route: "/top/", title: "Top" },
    ]);
    expect(tree).toEqual([
      { kind: "page", text: "Home", route: "/" },
      { kind: "page", text: "Top", route: "/top/" },
      {
        kind: "group",
        text: "Section 1",
        route: "/s1/",
        items: [
          { kind: "page", text: "P1", route: "/s1/p1/" },
          {
            kind: "group",
            text: "Part",
            route: "/s1/part/",
            items: [{ kind: "page", text: "P2", route: "/s1/part/p2/" }],
          },
        ],
      },
    ]);
  });
});

describe("redirects", () => {
  const ids = new Map([
    ["/a/", new Set(["h", "setup"])],
    ["/b/", new Set<string>()],
  ]);
  const routes = new Set(ids.keys());
  it("normalises sources to the slash form", () => {
    expect(resolveRedirects([{ from: "/x", to: "/a/#h" }], routes, "c").redirects).toEqual([
      { from: "/x/", to: "/a/#h" },
    ]);
  });
  it("rejects missing targets, chains, loops, duplicates and shadowed pages", () => {
    const { diagnostics } = resolveRedirects(
      [
        { from: "/x", to: "/zz/" },
        { from: "/y", to: "/x/" },
        { from: "/l", to: "/l/" },
        { from: "/x/", to: "/a/" },
        { from: "/a", to: "/b/" },
      ],
      routes,
      "c",
    );
    expect(diagnostics.map((d) => d.message)).toEqual([
      "redirects[3]: /x/ is already redirected by redirects[0]",
      "redirects[4]: /a is a page; a redirect would hide it",
      "redirects[0]: /x/ redirects to /zz/, which matches no page",
      "redirects[1]: /y/ lands on /x/, which redirects again (a chain)",
      "redirects[2]: /l/ redirects to itself (a loop)",
      "redirects[3]: /x/ lands on /a/, which redirects again (a chain)",
    ]);
  });
  it("rejects a target anchor the page does not have, with a suggestion", () => {
    const { redirects, diagnostics } = resolveRedirects(
      [{ from: "/x", to: "/a/#setpu" }],
      routes,
      "c",
    );
    expect(diagnostics).toEqual([]);
    expect(checkRedirectAnchors(redirects, ids, "c").map((d) => d.message)).toEqual([
      "redirects[0]: /x/ redirects to /a/#setpu, but /a/ has no heading #setpu; did you mean #setup?",
    ]);
  });
});

describe("links", () => {
  const t = {
    base: "/docs/v2/",
    pages: new Map([
      ["/limits/", new Set(["memory"])],
      ["/", new Set<string>()],
    ]),
    redirects: new Map([["/old/", "/limits/#memory"]]),
    files: new Set(["/favicon.svg"]),
  };
  it("accepts pages, anchors, redirects, base paths and files", () => {
    for (const url of [
      "/limits/",
      "/limits",
      "/limits/#memory",
      "/docs/v2/limits/",
      "/old/",
      "/old",
      "/favicon.svg",
      "/",
      "/limits/index.html",
    ])
      expect(checkLink(url, t), url).toBeUndefined();
  });
  it("explains broken pages and anchors with suggestions", () => {
    expect(checkLink("/limit/", t)!.message).toBe(
      "link to /limit/ matches no page; did you mean /limits/?",
    );
    expect(checkLink("/limits/#memry", t)!.message).toBe(
      "link to /limits/#memry: /limits/ has no heading #memry; did you mean #memory?",
    );
  });
  it("proposes only close candidates", () => {
    expect(propose("/limts/", ["/limits/", "/errors/"])).toBe("/limits/");
    expect(propose("/zzz/", ["/limits/"])).toBeUndefined();
  });
});
