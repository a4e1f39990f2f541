// The reports lists (packages/domain/src/reports-views.ts, product.md §2, §4): what each one loads,
// as the server applies it.
import { REPORTS_VIEWS, reportsViewCriteria, reportsViewName } from '@constats/domain/reports-views';
import { toFilter as serverFilter } from '../../api/src/modules/reports/queries.js';

describe('reports lists', () => {
  it.each([
    ['inProgress', ['NA', 'EC', 'RS'], false],
    ['done', ['TE'], false],
    ['archived', null, true],
    ['secretaryInProgress', ['EC', 'RS'], false],
    ['secretaryAll', ['EC', 'RS', 'TE', 'AR'], null],
    ['bailiffInProgress', ['EC', 'TE'], false],
    ['bailiffArchived', null, null],
  ] as const)('%s loads %j, archived %j', (view, statuses, archived) => {
    expect(reportsViewCriteria(view)).toEqual({ statuses, archived });
  });

  it('a picked status narrows the list, one it does not offer is refused', () => {
    expect(reportsViewCriteria('inProgress', ['RS'])).toEqual({ statuses: ['RS'], archived: false });
    expect(reportsViewCriteria('bailiffArchived', ['AR'])).toEqual({ statuses: ['AR'], archived: null });
    expect(reportsViewCriteria('done', ['EC'])).toBeNull();
  });

  it('the server applies the list the filter names, and the status picked in it', () => {
    for (const view of REPORTS_VIEWS) {
      const applied = serverFilter({ view, archived: true, search: 'x' });
      expect({ statuses: applied.statuses, archived: applied.archived }).toEqual(reportsViewCriteria(view));
      expect(applied.search).toBe('x');
    }
    expect(serverFilter({ view: 'bailiffArchived', statuses: ['AR'] } as never)).toMatchObject({ statuses: ['AR'], archived: null });
  });

  it('names each list for GraphQL', () => {
    expect(REPORTS_VIEWS.map(reportsViewName)).toEqual([
      'IN_PROGRESS',
      'DONE',
      'ARCHIVED',
      'SECRETARY_IN_PROGRESS',
      'SECRETARY_ALL',
      'BAILIFF_IN_PROGRESS',
      'BAILIFF_ARCHIVED',
    ]);
  });

  it('the server refuses a status the list does not offer', () => {
    expect(() => serverFilter({ view: 'done', statuses: ['AR'] } as never)).toThrow('Statut invalide pour cette liste de constats.');
  });
});
