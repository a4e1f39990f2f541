// The lists' filters applied row by row in JavaScript: the reference the read model's SQL
// (api/src/modules/reports/read-model/filters.ts) is held to. Visibility is the action rule
// `can(viewer, 'view', report)`, statuses and the « non attribué » filter the pure rules of
// rules.ts, the search ILIKE's own semantics (`%` and `_` are wildcards, as PostgreSQL reads them).
import type { Viewer } from '../../api/src/context.js';
import type { ReportStatus } from '../../api/src/generated/prisma/enums.js';
import { parisPeriod } from '../../api/src/lib/periods.js';
import type { ReportFilter } from '../../api/src/modules/reports/read-model/filters.js';
import { can, isAwaitingSecretary, statusesForFilter } from '../../api/src/modules/reports/rules.js';

export interface OracleReport {
  id: number;
  name: string;
  status: ReportStatus;
  isArchived: boolean;
  invoiced: boolean;
  bailiffId: number;
  secretaryId: number | null;
  createdAt: Date;
}

/** ILIKE '%search%' as a regular expression (PostgreSQL's default escape is the backslash). */
function likeMatcher(search: string): RegExp {
  let source = '';
  for (let i = 0; i < search.length; i++) {
    const char = search[i];
    if (char === '\\' && i + 1 < search.length) source += search[++i].replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    else if (char === '%') source += '.*';
    else if (char === '_') source += '.';
    else source += char.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  }
  return new RegExp(source, 'is');
}

/** Whether `report` is in the list `filter` describes for `viewer`. */
export function inList(viewer: Viewer, filter: ReportFilter, report: OracleReport): boolean {
  if (!can(viewer, 'view', report)) return false;
  if (filter.statuses?.length && !statusesForFilter(viewer.role, filter.statuses).includes(report.status)) return false;
  if (filter.bailiffId && report.bailiffId !== filter.bailiffId) return false;
  if (filter.secretaryId && report.secretaryId !== filter.secretaryId) return false;
  if (filter.year != null) {
    const period = parisPeriod(filter.year, filter.month);
    if (report.createdAt < period.start || report.createdAt >= period.end) return false;
  }
  const search = filter.search?.trim();
  if (search && !likeMatcher(search).test(report.name)) return false;
  if (filter.archived != null && report.isArchived !== filter.archived) return false;
  if (filter.awaitingSecretary && !isAwaitingSecretary(report)) return false;
  return true;
}

export const ORACLE_SELECT = {
  id: true,
  name: true,
  status: true,
  isArchived: true,
  invoiced: true,
  bailiffId: true,
  secretaryId: true,
  createdAt: true,
} as const;
