// A constat's status as the lists show it (product.md §2, §4): the French label of each status and
// the badge a list row wears. The web's lists and the server's CSV export both read these, so the
// file says exactly what the screen says.
import type { ReportStatus } from './reports-views.js';

/** Each status's French label, as the lists' badges and status filters write it. */
export const REPORT_STATUS_LABELS: Record<ReportStatus, string> = {
  NA: 'Non attribué',
  EC: 'En cours',
  RS: 'Rétrocédé',
  TE: 'Terminé',
  AR: 'Archivé',
};

/**
 * The status a list row shows: « Non attribué » (NA) while the constat waits for a secretary (a new
 * deposit is stored EC, docs/decisions.md), else the status as its viewer sees it (a bailiff's EC
 * stands for NA and RS; the server says both, `Report.status` and `Report.awaitingSecretary`).
 */
export const listedStatus = (report: { status: ReportStatus; awaitingSecretary: boolean }): ReportStatus =>
  report.awaitingSecretary ? 'NA' : report.status;

/** The label a list row shows (listedStatus's, in French). */
export const listedStatusLabel = (report: { status: ReportStatus; awaitingSecretary: boolean }): string =>
  REPORT_STATUS_LABELS[listedStatus(report)];
