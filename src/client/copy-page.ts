/**
 * "Copy page" (docs/design.md §8), part of the page script: copies the page's Markdown for machines
 * (the `.md` file the head links, kept in step by head.ts on in-place navigations) and says so in
 * the polite status beside the button.
 */

/** Fetches the page's Markdown, copies it, and announces the outcome in `button`'s status. */
export async function copyPage(button: HTMLButtonElement): Promise<void> {
  const status = button.parentElement?.querySelector<HTMLElement>("[role=status]");
  const say = (text: string) => {
    if (!status) return;
    // Emptied first, so that a second copy is announced again.
    status.textContent = "";
    requestAnimationFrame(() => (status.textContent = text));
    clearTimeout(Number(status.dataset.timer));
    status.dataset.timer = String(setTimeout(() => (status.textContent = ""), 4000));
  };
  try {
    const link = document.head.querySelector<HTMLLinkElement>(
      'link[rel="alternate"][type="text/markdown"]',
    );
    const res = await fetch(link!.href);
    if (!res.ok) throw new Error(String(res.status));
    await navigator.clipboard.writeText(await res.text());
    say("Copied");
  } catch {
    say("Could not copy the page");
  }
}
