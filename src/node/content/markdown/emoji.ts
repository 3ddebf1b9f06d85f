/**
 * GitHub's emoji shortcodes (`:tada:` → 🎉) from gemoji, GitHub's own list. Only a name of that
 * list between two colons is replaced, so times (`10:30:00`), `:::` containers and `:badge[…]`
 * (directives, never text) are left alone; the unknown ones are reported by literal-syntax.ts.
 */
import type { Text } from "mdast";
import { nameToEmoji } from "gemoji";

/** A shortcode as GitHub writes them (`:+1:`, `:white_check_mark:`), not inside a word: `a:b:c` stays. */
export const SHORTCODE_RE = /(?<!\w):(\+1|[-\w]+):(?!\w)/g;

/** Whether `name` is one of GitHub's shortcodes. */
export function isEmojiName(name: string): boolean {
  return Object.hasOwn(nameToEmoji, name);
}

/** Replaces the known shortcodes of a text node with their emoji. */
export function replaceEmoji(node: Text): void {
  if (!node.value.includes(":")) return;
  const value = node.value.replace(SHORTCODE_RE, (all, name: string) =>
    isEmojiName(name) ? nameToEmoji[name]! : all,
  );
  if (value === node.value) return;
  node.value = value;
  // Data marks a node the pass changed: the Markdown for machines writes it, not its source.
  node.data ??= {};
}
