/**
 * The colours of highlighted code: one class per colour of the light theme (`c3`), carrying
 * that colour and its dark-theme partner as custom properties. The classes come from the theme,
 * not from the pages, so the stylesheet is the same whatever the content (and is built once).
 */
import githubLight from "shiki/themes/github-light.mjs";
import githubDark from "shiki/themes/github-dark.mjs";
import { codeColorVars, MARK_BACKGROUND } from "./code-colors.ts";

interface ThemeJson {
  colors?: Record<string, string>;
  tokenColors?: {
    scope?: string | string[];
    settings: { foreground?: string; background?: string; fontStyle?: string };
  }[];
}

/** The theme code is tokenised with. */
export const LIGHT_THEME = githubLight as unknown as ThemeJson & { name: string };
const DARK_THEME = githubDark as unknown as ThemeJson;

/**
 * The two GitHub themes give the same scopes their own colours, so one tokenisation with the
 * light theme plus this light→dark table yields both (Shiki's dual-theme mode tokenises twice:
 * measured 3.7x slower on our docs; the table differs from it on about 0.5% of string tokens).
 */
export function pairColors(light: ThemeJson, dark: ThemeJson): Map<string, string> {
  const votes = new Map<string, Map<string, number>>();
  const vote = (l?: string, d?: string) => {
    if (!l || !d) return;
    const key = l.toLowerCase();
    const m = votes.get(key) ?? new Map<string, number>();
    m.set(d.toLowerCase(), (m.get(d.toLowerCase()) ?? 0) + 1);
    votes.set(key, m);
  };
  const darkRules = new Map(
    (dark.tokenColors ?? []).map((r) => [JSON.stringify(r.scope), r.settings]),
  );
  for (const rule of light.tokenColors ?? []) {
    const d = darkRules.get(JSON.stringify(rule.scope));
    vote(rule.settings.foreground, d?.foreground);
    vote(rule.settings.background, d?.background);
  }
  vote(light.colors?.["editor.foreground"], dark.colors?.["editor.foreground"]);
  vote(light.colors?.["editor.background"], dark.colors?.["editor.background"]);
  return new Map([...votes].map(([l, m]) => [l, [...m].sort((a, b) => b[1] - a[1])[0]![0]]));
}

const DARK_OF = pairColors(LIGHT_THEME, DARK_THEME);
const HEX_RE = /^#[0-9a-f]{6}$/;
const DEFAULT_COLOR = LIGHT_THEME.colors?.["editor.foreground"]?.toLowerCase();

/**
 * The theme's token colours in one order: a colour's class is its place, `c0`… (a token's class
 * is in every span of every page: `c3` against `c-d73a49` is 22 KB of the REST reference).
 */
const TOKEN_COLORS = [
  ...new Set(
    (LIGHT_THEME.tokenColors ?? [])
      .map((r) => r.settings.foreground?.toLowerCase())
      .filter((c): c is string => c !== undefined && HEX_RE.test(c) && c !== DEFAULT_COLOR),
  ),
].sort();

/** The class of a token's foreground colour (`#D73A49` → `c3`); none for the default colour or one the theme does not list. */
export function colorClass(color: string | undefined): string | undefined {
  const i = color ? TOKEN_COLORS.indexOf(color.toLowerCase()) : -1;
  return i < 0 ? undefined : `c${i}`;
}

/** The class of a token's background colour, when the theme gives it one. */
export function backgroundClass(color: string | undefined): string | undefined {
  const c = color?.toLowerCase();
  return c && HEX_RE.test(c) ? "b-" + c.slice(1) : undefined;
}

/** Font-style classes (Shiki's FontStyle bits: 1 italic, 2 bold, 4 underline, 8 strikethrough). */
export function fontStyleClasses(bits: number | undefined): string[] {
  if (!bits || bits < 0) return [];
  const out: string[] = [];
  if (bits & 1) out.push("fi");
  if (bits & 2) out.push("fb");
  if (bits & 4) out.push("fu");
  if (bits & 8) out.push("fs");
  return out;
}

/** The stylesheet of every token class the theme can produce. */
export function codeThemeCss(): string {
  const bg = new Set<string>();
  for (const rule of LIGHT_THEME.tokenColors ?? [])
    if (rule.settings.background) bg.add(rule.settings.background.toLowerCase());
  const rules: string[] = [];
  const light = LIGHT_THEME.colors?.["editor.foreground"]?.toLowerCase() ?? "#24292e";
  rules.push(`.shiki{${codeColorVars(light, DARK_OF.get(light) ?? light)}}`);
  for (const c of TOKEN_COLORS)
    rules.push(`.${colorClass(c)}{${codeColorVars(c, DARK_OF.get(c) ?? c)}}`);
  for (const c of [...bg].sort())
    rules.push(
      `.${backgroundClass(c)}{--shiki-light-bg:${c};--shiki-dark-bg:${DARK_OF.get(c) ?? c}}`,
    );
  rules.push(
    ".fi{font-style:italic}.fb{font-weight:bold}.fu{text-decoration:underline}.fs{text-decoration:line-through}",
  );
  // Marked lines' tints (templates/theme.css shows them); later kinds win where a line has two.
  for (const [kind, bg] of Object.entries(MARK_BACKGROUND))
    rules.push(`.line.${kind}{--mark-light:${bg.light};--mark-dark:${bg.dark}}`);
  return rules.join("\n") + "\n";
}
