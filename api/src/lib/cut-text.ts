// Client text quoted back in a message (an error echoing a value) is cut to a readable length.

/** Longest client value quoted back in a message; beyond, it is cut and ends with « … ». */
export const MAX_ECHOED_CHARACTERS = 100;

/** `text[from, to)`, at most `max` characters of it, never half a surrogate pair, « … » when cut. */
export function cutRange(text: string, from: number, to: number, max: number): string {
  if (to - from <= max) return text.slice(from, to);
  const end = isHighSurrogate(text.charCodeAt(from + max - 1)) ? from + max - 1 : from + max;
  return `${text.slice(from, end)}…`;
}

const isHighSurrogate = (code: number) => code >= 0xd800 && code <= 0xdbff;
