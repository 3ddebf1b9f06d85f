/**
 * GitHub's emoji shortcodes (`:tada:` → 🎉) from gemoji, GitHub's own list. Only a name of that
 * list between two colons is replaced, so times (`10:30:00`), `:::` containers and `:badge[…]`
 * (directives, never text) are left alone; the unknown ones are reported by literal-syntax.ts.
 */
import type { Text } from "mdast";
import { nameToEmoji } from "gemoji";

/** A shortcode as GitHub writes them: `:+1:`, `:white_check_mark:`, `:e-mail:`. */
export const SHORTCODE_RE = /:(\+1|[-\w]+):/g;

/** Replaces the known shortcodes of a text node with their emoji. */
export function replaceEmoji(node: Text): void {
  if (!node.value.includes(":")) return;
  node.value = node.value.replace(SHORTCODE_RE, (all, name: string) => nameToEmoji[name] ?? all);
}
