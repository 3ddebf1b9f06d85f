/** Copy buttons of code blocks (rendered by the build, hidden without JavaScript), part of the page script. */

/** Copies the code of `button`'s block and says so on the button for two seconds. */
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
  // The code as it should be run: lines marked removed (`[!code --]`) are left out; gutters and
  // line numbers are drawn by the stylesheet, never part of the text.
  const lines = [...code.querySelectorAll(".line")];
  const text = lines.length
    ? lines
        .filter((l) => !l.classList.contains("remove"))
        .map((l) => l.textContent)
        .join("\n")
    : (code.textContent ?? "");
  (navigator.clipboard?.writeText(text) ?? Promise.reject()).then(
    () => done("Copied"),
    () => {
      // No clipboard access: select the code so the reader can copy it with the keyboard.
      getSelection()?.selectAllChildren(code);
      done("Press Ctrl+C");
    },
  );
}
