// The app's only date, money and size formatters (product.md §9: dates DD/MM/YYYY HH:mm in French
// time, amounts in euros with 2 decimals, sizes in Mo with 2 decimals). Pure functions, no DOM.

/** A no-break space: keeps '1 234,56 €' on one line. */
const NBSP = '\u00a0';

const TIME_ZONE = 'Europe/Paris';

const dateTimeParts = new Intl.DateTimeFormat('fr-FR', {
  timeZone: TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

type DateInput = string | number | Date;

function toDate(value: DateInput): Date | null {
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

function parisParts(date: Date): Record<'day' | 'month' | 'year' | 'hour' | 'minute', string> {
  const parts: Record<string, string> = {};
  for (const part of dateTimeParts.formatToParts(date)) parts[part.type] = part.value;
  return parts;
}

// A calendar day with no time (an absence's 'AAAA-MM-JJ'): shown as is, never shifted by a
// time zone.
const CALENDAR_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** 'DD/MM/YYYY HH:mm' in Paris time; '' for a missing or invalid value. */
export function formatDateTime(value: DateInput | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  const date = toDate(value);
  if (!date) return '';
  const { day, month, year, hour, minute } = parisParts(date);
  return `${day}/${month}/${year} ${hour}:${minute}`;
}

/** 'DD/MM/YYYY' in Paris time (or the calendar day itself for 'AAAA-MM-JJ'). */
export function formatDate(value: DateInput | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  if (typeof value === 'string') {
    const day = CALENDAR_DAY.exec(value);
    if (day) return `${day[3]}/${day[2]}/${day[1]}`;
  }
  const date = toDate(value);
  if (!date) return '';
  const parts = parisParts(date);
  return `${parts.day}/${parts.month}/${parts.year}`;
}

function groupThousands(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, NBSP);
}

/** Adds one unit in the last place of a string of digits ('0999' → '1000'). */
function incrementDigits(digits: string): string {
  const chars = digits.split('');
  for (let index = chars.length - 1; index >= 0; index -= 1) {
    if (chars[index] !== '9') {
      chars[index] = String(Number(chars[index]) + 1);
      return chars.join('');
    }
    chars[index] = '0';
  }
  return `1${chars.join('')}`;
}

const DECIMAL = /^([+-]?)(\d*)(?:[.,](\d*))?$/;

export interface MoneyOptions {
  /**
   * Keep every decimal the value has (at least 2): tariffs have up to 3 ('1,125 €'). Amounts
   * are rounded to the cent otherwise.
   */
  exact?: boolean;
}

/**
 * Euros the French way, '1 234,56 €', from the API's exact decimal strings ('1234.56') or a
 * number. Works on the digits, never through binary floats; rounds half away from zero.
 * '' for a missing or unreadable value.
 */
export function formatMoney(value: string | number | null | undefined, options: MoneyOptions = {}): string {
  if (value === null || value === undefined) return '';
  const text = typeof value === 'number' ? (Number.isFinite(value) ? String(value) : '') : value.trim();
  // Numbers in exponent notation (1e21) are not amounts this app ever shows.
  const match = DECIMAL.exec(text);
  if (!match || (match[2] === '' && (match[3] ?? '') === '')) return '';
  const negative = match[1] === '-';
  let integer = match[2].replace(/^0+(?=\d)/, '') || '0';
  let fraction = match[3] ?? '';

  if (options.exact) {
    fraction = fraction.replace(/0+$/, '').padEnd(2, '0');
  } else {
    const cents = fraction.padEnd(3, '0');
    let kept = integer + cents.slice(0, 2);
    if (Number(cents[2]) >= 5) kept = incrementDigits(kept);
    integer = kept.slice(0, -2).replace(/^0+(?=\d)/, '') || '0';
    fraction = kept.slice(-2);
  }
  const zero = /^0+$/.test(integer + fraction);
  const sign = negative && !zero ? '-' : '';
  return `${sign}${groupThousands(integer)},${fraction}${NBSP}€`;
}

const MEGABYTE = 1024 * 1024;

/** product.md §9: file sizes in Mo with 2 decimals ('1,25 Mo'). */
export function formatFileSize(bytes: number | null | undefined): string {
  if (bytes === null || bytes === undefined || !Number.isFinite(bytes)) return '';
  const megabytes = Math.round((bytes / MEGABYTE) * 100) / 100;
  const [integer, fraction = ''] = megabytes.toFixed(2).split('.');
  return `${groupThousands(integer)},${fraction}${NBSP}Mo`;
}
