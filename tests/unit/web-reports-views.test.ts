// The web side of the reports lists (web/src/features/reports/reportsViews.ts): the filter each
// screen sends (the list by name, the server applying its statuses), the CSV export's spelled-out
// criteria, and which changed constats stay in a list (product.md §2, §4).
import {
  AWAITING,
  belongsTo,
  defaultFilters,
  initialFilter,
  keepsArchived,
  toExportFilter,
  toFilter,
  type Filters,
} from '../../web/src/features/reports/reportsViews.js';

const none: Filters = { bailiffId: '', secretaryId: '', year: '', month: '', status: '' };

describe('the filter a reports screen sends', () => {
  it('names its list and leaves the statuses to the server when the search picks none', () => {
    expect(initialFilter('secretaryInProgress')).toEqual({
      view: 'SECRETARY_IN_PROGRESS',
      awaitingSecretary: null,
      search: null,
      bailiffId: null,
      secretaryId: null,
      year: null,
      month: null,
      statuses: null,
    });
  });

  it('opens the bailiff’s archive on the archived constats, every other list on « Tous »', () => {
    expect(defaultFilters('bailiffArchived').status).toBe('AR');
    expect(initialFilter('bailiffArchived').statuses).toEqual(['AR']);
    expect(defaultFilters('inProgress').status).toBe('');
  });

  it('sends the advanced search’s choices; a month only with its year', () => {
    const filters = { bailiffId: 'VXNlcjo0', secretaryId: '', year: '2026', month: '3', status: 'RS' };
    expect(toFilter('inProgress', 'loyer', filters)).toMatchObject({
      search: 'loyer',
      bailiffId: 'VXNlcjo0',
      secretaryId: null,
      year: 2026,
      month: 3,
      statuses: ['RS'],
      awaitingSecretary: null,
    });
    expect(toFilter('inProgress', '', { ...none, month: '3' }).month).toBeNull();
  });

  it('turns « En attente de secrétaire » into its own criterion, not a status', () => {
    expect(toFilter('inProgress', '', { ...none, status: AWAITING })).toMatchObject({ awaitingSecretary: true, statuses: null });
  });
});

describe('the CSV export of a list', () => {
  it('spells out the list’s statuses and archived flag instead of naming it', () => {
    const exported = toExportFilter('done', '', none);
    expect(exported).not.toHaveProperty('view');
    expect(exported).toMatchObject({ statuses: ['TE'], archived: false });
    expect(toExportFilter('secretaryAll', '', { ...none, status: 'TE' })).toMatchObject({ statuses: ['TE'], archived: null });
  });
});

describe('which constats a list keeps when they change', () => {
  it('keeps archived constats only in the lists that show them', () => {
    expect(keepsArchived('archived', none)).toBe(true);
    expect(keepsArchived('inProgress', none)).toBe(false);
    expect(keepsArchived('secretaryAll', none)).toBe(true);
    expect(keepsArchived('secretaryAll', { ...none, status: 'EC' })).toBe(false);
  });

  it('drops from an admin list a constat whose status or archiving it no longer shows', () => {
    const inProgress = belongsTo('inProgress')!;
    expect(inProgress({ status: 'RS', isArchived: false })).toBe(true);
    expect(inProgress({ status: 'TE', isArchived: false })).toBe(false);
    expect(inProgress({ status: 'EC', isArchived: true })).toBe(false);
    expect(belongsTo('archived')!({ status: 'AR', isArchived: true })).toBe(true);
  });

  it('lets the secretary’s and the bailiff’s lists keep a changed row, to show it', () => {
    expect(belongsTo('secretaryInProgress')).toBeUndefined();
    expect(belongsTo('bailiffInProgress')).toBeUndefined();
  });
});
