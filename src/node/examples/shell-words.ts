/**
 * Shell command lines split into words, as a shell splits them: quotes ('…', "…"), backslash
 * escapes and line continuations, comments, and the operators that end a command (`|`, `&&`,
 * `||`, `;`, `&`, newlines). Each word keeps the line and column where it starts. Enough to read
 * the commands of a docs block, not a shell: expansions stay as written.
 */

/** A word of a command line and where it starts in the block (1-based). */
export interface Word {
  text: string;
  line: number;
  column: number;
}

/** The commands of a block, each a list of words (a leading `$ ` prompt dropped). */
export function shellCommands(code: string): Word[][] {
  const commands: Word[][] = [];
  let words: Word[] = [];
  let word: Word | undefined;
  let line = 1;
  let column = 1;
  let quote: "'" | '"' | undefined;
  let depth = 0;
  const end = () => {
    if (word) words.push(word);
    word = undefined;
  };
  const endCommand = () => {
    end();
    if (words[0]?.text === "$") words.shift();
    if (words.length) commands.push(words);
    words = [];
  };
  for (let i = 0; i < code.length; i++, column++) {
    const ch = code[i]!;
    if (ch === "\n") {
      if (quote || depth) {
        if (word) word.text += ch;
      } else endCommand();
      line++;
      column = 0;
      continue;
    }
    if (quote) {
      if (ch === quote) quote = undefined;
      else if (ch === "\\" && quote === '"' && i + 1 < code.length) word!.text += code[++i]!;
      else word!.text += ch;
      continue;
    }
    if (ch === "\\" && code[i + 1] === "\n") {
      i++;
      line++;
      column = 0;
      if (!depth) end();
      continue;
    }
    if (depth) {
      // Inside $( … ): one word, whatever it holds.
      if (ch === "(") depth++;
      if (ch === ")") depth--;
      word ??= { text: "", line, column };
      word.text += ch;
      continue;
    }
    if (ch === " " || ch === "\t") {
      end();
      continue;
    }
    if (ch === "#" && !word) {
      while (i + 1 < code.length && code[i + 1] !== "\n") i++;
      continue;
    }
    if (ch === "|" || ch === ";" || ch === "&") {
      endCommand();
      if (code[i + 1] === ch) i++;
      continue;
    }
    word ??= { text: "", line, column };
    if (ch === "'" || ch === '"') quote = ch;
    else if (ch === "$" && code[i + 1] === "(") {
      word.text += "$(";
      i++;
      column++;
      depth = 1;
    } else word.text += ch;
  }
  endCommand();
  return commands;
}
