/** Browser entry: hydrates the server-rendered page. */
import { hydrateRoot } from "react-dom/client";
import { App } from "../../templates/App.tsx";
import type { BootData, PageData, SiteData } from "../shared/types.ts";

document.documentElement.classList.add("js");

async function start(): Promise<void> {
  const bootEl = document.getElementById("brook-boot");
  const root = document.getElementById("app");
  if (!bootEl || !root) return;
  const boot = JSON.parse(bootEl.textContent!) as BootData;
  const site = (await (await fetch(boot.siteFile)).json()) as SiteData;
  const html = root.querySelector("main .content")?.innerHTML ?? "";
  const page: PageData = { ...boot.page, html };
  hydrateRoot(root, <App site={site} page={page} />);
}

void start();
