// The app's date, money and size formatters (product.md §9: dates DD/MM/YYYY HH:mm in French time,
// amounts in euros with 2 decimals, sizes in Mo with 2 decimals). Dates and amounts are the server's
// own formatters (packages/domain/src/format.ts), so a screen, an e-mail and a bill read the same.
export { formatMoney, formatParisDate as formatDate, formatParisDateTime as formatDateTime } from '@constats/domain/format';

const MEGABYTE = 1024 * 1024;

const megabytes = new Intl.NumberFormat('fr-FR', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** product.md §9: file sizes in Mo with 2 decimals ('1,25 Mo'), no-break spaces as the amounts. */
export function formatFileSize(bytes: number | null | undefined): string {
  if (bytes === null || bytes === undefined || !Number.isFinite(bytes)) return '';
  return `${megabytes.format(bytes / MEGABYTE).replace(/\u202f/g, '\u00a0')}\u00a0Mo`;
}
