/** A finished build as check-links reads it: its files, its HTML scanned, its host files parsed. */
import { existsSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { BrookError } from "../core/errors.ts";
import { entriesUnder } from "../core/entries-under.ts";
import { parseRedirects, type RedirectRules } from "../static-host/host-rules.ts";
import { decodeRequestPath } from "../static-host/request-path.ts";
import { resolveRequest } from "../static-host/url-rules.ts";
import { scanHtml, type AttributeMemo, type ScannedHtml } from "./scan-html.ts";

/** Where a URL lands in the build, after the URL rules and redirects. */
export type Landing =
  | { ok: true; file: string; hash: string; redirects: number; html?: ScannedHtml }
  | { ok: false; why: "not-found" | "too-many-redirects" | "bad-path"; redirects: number };

/** The build folder, read once. */
export class BuiltSite {
  /** Site paths of every file: `/docs/v2/limits/index.html`. */
  readonly files = new Set<string>();
  /** Scanned HTML files by site path. */
  readonly html = new Map<string, { text: string; scan: ScannedHtml }>();
  /** The `_redirects` rules, read once: the URL rules follow them, and check-links checks each. */
  readonly redirects: RedirectRules;
  private readonly landings = new Map<string, Promise<Landing>>();
  private readonly settled = new Map<string, Landing>();

  constructor(readonly root: string) {
    if (!existsSync(root) || !statSync(root).isDirectory()) {
      throw new BrookError(
        `build folder ${root} does not exist`,
        "run `brook-docs build` first, or pass the folder: brook-docs check-links DIR",
      );
    }
    const memo: AttributeMemo = new Map();
    for (const e of entriesUnder(root)) {
      if (!e.file) continue;
      const path = "/" + e.path;
      this.files.add(path);
      if (path.endsWith(".html")) {
        const text = readFileSync(join(root, e.path), "utf8");
        this.html.set(path, { text, scan: scanHtml(text, memo) });
      }
    }
    this.redirects = parseRedirects(
      this.files.has("/_redirects") ? readFileSync(join(root, "_redirects"), "utf8") : "",
    );
  }

  /** A file's text (non-HTML files are read when asked). */
  text(path: string): string | undefined {
    const hit = this.html.get(path);
    if (hit) return hit.text;
    return this.files.has(path) ? readFileSync(join(this.root, path), "utf8") : undefined;
  }

  /**
   * Follows an absolute site path (`/docs/v2/x/?q#h`) through the URL rules as a good static host
   * would; stops after `maxRedirects` hops.
   */
  land(target: string, maxRedirects = 5): Promise<Landing> {
    // The same targets come back on every page (sidebar, header): follow each once.
    const key = `${maxRedirects}\0${target}`;
    let landing = this.landings.get(key);
    if (!landing) {
      this.landings.set(key, (landing = this.follow(target, maxRedirects)));
      void landing.then((l) => this.settled.set(key, l));
    }
    return landing;
  }

  /** Where `target` landed, when an earlier `land` of it has settled: tens of thousands of links skip an await. */
  landed(target: string, maxRedirects = 5): Landing | undefined {
    return this.settled.get(`${maxRedirects}\0${target}`);
  }

  private async follow(target: string, maxRedirects: number): Promise<Landing> {
    const exists = (p: string) => this.files.has(p);
    let current = target;
    let hash = "";
    for (let hops = 0; ; hops++) {
      const i = current.indexOf("#");
      if (i >= 0) {
        hash = current.slice(i + 1);
        current = current.slice(0, i);
      }
      const safe = decodeRequestPath(current);
      if ("error" in safe) return { ok: false, why: "bad-path", redirects: hops };
      const r = await resolveRequest(safe.path, safe.query, exists, this.redirects);
      if (r.kind === "file" && r.status === 200)
        return { ok: true, file: r.path, hash, redirects: hops, html: this.html.get(r.path)?.scan };
      if (r.kind === "redirect") {
        if (hops >= maxRedirects) return { ok: false, why: "too-many-redirects", redirects: hops };
        current = new URL(r.location, "http://site.invalid" + safe.path).href.slice(
          "http://site.invalid".length,
        );
        continue;
      }
      return { ok: false, why: "not-found", redirects: hops };
    }
  }
}
