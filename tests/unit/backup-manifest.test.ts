// The backup folder's rules (api/src/infra/backup/manifest.ts): what a valid manifest is, how the
// checksums it lists are compared with the folder's, and which migrations a restore applies when.
import {
  archiveEntries,
  BackupError,
  checksumProblems,
  migrationPlan,
  parseManifest,
  type BackupManifest,
} from '../../api/src/infra/backup/manifest.js';

const SHA = 'a'.repeat(64);
const valid: BackupManifest = {
  format: 1,
  createdAt: '2026-11-29T18:00:00.000Z',
  appVersion: '0.3.9',
  migrations: ['20261121121443_init', '20261129130322_mail_outbox'],
  tables: [{ name: 'Report', columns: ['id', 'name'], rows: 2, bytes: 20, sha256: SHA }],
  sequences: [{ name: 'Report_id_seq', value: '42', isCalled: true }],
  files: [{ key: 'reports/2026/11/f.pdf', bytes: 10, sha256: SHA }],
  missingFiles: [],
};
const withChange = (change: (manifest: any) => void) => {
  const copy = structuredClone(valid) as any;
  change(copy);
  return JSON.stringify(copy);
};

describe('manifest', () => {
  it('reads back what a backup wrote', () => {
    expect(parseManifest(JSON.stringify(valid))).toEqual(valid);
  });

  it.each([
    ['not JSON', '{"format": 1,', 'JSON illisible'],
    ['an array', '[]', 'objet attendu'],
    ['another format', withChange((m) => (m.format = 2)), 'format 2 inconnu (attendu : 1)'],
    ['a migration named like no migration', withChange((m) => m.migrations.push('../init')), 'liste des migrations'],
    ['a table name that is no identifier', withChange((m) => (m.tables[0].name = 'Report"; DROP TABLE x; --')), 'liste des tables'],
    ['a column name that is no identifier', withChange((m) => (m.tables[0].columns = ['id', 'a b'])), 'liste des tables'],
    ['a table without columns', withChange((m) => (m.tables[0].columns = [])), 'liste des tables'],
    ['a negative row count', withChange((m) => (m.tables[0].rows = -1)), 'liste des tables'],
    ['a table twice', withChange((m) => m.tables.push(m.tables[0])), 'table en double'],
    ['a sequence value that is no integer', withChange((m) => (m.sequences[0].value = '1; SELECT 1')), 'liste des séquences'],
    ['a key leaving the folder', withChange((m) => (m.files[0].key = '../../etc/passwd')), 'liste des fichiers'],
    ['an absolute key', withChange((m) => (m.files[0].key = '/etc/passwd')), 'liste des fichiers'],
    ['a checksum that is no SHA-256', withChange((m) => (m.files[0].sha256 = 'abc')), 'liste des fichiers'],
    ['a file twice', withChange((m) => m.files.push(m.files[0])), 'fichier en double'],
  ])('%s is refused in French', (_case, text, reason) => {
    expect(() => parseManifest(text)).toThrow(new BackupError(`Manifeste de sauvegarde invalide : ${reason}.`));
  });
});

describe('checksums', () => {
  const entries = archiveEntries(valid);

  it('lists every table file and every stored file of the folder', () => {
    expect(entries).toEqual([
      { path: 'tables/Report.copy', bytes: 20, sha256: SHA },
      { path: 'files/reports/2026/11/f.pdf', bytes: 10, sha256: SHA },
    ]);
  });

  it.each([
    ['all as listed', { bytes: 10, sha256: SHA }, []],
    ['absent', null, ['files/reports/2026/11/f.pdf : fichier absent de la sauvegarde']],
    ['shorter', { bytes: 4, sha256: SHA }, ['files/reports/2026/11/f.pdf : 4 octet(s) au lieu de 10']],
    [
      'same size, other bytes',
      { bytes: 10, sha256: 'b'.repeat(64) },
      ['files/reports/2026/11/f.pdf : somme de contrôle SHA-256 différente'],
    ],
  ])('a stored file %s', (_case, measured, problems) => {
    const folder = new Map([
      ['tables/Report.copy', { bytes: 20, sha256: SHA }],
      ['files/reports/2026/11/f.pdf', measured],
    ]);
    expect(checksumProblems(entries, folder)).toEqual(problems);
  });
});

describe('migrations of a restore', () => {
  const build = ['1_init', '2_files', '3_outbox'].map((name, index) => `2026112${index}000000_${name}`);
  const [init, files, outbox] = build;

  it.each([
    ['same version, empty database', [init, files, outbox], [], { before: build, after: [] }],
    ['same version, database migrated by a first start', build, build, { before: [], after: [] }],
    ['an older backup: the newer migrations after loading', [init, files], [], { before: [init, files], after: [outbox] }],
    ['an older backup onto a half-migrated database', [init, files], [init], { before: [files], after: [outbox] }],
  ])('%s', (_case, archive, target, plan) => {
    expect(migrationPlan(archive, build, target)).toEqual(plan);
  });

  it('a backup from a newer version is refused: update the application first', () => {
    expect(() => migrationPlan([...build, '20261201000000_future'], build, [])).toThrow(
      'La sauvegarde vient d’une version plus récente de l’application (migration(s) inconnue(s) : 20261201000000_future) : mettez l’application à jour avant de restaurer.',
    );
  });

  it('a target already migrated past the backup is refused', () => {
    expect(() => migrationPlan([init], build, [init, files])).toThrow(
      `La base cible a déjà des migrations absentes de la sauvegarde (${files}) : restaurez dans une base vide.`,
    );
  });
});
