/** WCAG contrast for the code theme: relative luminance, ratios, mixing, and nudging a colour until it reads. */

/** `#rrggbb` → [r, g, b] in 0..255. */
function rgb(hex: string): [number, number, number] {
  const n = parseInt(hex.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

const hex = (c: number[]) => "#" + c.map((v) => Math.round(Math.min(255, Math.max(0, v))).toString(16).padStart(2, "0")).join("");

/** WCAG 2 relative luminance of `#rrggbb`. */
function luminance(color: string): number {
  const [r, g, b] = rgb(color).map((v) => {
    const s = v / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** The WCAG contrast ratio of two colours (1 to 21). */
export function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/** `base` with `amount` (0..1) of `tint` laid over it, as one solid colour. */
export function mix(base: string, tint: string, amount: number): string {
  const b = rgb(base);
  const t = rgb(tint);
  return hex(b.map((v, i) => v + (t[i]! - v) * amount));
}

/**
 * `color`, moved towards black (on light backgrounds) or white (on dark ones) in small steps
 * until it reaches `ratio` against every one of `backgrounds`; unchanged when it already does.
 */
export function readable(color: string, backgrounds: string[], ratio: number): string {
  const dark = luminance(backgrounds[0]!) < 0.5;
  let c = color;
  for (let step = 0; step < 40 && backgrounds.some((bg) => contrast(c, bg) < ratio); step++) c = mix(c, dark ? "#ffffff" : "#000000", 0.05);
  return c;
}
