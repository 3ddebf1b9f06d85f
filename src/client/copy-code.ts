/** Copy buttons of code blocks (rendered by the build, hidden without JavaScript), loaded on first click. */

/** Copies the code block of `button` and says so on the button for two seconds. */
export function copyCode(button: HTMLButtonElement): void {
  const code = button.parentElement?.querySelector("pre");
  if (!code) return;
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
}
