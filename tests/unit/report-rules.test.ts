import {
  alertClock,
  amountsShownTo,
  alertLevel,
  averageDelay,
  can,
  dictationPosition,
  nextStatus,
  statusesForFilter,
  statusShownTo,
  validateNewReport,
  type ReportAction,
  type ReportFacts,
} from '../../api/src/modules/reports/rules.js';
import type { ReportStatus } from '../../api/src/generated/prisma/enums.js';

describe('alert colour (product.md §4)', () => {
  it.each<[ReportStatus, number, string]>([
    ['NA', 100, 'DEFAULT'],
    ['TE', 100, 'DEFAULT'],
    ['AR', 100, 'DEFAULT'],
    ['EC', 0, 'SUCCESS'],
    ['EC', 29.99, 'SUCCESS'],
    ['EC', 30, 'WARNING'],
    ['RS', 33, 'WARNING'],
    ['EC', 36, 'WARNING'],
    ['EC', 36.01, 'ERROR'],
    ['RS', 240, 'ERROR'],
  ])('%s after %f h → %s', (status, hours, level) => {
    expect(alertLevel(status, hours)).toBe(level);
  });

  it('secretaries count from the last status change, others from creation', () => {
    const report = { createdAt: new Date('2026-11-01T08:00:00Z'), lastStatusChange: new Date('2026-11-03T08:00:00Z') };
    expect(alertClock('SECRETARY', report)).toBe(report.lastStatusChange);
    expect(alertClock('ADMIN', report)).toBe(report.createdAt);
    expect(alertClock('BAILIFF', report)).toBe(report.createdAt);
  });
});

describe('average return delay', () => {
  it.each([
    [[], { hours: 0, minutes: 0 }],
    [[10], { hours: 10, minutes: 0 }],
    [[1, 2], { hours: 1, minutes: 30 }],
    [[0.25, 0.25, 0.5], { hours: 0, minutes: 20 }],
    [[30.999], { hours: 31, minutes: 0 }],
  ])('%j → %j', (hours, expected) => {
    expect(averageDelay(hours)).toEqual(expected);
  });
});

describe('status transitions (state machine)', () => {
  it.each<[ReportStatus, Parameters<typeof nextStatus>[1], ReportStatus]>([
    ['NA', { type: 'secretaryAssigned' }, 'EC'],
    ['EC', { type: 'secretaryAssigned' }, 'EC'],
    ['RS', { type: 'secretaryAssigned' }, 'RS'],
    ['EC', { type: 'retrocessionSet' }, 'RS'],
    ['RS', { type: 'retrocessionSet' }, 'RS'],
    ['TE', { type: 'retrocessionSet' }, 'TE'],
    ['EC', { type: 'filesReturned' }, 'TE'],
    ['RS', { type: 'filesReturned' }, 'TE'],
    ['NA', { type: 'filesReturned' }, 'TE'],
    ['TE', { type: 'returnedFilesRemoved', remainingReturned: 1, provisionalPages: 4 }, 'TE'],
    ['TE', { type: 'returnedFilesRemoved', remainingReturned: 0, provisionalPages: 4 }, 'RS'],
    ['TE', { type: 'returnedFilesRemoved', remainingReturned: 0, provisionalPages: 0 }, 'EC'],
    ['EC', { type: 'archived' }, 'AR'],
    ['TE', { type: 'archived' }, 'AR'],
    ['AR', { type: 'unarchived', returnedFiles: 2, provisionalPages: 0 }, 'TE'],
    ['AR', { type: 'unarchived', returnedFiles: 0, provisionalPages: 3 }, 'RS'],
    ['AR', { type: 'unarchived', returnedFiles: 0, provisionalPages: 0 }, 'EC'],
  ])('%s + %j → %s', (from, event, to) => {
    expect(nextStatus(from, event)).toBe(to);
  });

  it.each([
    ['BAILIFF', 'RS', 'EC'],
    ['BAILIFF', 'NA', 'EC'],
    ['BAILIFF', 'TE', 'TE'],
    ['BAILIFF', 'AR', 'AR'],
    ['ADMIN', 'RS', 'RS'],
    ['ADMIN', 'NA', 'NA'],
    ['SECRETARY', 'RS', 'RS'],
  ] as const)('a %s sees %s as %s (product.md §6: a bailiff knows EC, TE and AR only)', (role, status, shown) => {
    expect(statusShownTo(role, status)).toBe(shown);
  });

  it.each([
    ['BAILIFF', ['EC', 'TE'], ['NA', 'EC', 'RS', 'TE']],
    ['BAILIFF', ['AR'], ['AR']],
    // RS or NA alone would tell a bailiff which of his EC constats are really RS or NA.
    ['BAILIFF', ['RS'], ['NA', 'EC', 'RS']],
    ['BAILIFF', ['NA', 'TE'], ['NA', 'EC', 'RS', 'TE']],
    ['BAILIFF', ['RS', 'NA', 'EC'], ['NA', 'EC', 'RS']],
    ['SECRETARY', ['EC'], ['EC']],
    ['ADMIN', ['NA'], ['NA']],
  ] as const)("a %s's filter %j stands for %j", (role, statuses, expected) => {
    expect(statusesForFilter(role, [...statuses])).toEqual(expected);
  });
});

describe('permissions (product.md §6)', () => {
  const report = (overrides: Partial<ReportFacts> = {}): ReportFacts => ({
    status: 'EC',
    isArchived: false,
    invoiced: false,
    bailiffId: 10,
    secretaryId: 20,
    ...overrides,
  });
  const admin = { id: 1, role: 'ADMIN' as const };
  const owner = { id: 10, role: 'BAILIFF' as const };
  const otherBailiff = { id: 11, role: 'BAILIFF' as const };
  const assigned = { id: 20, role: 'SECRETARY' as const };
  const otherSecretary = { id: 21, role: 'SECRETARY' as const };

  it.each<[string, ReportAction, Partial<ReportFacts>, boolean[]]>([
    // action, report, [admin, owner, other bailiff, assigned, other secretary]
    ['view', 'view', {}, [true, true, false, true, false]],
    ['deposit while EC', 'addDeposited', {}, [true, true, false, false, false]],
    ['deposit on TE', 'addDeposited', { status: 'TE' }, [false, false, false, false, false]],
    ['return while RS', 'addReturned', { status: 'RS' }, [true, false, false, true, false]],
    ['return on archived', 'addReturned', { status: 'AR', isArchived: true }, [false, false, false, false, false]],
    ['take back a return on TE', 'removeReturned', { status: 'TE' }, [true, false, false, false, false]],
    ['assign', 'assignSecretary', {}, [true, false, false, false, false]],
    ['retrocession on TE', 'setRetrocession', { status: 'TE' }, [true, false, false, true, false]],
    ['retrocession on NA', 'setRetrocession', { status: 'NA' }, [false, false, false, false, false]],
    ['billing', 'setBilling', { status: 'TE' }, [true, false, false, false, false]],
    ['billing once invoiced', 'setBilling', { status: 'AR', isArchived: true, invoiced: true }, [false, false, false, false, false]],
    ['archive TE', 'archive', { status: 'TE' }, [true, true, false, false, false]],
    ['archive EC', 'archive', {}, [true, false, false, false, false]],
    ['unarchive', 'unarchive', { status: 'AR', isArchived: true }, [true, false, false, false, false]],
    ['comment', 'comment', {}, [true, true, false, true, false]],
  ])('%s', (_label, action, facts, expected) => {
    expect([admin, owner, otherBailiff, assigned, otherSecretary].map((actor) => can(actor, action, report(facts)))).toEqual(expected);
  });

  it('nobody anonymous', () => {
    expect(can(null, 'view', report())).toBe(false);
  });
});

describe('amounts each role reads (issue 16)', () => {
  it.each([
    ['ADMIN', { retrocession: true, billing: true }],
    // The secretary's pay, from which her tariff follows, never reaches a bailiff.
    ['BAILIFF', { retrocession: false, billing: true }],
    ['SECRETARY', { retrocession: true, billing: false }],
  ] as const)('%s', (role, expected) => {
    expect(amountsShownTo(role)).toEqual(expected);
  });
});

describe('new report validation (product.md §5)', () => {
  it.each([
    [{ name: '', fileCount: 1 }, { name: 'Veuillez entrer un nom pour le constat' }],
    [{ name: '   ', fileCount: 1 }, { name: 'Veuillez entrer un nom pour le constat' }],
    [{ name: 'x'.repeat(90), fileCount: 1 }, {}],
    [{ name: 'x'.repeat(91), fileCount: 1 }, { name: 'Le nom du constat ne doit pas dépasser 90 caractères.' }],
    [{ name: 'Constat', fileCount: 0 }, { files: 'Veuillez entrer un fichier' }],
  ])('%j → %j', (input, errors) => {
    expect(validateNewReport(input)).toEqual(errors);
  });
});

describe('a dictation listening position (product.md §16)', () => {
  it.each<[number, number | null, number | null]>([
    [0, 6, 0],
    [2.54, 6, 2.5],
    [3.25, null, 3.3],
    // Past the end of a known length: the end (a browser may read it a little longer).
    [6.4, 6, 6],
    [86_400, null, 86_400],
    [-0.01, 6, null],
    [86_400.01, null, null],
    [Number.NaN, 6, null],
    [Number.POSITIVE_INFINITY, null, null],
    [Number.NEGATIVE_INFINITY, 6, null],
  ])('%p s into %p s → %p', (seconds, duration, expected) => {
    expect(dictationPosition(seconds, duration)).toBe(expected);
  });
});
