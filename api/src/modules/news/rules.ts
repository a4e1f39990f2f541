// Pure news rules: form validation (product.md §5 'News') and the list search (product.md §7 GET news).
import { newsFormMessages } from '@constats/domain/form-messages';
import { htmlToText } from '../../infra/html.js';
import { multiLineProblem, singleLineProblem } from '@constats/domain/text-input';

export const newsMessages = {
  // The form's messages the web app shows too (packages/domain/src/form-messages.ts).
  ...newsFormMessages,
  notFound: 'Actualité introuvable.',
} as const;

export const NEWS_TITLE_MAX = 200;
export const NEWS_BODY_MAX = 100_000;

export interface NewsFields {
  title?: string | null;
  /** Already sanitized HTML. */
  body?: string | null;
}

/** product.md §5: title required (its message differs on the create and edit screens), 3+ characters; body required. */
export function validateNews(input: NewsFields, mode: 'create' | 'update'): Record<string, string> {
  const errors: Record<string, string> = {};
  if (input.title !== undefined || mode === 'create') {
    const title = (input.title ?? '').trim();
    if (!title) errors.title = mode === 'create' ? newsMessages.titleRequiredOnCreate : newsMessages.required;
    else if (title.length < 3) errors.title = newsMessages.min3;
    else if (title.length > NEWS_TITLE_MAX) errors.title = newsMessages.tooLong(NEWS_TITLE_MAX);
    else if (singleLineProblem(title)) errors.title = singleLineProblem(title)!;
  }
  if (input.body !== undefined || mode === 'create') {
    // A body that is only markup (or only a script, removed by the sanitizer) is empty.
    if (!htmlToText(input.body)) errors.body = newsMessages.required;
    else if ((input.body ?? '').length > NEWS_BODY_MAX) errors.body = newsMessages.tooLong(NEWS_BODY_MAX);
    else if (multiLineProblem(input.body)) errors.body = multiLineProblem(input.body)!;
  }
  return errors;
}

/** A calendar day in Paris time, possibly partial: 'dd', 'dd/mm' or 'dd/mm/yyyy'. */
export interface DayFilter {
  day: number;
  month?: number;
  year?: number;
}

export interface NewsSearch {
  keyword?: string;
  date?: DayFilter;
}

const DATE_ONLY = /^(\d{1,2})(?:\/(\d{1,2})(?:\/(\d{4}))?)?$/;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
// No `(.*)$` after the blanks: backtracking into them made a long blank run quadratic.
const DATE_PREFIX = /^\d{1,2}(?:\/\d{1,2})?\s+/;
const LINE_TERMINATOR = /[\n\r\u2028\u2029]/;

/** 'dd', 'dd/mm', 'dd/mm/yyyy' or 'yyyy-mm-dd' as a day filter; null when it is not a date. */
export function parseDayFilter(text: string | null | undefined): DayFilter | null {
  const value = (text ?? '').trim();
  const iso = ISO_DATE.exec(value);
  const parts = iso ? [iso[3], iso[2], iso[1]] : DATE_ONLY.exec(value)?.slice(1);
  if (!parts) return null;
  const [day, month, year] = parts.map((part) => (part === undefined ? undefined : Number(part)));
  if (!day || day > 31 || (month !== undefined && (month < 1 || month > 12))) return null;
  return { day, ...(month !== undefined && { month }), ...(year !== undefined && { year }) };
}

/**
 * product.md §7: in the news search box, a typed 'dd ' or 'dd/mm ' prefix is stripped and the rest is
 * searched as text; text that is a date ('dd', 'dd/mm', 'dd/mm/yyyy') filters by publication day;
 * anything else is searched as text.
 */
export function parseNewsSearch(text: string | null | undefined): NewsSearch {
  const value = (text ?? '').trim();
  if (!value) return {};
  const prefix = DATE_PREFIX.exec(value)?.[0];
  // The rest is one line of text, as the search box sends it.
  const rest = prefix === undefined ? '' : value.slice(prefix.length);
  if (rest.trim() && !LINE_TERMINATOR.test(rest)) return { keyword: rest.trim() };
  const date = parseDayFilter(value);
  return date ? { date } : { keyword: value };
}

/** The list arguments: the search box text (spec behaviour above), plus explicit keyword and date. */
export function newsSearchOf(args: { search?: string | null; keyword?: string | null; date?: string | null }): NewsSearch {
  const typed = parseNewsSearch(args.search);
  const date = args.date ? parseDayFilter(args.date) : null;
  // A `date` that is not one is searched as text: the legacy client sends whatever was typed.
  const words = [typed.keyword, args.keyword, args.date && !date ? args.date : null].map((part) => part?.trim()).filter(Boolean);
  const day = date ?? typed.date;
  return { ...(words.length > 0 && { keyword: words.join(' ') }), ...(day && { date: day }) };
}
