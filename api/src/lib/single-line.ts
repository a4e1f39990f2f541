// Single-line texts (a constat's name, an étude's name, a news title, a person's names…): they are
// shown in lists, put in file names, e-mail subjects and CSV cells, where a line break starts a new
// line or row (a CSV row whose first cell is a formula). They are refused at input rather than
// silently changed, so what the user typed is what is stored.

/** Control characters (C0, DEL, C1) and the Unicode line and paragraph separators. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const NOT_SINGLE_LINE = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;

export const singleLineMessage = 'Ce champ doit tenir sur une ligne : retour à la ligne ou caractère de contrôle interdit.';

export const isSingleLine = (text: string): boolean => !NOT_SINGLE_LINE.test(text);

/** The French refusal of a single-line field holding a line break or a control character, else null. */
export const singleLineProblem = (text: string | null | undefined): string | null =>
  text == null || isSingleLine(text) ? null : singleLineMessage;
