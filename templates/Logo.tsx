/** The site logo (two waves), decorative: the site title beside it names the link. */
export function Logo() {
  return (
    <svg
      className="logo"
      viewBox="0 0 32 32"
      width="24"
      height="24"
      aria-hidden="true"
      focusable="false"
    >
      <path
        d="M4 20c4-6 8-6 12 0s8 6 12 0"
        fill="none"
        stroke="currentColor"
        strokeWidth="3"
        strokeLinecap="round"
      />
      <path
        d="M4 12c4-6 8-6 12 0s8 6 12 0"
        fill="none"
        stroke="currentColor"
        strokeWidth="3"
        strokeLinecap="round"
        opacity=".55"
      />
    </svg>
  );
}
