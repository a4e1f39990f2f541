// The one euro formatter and the one Paris-time date formatter of the screens, the e-mails, the PDF
// bills and the exports (product.md §9: amounts '1 234,56 €', dates DD/MM/YYYY HH:mm in French time).
// Intl does the rounding and the grouping; amounts reach it as decimal strings, never as floats.

/** A no-break space: keeps '1 234,56 €' on one line. */
const NBSP = '\u00a0';

// fr-FR groups digits with U+202F (narrow no-break space) and puts U+00A0 before '€'. Some mail
// clients' and PDF fonts lack U+202F: U+00A0 everywhere renders everywhere and never wraps.
const narrowSpaces = /\u202f/g;

const euros = new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'EUR', signDisplay: 'negative' });
// Tariffs keep every decimal they have, at least two ('1,125 €').
const exactEuros = new Intl.NumberFormat('fr-FR', {
  style: 'currency',
  currency: 'EUR',
  signDisplay: 'negative',
  minimumFractionDigits: 2,
  maximumFractionDigits: 20,
});

/** A decimal amount as the API writes it ('1234.56', '-0.5'). */
const DECIMAL = /^-?\d+(\.\d+)?$/;

export interface EurosOptions {
  /** Keep every decimal the value has (at least 2): tariffs have up to 3. Amounts round to the cent otherwise. */
  exact?: boolean;
}

/**
 * '1 234,56 €' from a decimal string in euros ('1234.56'), rounded half away from zero; '-0,00 €'
 * never shows. Throws on anything else: a bill or an e-mail must fail loudly, not print 'NaN €'.
 */
export function formatEuros(amount: string, options: EurosOptions = {}): string {
  if (!DECIMAL.test(amount)) throw new RangeError(`Invalid decimal amount "${amount}"`);
  const format = options.exact ? exactEuros : euros;
  return format.format(amount as Intl.StringNumericLiteral).replace(narrowSpaces, NBSP);
}

/**
 * formatEuros for the screens: takes the API's decimal strings, numbers and a French comma ('2,5'),
 * and gives '' for a missing or unreadable value.
 */
export function formatMoney(value: string | number | null | undefined, options: EurosOptions = {}): string {
  if (value === null || value === undefined) return '';
  // Numbers in exponent notation (1e21) are not amounts this app ever shows.
  const text = typeof value === 'number' ? (Number.isFinite(value) ? String(value) : '') : value.trim().replace(',', '.');
  const decimal = text
    .replace(/^\+/, '')
    .replace(/^(-?)\./, '$10.')
    .replace(/\.$/, '');
  return DECIMAL.test(decimal) ? formatEuros(decimal, options) : '';
}

const parisClock = new Intl.DateTimeFormat('fr-FR', {
  timeZone: 'Europe/Paris',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

export type DateInput = string | number | Date;

function toDate(value: DateInput | null | undefined): Date | null {
  if (value === null || value === undefined || value === '') return null;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

function parisParts(date: Date): Record<'day' | 'month' | 'year' | 'hour' | 'minute', string> {
  const parts: Record<string, string> = {};
  for (const part of parisClock.formatToParts(date)) parts[part.type] = part.value;
  return parts;
}

/** 'DD/MM/YYYY HH:mm' in Paris time, whatever the machine's zone; '' for a missing or invalid value. */
export function formatParisDateTime(value: DateInput | null | undefined): string {
  const date = toDate(value);
  if (!date) return '';
  const { day, month, year, hour, minute } = parisParts(date);
  return `${day}/${month}/${year} ${hour}:${minute}`;
}

// A calendar day with no time (an absence's 'AAAA-MM-JJ'): shown as is, never shifted by a time zone.
const CALENDAR_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** 'DD/MM/YYYY': the Paris day of an instant, or the calendar day itself for 'AAAA-MM-JJ'. */
export function formatParisDate(value: DateInput | null | undefined): string {
  if (typeof value === 'string') {
    const day = CALENDAR_DAY.exec(value);
    if (day) return `${day[3]}/${day[2]}/${day[1]}`;
  }
  const date = toDate(value);
  if (!date) return '';
  const { day, month, year } = parisParts(date);
  return `${day}/${month}/${year}`;
}
