/** The dev server's error overlay: the build's `file:line:col` text over the last good page. */
import { SITE_ID } from "../../shared/site-ids.ts";

/** The overlay element's id (tests and the reload logic find it by this). */
export const OVERLAY_ID = SITE_ID.devOverlay;

/**
 * Shows `text` (plain text, never parsed as HTML). Styles are set through the CSSOM, which the
 * site's Content-Security-Policy (`style-src 'self'`) allows, unlike a `style` attribute.
 */
export function showOverlay(text: string): void {
  // By place (a child of body), as the client finds its roots: no page element can stand in.
  let root = document.querySelector<HTMLElement>(`body > #${OVERLAY_ID}`);
  if (!root) {
    root = document.createElement("div");
    root.id = OVERLAY_ID;
    root.setAttribute("role", "alertdialog");
    root.setAttribute("aria-label", "Build error");
    Object.assign(root.style, {
      position: "fixed",
      inset: "0",
      zIndex: "2147483647",
      background: "rgba(20, 20, 24, 0.92)",
      color: "#f4f4f5",
      overflow: "auto",
      padding: "32px",
      font: "14px/1.5 ui-monospace, SFMono-Regular, Menlo, Consolas, monospace",
    });
    const title = document.createElement("h2");
    title.textContent = "Build failed: the page shows the last good build";
    Object.assign(title.style, {
      color: "#ff6b6b",
      font: "bold 16px/1.4 system-ui, sans-serif",
      margin: "0 0 16px",
    });
    const pre = document.createElement("pre");
    Object.assign(pre.style, { whiteSpace: "pre-wrap", margin: "0 0 16px" });
    const note = document.createElement("p");
    note.textContent = "Fix the file and save: this message goes away on the next good build.";
    Object.assign(note.style, { color: "#a1a1aa", margin: "0" });
    const close = document.createElement("button");
    close.type = "button";
    close.textContent = "Dismiss";
    Object.assign(close.style, { position: "absolute", top: "16px", right: "16px" });
    close.addEventListener("click", () => hideOverlay());
    root.append(title, pre, note, close);
    document.body.append(root);
  }
  root.querySelector("pre")!.textContent = text;
}

/** Removes the overlay, if shown. */
export function hideOverlay(): void {
  document.querySelector(`body > #${OVERLAY_ID}`)?.remove();
}
