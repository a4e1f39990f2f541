// The app's date, money and size formatters (product.md §9: dates DD/MM/YYYY HH:mm in French time,
// amounts in euros with 2 decimals, sizes in Mo with 2 decimals). Dates and amounts are the server's
// own formatters (packages/domain/src/format.ts), so a screen, an e-mail and a bill read the same.
export { formatMoney, formatParisDate as formatDate, formatParisDateTime as formatDateTime } from '@constats/domain/format';

const KILOBYTE = 1024;
const MEGABYTE = 1024 * KILOBYTE;

const megabytes = new Intl.NumberFormat('fr-FR', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const kilobytes = new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 0 });

/**
 * product.md §9: file sizes in Mo with 2 decimals ('1,25 Mo'), no-break spaces as the amounts; under
 * 1 Mo in whole Ko ('51 Ko'), a file of a few bytes being '1 Ko' rather than '0,00 Mo' (docs/decisions.md).
 */
export function formatFileSize(bytes: number | null | undefined): string {
  if (bytes === null || bytes === undefined || !Number.isFinite(bytes)) return '';
  const ko = bytes > 0 ? Math.max(1, Math.round(bytes / KILOBYTE)) : 0;
  const text = ko < KILOBYTE ? `${kilobytes.format(ko)}\u00a0Ko` : `${megabytes.format(bytes / MEGABYTE)}\u00a0Mo`;
  return text.replace(/\u202f/g, '\u00a0');
}
