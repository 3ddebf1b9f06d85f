/** The navigation progress bar's timing: shown only after the delay, creeping towards 90 %, gone at the end. */

/** Returns `busy(on)`: on starts the delay (once), off hides the bar. `show` receives 0-100, or null to hide. */
export function progressTimer(
  delayMs: number,
  show: (value: number | null) => void,
): (on: boolean) => void {
  let timer = 0;
  let value = 0;
  const tick = () => {
    value += (90 - value) * (value ? 0.25 : 0.2);
    show(value);
    timer = setTimeout(tick, 300);
  };
  return (on) => {
    if (on) {
      if (!timer) timer = setTimeout(tick, delayMs);
      return;
    }
    clearTimeout(timer);
    timer = 0;
    if (value) show(null);
    value = 0;
  };
}
