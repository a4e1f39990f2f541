// A constat's status as the lists show it (packages/domain/src/report-statuses.ts): the web's badges
// and the CSV export's « Statut » read the same labels and the same rule.
import { listedStatus, listedStatusLabel, REPORT_STATUS_LABELS } from '@constats/domain/report-statuses';
import { reportsText } from '../../web/src/i18n/reports.js';

describe('the status a list shows', () => {
  it.each([
    ['NA', false, 'Non attribué'],
    ['EC', false, 'En cours'],
    ['RS', false, 'Rétrocédé'],
    ['TE', false, 'Terminé'],
    ['AR', false, 'Archivé'],
    // A new deposit is stored EC; while it waits for a secretary the list shows « Non attribué ».
    ['EC', true, 'Non attribué'],
    ['NA', true, 'Non attribué'],
  ] as const)('%s, awaiting a secretary: %s → « %s »', (status, awaitingSecretary, label) => {
    expect(listedStatusLabel({ status, awaitingSecretary })).toBe(label);
  });

  it('« Non attribué » is the NA badge, whose colour the list gives it', () => {
    expect(listedStatus({ status: 'EC', awaitingSecretary: true })).toBe('NA');
    expect(listedStatus({ status: 'RS', awaitingSecretary: false })).toBe('RS');
  });

  it('the web’s catalogue holds the domain’s labels, not a copy', () => {
    expect(reportsText.status).toBe(REPORT_STATUS_LABELS);
  });
});
