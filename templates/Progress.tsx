/** The navigation progress bar (shown by the client only after the navigation delay); its width is set through the CSSOM, which the CSP allows. */
export function Progress({ value }: { value: number }) {
  return (
    <div
      className="progress"
      role="progressbar"
      aria-label="Loading page"
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={Math.round(value)}
    >
      <div className="progress-bar" style={{ transform: `scaleX(${value / 100})` }} />
    </div>
  );
}
