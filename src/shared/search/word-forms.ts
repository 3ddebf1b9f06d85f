/**
 * Irregular past tenses and participles of common verbs, which the Porter stemmer leaves apart
 * from their verb ("ran" is not "run", "sent" is not "send"): a query word in one of these forms
 * also looks up its verb, and a synonym written for the verb applies to it. A generic English
 * table, not a list of the docs' words; forms that are also common nouns or names ("bit", "lay",
 * "went" to "go", the language) are left out.
 */
const FORMS = new Map<string, string>();
for (const line of [
  "run ran",
  "send sent",
  "get got gotten",
  "write wrote written",
  "rewrite rewrote rewritten",
  "overwrite overwrote overwritten",
  "build built",
  "rebuild rebuilt",
  "break broke broken",
  "make made",
  "take took taken",
  "give gave given",
  "come came",
  "become became",
  "find found",
  "keep kept",
  "lose lost",
  "leave left",
  "pay paid",
  "begin began begun",
  "choose chose chosen",
  "hide hid hidden",
  "throw threw thrown",
  "catch caught",
  "see saw seen",
  "know knew known",
  "tell told",
  "hold held",
  "meet met",
  "spend spent",
  "understand understood",
  "forget forgot forgotten",
  "freeze froze frozen",
  "buy bought",
  "bring brought",
  "think thought",
  "feed fed",
  "fall fell fallen",
  "feel felt",
  "fly flew flown",
  "grow grew grown",
  "hang hung",
  "hear heard",
  "mean meant",
  "sell sold",
  "show shown",
  "sit sat",
  "sleep slept",
  "speak spoke spoken",
  "steal stole stolen",
  "strike struck",
  "swear swore sworn",
  "tear tore torn",
  "undo undid undone",
  "redo redid redone",
  "rerun reran",
  "draw drew drawn",
  "drive drove driven",
  "blow blew blown",
  "deal dealt",
  "forbid forbade forbidden",
  "lend lent",
  "ride rode ridden",
  "rise rose risen",
  "seek sought",
  "shrink shrank shrunk",
  "sink sank sunk",
  "stand stood",
  "wake woke woken",
  "win won",
  "withdraw withdrew withdrawn",
  "arise arose arisen",
  "bind bound",
  "bite bitten",
  "dig dug",
  "eat ate eaten",
  "forgive forgave forgiven",
  "shake shook shaken",
  "shoot shot",
  "sing sang sung",
  "slide slid",
  "spin spun",
  "stick stuck",
  "swim swam swum",
  "teach taught",
  "wear wore worn",
  "weave wove woven",
  "wind wound",
]) {
  const [verb, ...forms] = line.split(" ");
  for (const form of forms) FORMS.set(form, verb!);
}

/** The verb of an irregular past form (`ran` → `run`), or undefined for any other word. */
export function verbOf(word: string): string | undefined {
  return FORMS.get(word);
}

/** A negation written short (`doesn't`, `can’t`, `won't`), and the other short forms (`you're`, `it'll`). */
const NEGATION_RE = /\b(\p{L}+)n['’]t\b/giu;
const SHORT_FORM_RE = /['’](?:re|ve|ll|d|m)\b/giu;
/** The verbs whose negation is not the verb and `n't`. */
const NEGATED = new Map([
  ["ca", "can"],
  ["wo", "will"],
  ["sha", "shall"],
]);

/**
 * A query's contractions written out (`doesn't` → `does not`, `won't` → `will not`) and the
 * other short forms dropped (`you're` → `you`): cut at the apostrophe they would leave stubs
 * (`doesn`, `re`) that the index holds only from the docs' own contractions.
 */
export function expandContractions(text: string): string {
  return text
    .replace(NEGATION_RE, (_, verb: string) => `${NEGATED.get(verb.toLowerCase()) ?? verb} not`)
    .replace(SHORT_FORM_RE, "");
}
