/** React's side of the client, loaded on intent (boot.ts): hydrates the server-rendered page (docs/design.md §5). */
import { hydrateRoot } from "react-dom/client";
import type { BootData, PageData, RouteManifest, SiteData } from "../shared/types.ts";
import { appElement } from "./page-roots.ts";
import { loadParts } from "./parts.ts";
import { Root, type DocsApi, type Handoff } from "./root.tsx";

/** Fetches the site data, hydrates with the parts' code in (when it loads); resolves once the page is live. */
export async function start(boot: BootData, handoff: Handoff): Promise<DocsApi> {
  const root = appElement()!;
  const json = <T,>(url: string) =>
    fetch(url).then((r) =>
      r.ok
        ? (r.json() as Promise<T>)
        : Promise.reject(new Error(`docs: ${url} failed to load; the page stays as served`)),
    );
  const manifest = json<RouteManifest>(boot.manifestFile);
  manifest.catch(() => undefined);
  // The parts hydrate with the rest (their chunk failing leaves their server HTML as it is).
  const [site] = await Promise.all([
    json<SiteData>(boot.siteFile),
    loadParts(handoff.scrollSpy).catch(() => undefined),
  ]);
  const html = root.querySelector("main .content")?.innerHTML ?? "";
  const page: PageData = { ...boot.page, html };
  handoff.beforeHydrate();
  return new Promise<DocsApi>((onLive) =>
    hydrateRoot(
      root,
      <Root
        site={site}
        page={page}
        manifest={manifest}
        assets={boot.assetsUrl}
        handoff={handoff}
        onLive={onLive}
      />,
    ),
  );
}
