import { matchesSearch } from '../../web/src/ui/search.js';

describe('matchesSearch, the searchable selectors’ filter (issue 20 item 4)', () => {
  it('ignores case and accents, like the server’s search', () => {
    expect(matchesSearch('Hélène Marchand', 'HELENE')).toBe(true);
    expect(matchesSearch('Léa Dupré', 'dupre')).toBe(true);
  });

  it('finds every typed word, in any order, and nothing else', () => {
    expect(matchesSearch('Hélène Marchand', 'mar hel')).toBe(true);
    expect(matchesSearch('Hélène Marchand', 'mar paul')).toBe(false);
  });

  it('matches everything with an empty or blank query', () => {
    expect(matchesSearch('Hélène Marchand', '')).toBe(true);
    expect(matchesSearch('Hélène Marchand', '   ')).toBe(true);
  });
});
