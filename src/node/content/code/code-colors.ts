/**
 * Code token colours that meet WCAG AA on the code background, and on the tints of marked lines,
 * in both themes (docs/design.md §7):
 * Shiki's GitHub themes give some tokens 3.5-4.4:1 there (light red `#d73a49`, comments
 * `#6a737d` in both themes). A colour below the ratio is moved towards black (light theme) or
 * white (dark theme) just far enough, keeping its hue; the others stay exactly as the theme has them.
 */

/** `--code-bg` of templates/theme.css in each theme (a unit test keeps them equal). */
export const CODE_BACKGROUND = { light: "#f6f8fa", dark: "#171a1f" } as const;

/** WCAG AA for normal text, with a margin so rounding in a checker never reads 4.49. */
export const MIN_CONTRAST = 4.6;

type Rgb = [number, number, number];

/**
 * The tint of each kind of marked line (docs/design.md §8: `[!code ++]`, `{2}`, …) over the code
 * background, as one solid colour, so token contrast can be checked on it too.
 */
export const MARK_BACKGROUND: Record<string, { light: string; dark: string }> = {
  highlighted: {
    light: tint(CODE_BACKGROUND.light, "#0a5fb4", 0.08),
    dark: tint(CODE_BACKGROUND.dark, "#6cb2f7", 0.12),
  },
  error: {
    light: tint(CODE_BACKGROUND.light, "#b42318", 0.08),
    dark: tint(CODE_BACKGROUND.dark, "#ff8a80", 0.12),
  },
  warning: {
    light: tint(CODE_BACKGROUND.light, "#8a5a00", 0.09),
    dark: tint(CODE_BACKGROUND.dark, "#f2c35b", 0.1),
  },
  add: {
    light: tint(CODE_BACKGROUND.light, "#0f7a4d", 0.09),
    dark: tint(CODE_BACKGROUND.dark, "#5fd3a0", 0.1),
  },
  remove: {
    light: tint(CODE_BACKGROUND.light, "#b42318", 0.07),
    dark: tint(CODE_BACKGROUND.dark, "#ff8a80", 0.09),
  },
};

/**
 * The custom properties of one token colour: the light and dark themes' colours, each made
 * readable on the code background and on every marked line's tint.
 */
export function codeColorVars(light: string, dark: string): string {
  const marks = Object.values(MARK_BACKGROUND);
  // Each step only moves a colour further from its backgrounds, so a later one keeps the earlier ones met.
  const onAll = (color: string, backgrounds: string[]) =>
    backgrounds.reduce((c, bg) => readableOn(c, bg), color);
  return `--shiki-light:${onAll(light, [CODE_BACKGROUND.light, ...marks.map((m) => m.light)])};--shiki-dark:${onAll(dark, [CODE_BACKGROUND.dark, ...marks.map((m) => m.dark)])}`;
}

/** `base` with `amount` (0..1) of `color` laid over it, as one solid colour. */
function tint(base: string, color: string, amount: number): string {
  const b = parseHex(base)!;
  const c = parseHex(color)!;
  return toHex(b.map((v, i) => Math.round(v + (c[i]! - v) * amount)) as Rgb);
}

/** `color` if it has `min` contrast on `background`, else the least change towards black or white that has. */
export function readableOn(color: string, background: string, min = MIN_CONTRAST): string {
  const fg = parseHex(color);
  const bg = parseHex(background);
  if (!fg || !bg || contrast(fg, bg) >= min) return color;
  const towards: Rgb = luminance(bg) > 0.5 ? [0, 0, 0] : [255, 255, 255];
  const mix = (t: number): Rgb => fg.map((c, i) => Math.round(c + (towards[i]! - c) * t)) as Rgb;
  // Contrast grows with t: find the smallest mix that reaches it.
  let lo = 0;
  let hi = 1;
  for (let i = 0; i < 20; i++) {
    const mid = (lo + hi) / 2;
    if (contrast(mix(mid), bg) >= min) hi = mid;
    else lo = mid;
  }
  return toHex(mix(hi));
}

/** WCAG contrast ratio of two colours. */
export function contrast(a: Rgb, b: Rgb): number {
  const [x, y] = [luminance(a), luminance(b)];
  return (Math.max(x, y) + 0.05) / (Math.min(x, y) + 0.05);
}

/** WCAG relative luminance. */
function luminance(rgb: Rgb): number {
  const [r, g, b] = rgb.map((c) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  }) as Rgb;
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** `#rgb`, `#rrggbb` (an alpha part is ignored) → RGB; null for anything else. */
export function parseHex(color: string): Rgb | null {
  const m = /^#([0-9a-f]{3}|[0-9a-f]{6}|[0-9a-f]{8})$/i.exec(color.trim());
  if (!m) return null;
  const h = m[1]!.length === 3 ? [...m[1]!].map((c) => c + c).join("") : m[1]!.slice(0, 6);
  return [0, 2, 4].map((i) => parseInt(h.slice(i, i + 2), 16)) as Rgb;
}

function toHex(rgb: Rgb): string {
  return "#" + rgb.map((c) => c.toString(16).padStart(2, "0")).join("");
}
