import { contentDisposition } from '../../api/src/http/files.js';
import { createFileLinks, decodeFileIds, encodeFileIds } from '../../api/src/infra/file-links.js';

const SECRET = 'x'.repeat(40);

describe('signed download links', () => {
  let now = Date.parse('2026-11-21T10:00:00Z');
  const links = createFileLinks(SECRET, 60, () => now);
  const verify = (link: string) => links.verify(new URL(link, 'http://localhost'));

  it('a link verifies with its parameters until it expires', () => {
    const link = links.file('reports/2026/11/a.pdf', 'Constat Hélène.pdf', { download: true });
    expect(verify(link)).toMatchObject({ name: 'Constat Hélène.pdf', dl: '1' });
    now += 61 * 60_000;
    expect(verify(link)).toBeNull();
    now -= 61 * 60_000;
  });

  it('changing the key, the name or the expiry breaks the signature', () => {
    const link = links.file('reports/2026/11/a.pdf', 'a.pdf');
    expect(verify(link.replace('a.pdf?', 'b.pdf?'))).toBeNull();
    expect(verify(link.replace('name=a.pdf', 'name=b.pdf'))).toBeNull();
    expect(verify(link.replace(/exp=\d+/, 'exp=9999999999'))).toBeNull();
    expect(verify(link.replace('dl=0', 'dl=1'))).toBeNull();
  });

  it('a link signed with another secret is refused', () => {
    const other = createFileLinks('y'.repeat(40), 60, () => now);
    expect(verify(other.file('reports/a.pdf', 'a.pdf'))).toBeNull();
  });

  it('within a minute the same file gets the same link; the next minute, a later expiry', () => {
    now += 5_000; // 10:00:05: expiries are rounded up to the minute
    const first = links.file('reports/2026/11/a.pdf', 'a.pdf');
    now += 20_000;
    expect(links.file('reports/2026/11/a.pdf', 'a.pdf')).toBe(first);
    expect(links.file('reports/2026/11/a.pdf', 'a.pdf', { download: true })).not.toBe(first);
    expect(links.file('reports/2026/11/b.pdf', 'a.pdf')).not.toBe(first);
    const renamed = links.file('reports/2026/11/a.pdf', 'b.pdf');
    expect(renamed).not.toBe(first);
    expect(verify(renamed)).toMatchObject({ name: 'b.pdf', dl: '0' });
    now += 60_000;
    const later = links.file('reports/2026/11/a.pdf', 'a.pdf');
    expect(later).not.toBe(first);
    expect(verify(later)).toMatchObject({ name: 'a.pdf' });
    now -= 85_000;
  });

  it('archive links are signed too, with the files they were signed for', () => {
    expect(verify(links.archive('report-deposited', 42, 'Constat 42.zip', [7, 3, 4, 5, 9]))).toMatchObject({
      name: 'Constat 42.zip',
      files: '3-5,7,9',
    });
    expect(verify(links.archive('report-deposited', 42, 'x.zip', [1]).replace('/42?', '/43?'))).toBeNull();
    expect(verify(links.archive('report-deposited', 42, 'x.zip', [1]).replace('files=1', 'files=1-99'))).toBeNull();
  });

  it('file ids travel as ranges and read back', () => {
    expect(encodeFileIds([12, 13, 14, 40, 2, 13])).toBe('2,12-14,40');
    expect(decodeFileIds('2,12-14,40')).toEqual([2, 12, 13, 14, 40]);
    expect(decodeFileIds('')).toEqual([]);
    for (const bad of ['a', '3-1', '1,,2', '1-', '0-200000']) expect(decodeFileIds(bad)).toBeNull();
  });

  it('the signed payload is canonical: a name holding "\\nexp=" cannot stand for another expiry', () => {
    const name = 'R\nexp=99999999999';
    const link = new URL(links.archive('report-deposited', 42, name, [1]), 'http://localhost');
    const exp = link.searchParams.get('exp')!;
    // The fields as the old "key=value" lines would have read them: same text, another expiry.
    const forged = `/files/archive/report-deposited/42?name=R&exp=99999999999&files=1&exp=${exp}&sig=${link.searchParams.get('sig')}`;
    expect(verify(forged)).toBeNull();
    expect(verify(link.toString())).toMatchObject({ name, exp });
    expect(verify(`${link}&extra=1`)).toBeNull();
    expect(verify(link.toString().replace(`exp=${exp}`, 'exp=1e99'))).toBeNull();
  });
});

describe('Content-Disposition', () => {
  it('keeps an ASCII fallback and the UTF-8 name, and cannot be broken out of', () => {
    expect(contentDisposition('État des lieux "final".pdf', true)).toBe(
      `attachment; filename="Etat des lieux _final_.pdf"; filename*=UTF-8''%C3%89tat%20des%20lieux%20%22final%22.pdf`,
    );
    expect(contentDisposition('a.pdf', false)).toMatch(/^inline; /);
  });
});
