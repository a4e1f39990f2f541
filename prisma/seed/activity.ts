// Demo seed: notifications, absences and audit entries.
import { civilityLabels } from '../../api/src/modules/accounts/rules.js';
import { Prisma } from '../../api/src/generated/prisma/client.js';
import { escapeHtml } from '../../api/src/infra/html.js';
import type { SeedGroupBill } from './bills.js';
import type { SeedGroup } from './groups.js';
import { type Cast, fullName, type SeedUser } from './people.js';
import { assignedAt, type SeedReport } from './reports.js';
import { addDays, addHours, calendarDay, DAY, earliest, monthLabel } from './tools.js';

interface NotificationRow {
  userId: number;
  kind: string;
  body: string;
  reportId: number | null;
  isRead: boolean;
  readAt: Date | null;
  createdAt: Date;
}

/** What each role was told: deposits and registrations to the admin, assignments, returns, bills. */
export function planNotifications(reports: SeedReport[], bills: SeedGroupBill[], cast: Cast, groups: SeedGroup[], now: Date) {
  const notifications: NotificationRow[] = [];
  const notify = (user: SeedUser, kind: string, html: string, createdAt: Date, reportId: number | null = null) => {
    // Anything older than three days has been seen.
    const isRead = now.getTime() - createdAt.getTime() > 3 * DAY;
    const readAt = isRead ? addHours(createdAt, 2) : null;
    notifications.push({ userId: user.id, kind, body: `<p>${html}</p>`, reportId, createdAt, isRead, readAt });
  };
  const strong = (text: string) => `<strong>${escapeHtml(text)}</strong>`;
  const latestFirst = [...reports].reverse();

  for (const report of latestFirst.filter((candidate) => candidate.status === 'NA')) {
    const text = `Nouveau constat ${strong(report.name)} déposé par Maître ${escapeHtml(fullName(report.bailiff))}.`;
    notify(cast.admin, 'REPORT_CREATED', text, report.createdAt, report.id);
  }
  const applicant = `${civilityLabels[cast.pending.civility]} ${fullName(cast.pending)}`;
  const request = `Nouvelle demande de création de compte huissier : ${strong(applicant)} (${escapeHtml(cast.pending.email)}).`;
  notify(cast.admin, 'ACCOUNT_REQUEST', request, cast.pending.createdAt);
  for (const report of latestFirst.filter((candidate) => candidate.status === 'EC' || candidate.status === 'RS')) {
    const text = `Le constat ${strong(report.name)} vous a été attribué.`;
    notify(report.secretary!, 'REPORT_ASSIGNED', text, assignedAt(report.createdAt), report.id);
  }
  for (const report of latestFirst.filter((candidate) => candidate.returnedAt).slice(0, 12)) {
    const text = `Le constat ${strong(report.name)} est terminé : les éléments retournés sont disponibles.`;
    notify(report.bailiff, 'REPORT_RETURNED', text, report.returnedAt!, report.id);
  }
  for (const bill of bills.filter((candidate) => candidate.sentAt)) {
    const group = groups.find((candidate) => candidate.id === bill.groupId)!;
    const text = `La facture n° ${bill.number} (${monthLabel(bill.year, bill.month)}) a été envoyée à ${escapeHtml(group.email)}.`;
    for (const bailiff of cast.bailiffs.filter((member) => member.groupId === bill.groupId))
      notify(bailiff, 'BILL_SENT', text, bill.sentAt!);
  }
  return notifications;
}

/** Absences around today: past, current and coming, for bailiffs and secretaries. */
export function planAbsences(cast: Cast, now: Date) {
  const [francois, helene, loic] = cast.bailiffs;
  const [berenice, zoe, anais] = cast.secretaries;
  const absences: [user: SeedUser, fromDay: number, toDay: number, comment: string][] = [
    [francois, -60, -54, 'Vacances'],
    [zoe, -20, -18, 'Formation'],
    [loic, -1, 1, 'Audiences au tribunal judiciaire de Paris'],
    [anais, 2, 2, 'Rendez-vous médical'],
    [berenice, 7, 11, 'Congés'],
    [helene, 20, 24, 'Congrès de la Chambre nationale des commissaires de justice'],
  ];
  return absences.map(([user, fromDay, toDay, comment]) => ({
    userId: user.id,
    startDate: calendarDay(now, fromDay),
    endDate: calendarDay(now, toDay),
    comment,
    createdAt: earliest(addDays(now, fromDay - 10), now),
  }));
}

/** A few entries in the shape the services record (api/src/modules/audit). */
export function planAuditLogs(reports: SeedReport[], bills: SeedGroupBill[], cast: Cast, groups: SeedGroup[], now: Date) {
  const admin = cast.admin.id;
  const ip = '203.0.113.24';
  const lastAssigned = reports.filter((report) => report.status === 'EC').at(-1)!;
  const lastBill = bills.at(-1)!;
  const entry = (actorId: number, action: string, entity: string, entityId: number, createdAt: Date, data?: Prisma.InputJsonValue) => ({
    actorId,
    action,
    entity,
    entityId: String(entityId),
    data,
    ip,
    createdAt,
  });
  return [
    entry(admin, 'accounts.create', 'User', cast.bailiffs[1].id, addDays(now, -700), { role: 'BAILIFF' }),
    entry(admin, 'groups.update', 'Group', groups[0].id, addDays(now, -400), { pricePage: groups[0].pricePage.toFixed(2) }),
    entry(admin, 'auth.login_as', 'User', cast.bailiffs[0].id, addDays(now, -30)),
    entry(admin, 'billing.group_bill.create', 'GroupBill', lastBill.id, lastBill.createdAt, { number: lastBill.number }),
    entry(admin, 'reports.assign_secretary', 'Report', lastAssigned.id, lastAssigned.lastStatusChange, {
      secretaryId: lastAssigned.secretaryId,
    }),
    { ...entry(cast.pending.id, 'auth.register', 'User', cast.pending.id, cast.pending.createdAt), ip: '198.51.100.7' },
  ];
}
