/** Browser entry: hydrates the server-rendered page, then navigates in place (design.md §5). */
import { hydrateRoot } from "react-dom/client";
import type { BootData, PageData, RouteManifest, SiteData } from "../shared/types.ts";
import { Root, type DocsApi } from "./root.tsx";

declare global {
  interface Window {
    /** The client's public API: `brookDocs.router.beforeEach(guard)`, `brookDocs.router.push(url)`. */
    brookDocs?: DocsApi;
  }
}

// Copy buttons of code blocks, "Copy page" and code groups' tabs: one delegated handler, the code
// loaded on first use (first-load JS is at its budget, so the page's share is this selector). A
// tab clicked before its chunk came is chosen all the same.
document.addEventListener("click", (e) => {
  const button =
    e.target instanceof Element &&
    e.target.closest<HTMLButtonElement>(".code-block .copy,.copy-page,.code-group [role=tab]");
  if (button) void import("./code.ts").then((m) => m.click(button));
});

async function start(): Promise<void> {
  const bootEl = document.getElementById("brook-boot");
  const root = document.getElementById("app");
  if (!bootEl || !root) return;
  const boot = JSON.parse(bootEl.textContent!) as BootData;
  const json = <T,>(url: string) =>
    fetch(url).then((r) =>
      r.ok
        ? (r.json() as Promise<T>)
        : Promise.reject(new Error(`docs: ${url} failed to load; the page stays as served`)),
    );
  const manifest = json<RouteManifest>(boot.manifestFile);
  manifest.catch(() => undefined);
  const site = await json<SiteData>(boot.siteFile);
  const html = root.querySelector("main .content")?.innerHTML ?? "";
  const page: PageData = { ...boot.page, html };
  hydrateRoot(
    root,
    <Root
      site={site}
      page={page}
      manifest={manifest}
      onReady={(api) => (window.brookDocs = api)}
    />,
  );
}

void start();
