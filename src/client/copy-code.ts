/** Copy buttons of code blocks (rendered by the build, hidden without JavaScript): one delegated handler. */

/** Handles clicks on every `.code-block .copy`, present and future. */
export function handleCopyButtons(): void {
  document.addEventListener("click", (e) => {
    const button = e.target instanceof Element ? e.target.closest<HTMLButtonElement>(".code-block .copy") : null;
    const code = button?.parentElement?.querySelector("pre");
    if (!button || !code) return;
    const done = (label: string) => {
      button.textContent = label;
      button.setAttribute("aria-label", label);
      button.dataset.copied = "";
      setTimeout(() => {
        button.textContent = "Copy";
        button.setAttribute("aria-label", "Copy code");
        delete button.dataset.copied;
      }, 2000);
    };
    (navigator.clipboard?.writeText(code.textContent ?? "") ?? Promise.reject()).then(
      () => done("Copied"),
      () => {
        // No clipboard access: select the code so the reader can copy it with the keyboard.
        getSelection()?.selectAllChildren(code);
        done("Press Ctrl+C");
      },
    );
  });
}
