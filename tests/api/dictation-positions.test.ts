// Where each user stopped listening to a deposited dictation (product.md §16), through the real
// server: saved and read back per user (nobody reads another's), only on a constat the user sees
// and only for a dictation, bounded whatever is sent, one row however many saves race, and gone
// with its file.
import { encodeGlobalID } from '@pothos/plugin-relay';
import { startTestApp, type TestApp } from '../support/app.js';
import { validAccountInput } from '../support/accounts.js';
import { demo, gql, loginToken, type GraphQLResponse } from '../support/http.js';
import { cameraJpeg, toneWav } from '../support/media.js';
import { gqlUpload, samplePdf } from '../support/upload.js';
import { waitFor } from '../support/wait.js';

type Who = 'admin' | 'bailiff' | 'secretary' | 'otherSecretary' | 'stranger';

let app: TestApp;
const tokens = {} as Record<Who, string>;
const userIds = {} as Record<Who, number>;
let reportId: number;
/** File ids by name. */
const files: Record<string, string> = {};

const SAVE = `mutation($input: SaveDictationPositionInput!) {
  saveDictationPosition(input: $input) { message file { id name listenedUntil } }
}`;
const LISTENED = `query($id: ID!) { node(id: $id) { ... on Report { deposited { files { name duration listenedUntil } } } } }`;

const save = (who: Who | null, fileId: string, seconds: unknown) =>
  gql(app.url, SAVE, { input: { fileId, seconds } }, who ? tokens[who] : undefined);

/** Each deposited file's listenedUntil as `who` reads it. */
async function listened(who: Who): Promise<Record<string, number | null>> {
  const result = await gql(app.url, LISTENED, { id: encodeGlobalID('Report', reportId) }, tokens[who]);
  expect(result.errors).toBeUndefined();
  const listed = result.data!.node.deposited.files as { name: string; listenedUntil: number | null }[];
  return Object.fromEntries(listed.map((file) => [file.name, file.listenedUntil]));
}

const positions = () =>
  app.services.db.dictationPosition.findMany({ where: { reportFileId: Number(files['dictée.wav']) }, orderBy: { userId: 'asc' } });

const codeOf = (result: GraphQLResponse) => result.errors?.[0]?.extensions?.code;

beforeAll(async () => {
  app = await startTestApp();
  for (const who of ['admin', 'bailiff', 'secretary'] as const)
    tokens[who] = await loginToken(app.url, demo[who].email, demo[who].password);
  const byEmail = (email: string) => app.services.db.user.findUniqueOrThrow({ where: { email } });
  const bailiff = await byEmail(demo.bailiff.email);
  Object.assign(userIds, {
    admin: (await byEmail(demo.admin.email)).id,
    bailiff: bailiff.id,
    secretary: (await byEmail(demo.secretary.email)).id,
  });
  const otherSecretary = await app.services.db.user.findFirstOrThrow({
    where: { role: 'SECRETARY', status: 'ACTIVE', id: { not: userIds.secretary } },
  });
  userIds.otherSecretary = otherSecretary.id;
  tokens.otherSecretary = await loginToken(app.url, otherSecretary.email, demo.secretary.password);
  // A bailiff of another étude.
  const other = await app.services.db.group.findFirstOrThrow({ where: { id: { not: bailiff.groupId! } } });
  const account = validAccountInput('BAILIFF', encodeGlobalID('Group', other.id));
  const created = await gql(
    app.url,
    'mutation($input: CreateAccountInput!) { createAccount(input: $input) { user { id } } }',
    { input: account },
    tokens.admin,
  );
  expect(created.errors).toBeUndefined();
  tokens.stranger = await loginToken(app.url, account.email as string, account.password as string);

  const deposit = [
    { name: 'dictée.wav', content: toneWav(6) },
    { name: 'acte.pdf', content: samplePdf() },
    { name: 'IMG_0001.jpg', content: await cameraJpeg(64, 48) },
  ];
  const report = await gqlUpload(
    app.url,
    'mutation($input: CreateReportInput!) { createReport(input: $input) { report { id databaseId deposited { files { id name } } } } }',
    { input: { name: 'Constat dicté', bailiffId: encodeGlobalID('User', bailiff.id), files: deposit.map(() => null) } },
    deposit.map((file, index) => ({ path: `input.files.${index}`, ...file })),
    tokens.admin,
  );
  expect(report.errors).toBeUndefined();
  reportId = report.data!.createReport.report.databaseId;
  for (const file of report.data!.createReport.report.deposited.files as { id: string; name: string }[]) files[file.name] = file.id;
  const assigned = await gql(
    app.url,
    'mutation($input: AssignSecretaryInput!) { assignSecretary(input: $input) { message } }',
    { input: { reportId: encodeGlobalID('Report', reportId), secretaryId: encodeGlobalID('User', userIds.secretary) } },
    tokens.admin,
  );
  expect(assigned.errors).toBeUndefined();
  await waitFor(async () => (await app.services.db.reportFile.count({ where: { reportId, countStatus: 'PENDING' } })) === 0, {
    timeout: 60_000,
    interval: 200,
    what: 'the counting of the deposit',
  });
}, 120_000);

afterAll(() => app?.stop());

it('saves each user’s position and reads it back to that user only', async () => {
  expect(await listened('secretary')).toEqual({ 'dictée.wav': null, 'acte.pdf': null, 'IMG_0001.jpg': null });

  const saved = await save('secretary', files['dictée.wav'], 2.54);
  expect(saved.errors).toBeUndefined();
  expect(saved.data!.saveDictationPosition).toEqual({
    message: 'Position d’écoute enregistrée.',
    file: { id: files['dictée.wav'], name: 'dictée.wav', listenedUntil: 2.5 },
  });
  expect((await listened('secretary'))['dictée.wav']).toBe(2.5);
  // The admin and the bailiff see the constat, not the secretary's place in it.
  expect((await listened('admin'))['dictée.wav']).toBeNull();
  expect((await listened('bailiff'))['dictée.wav']).toBeNull();

  expect((await save('admin', files['dictée.wav'], 4)).errors).toBeUndefined();
  expect((await save('secretary', files['dictée.wav'], 3.25)).errors).toBeUndefined();
  expect((await listened('secretary'))['dictée.wav']).toBe(3.3);
  expect((await listened('admin'))['dictée.wav']).toBe(4);

  // A browser may read the recording a little longer than the server did: its end is the end.
  const pastTheEnd = await save('secretary', files['dictée.wav'], 6.4);
  expect(pastTheEnd.data!.saveDictationPosition.file.listenedUntil).toBe(6);
  expect((await save('secretary', files['dictée.wav'], 0)).data!.saveDictationPosition.file.listenedUntil).toBe(0);
  expect((await positions()).map((row) => [row.userId, row.seconds])).toEqual(
    [
      [userIds.admin, 4],
      [userIds.secretary, 0],
    ].sort((a, b) => a[0] - b[0]),
  );
});

it('refuses a dictation of a constat the user does not see, as if it did not exist', async () => {
  const before = await positions();
  for (const who of ['stranger', 'otherSecretary'] as const) {
    const refused = await save(who, files['dictée.wav'], 1);
    expect(refused.errors?.[0]).toMatchObject({ message: 'Fichier introuvable.', extensions: { code: 'NOT_FOUND' } });
  }
  // The same answer as for a file that does not exist.
  const missing = await save('secretary', '2147483000', 1);
  expect(missing.errors?.[0]).toMatchObject({ message: 'Fichier introuvable.', extensions: { code: 'NOT_FOUND' } });
  expect(codeOf(await save(null, files['dictée.wav'], 1))).toBe('UNAUTHENTICATED');
  expect(await positions()).toEqual(before);
});

it('refuses a file that is not a dictation', async () => {
  for (const name of ['acte.pdf', 'IMG_0001.jpg']) {
    const refused = await save('secretary', files[name], 1);
    expect(refused.errors?.[0]).toMatchObject({
      message: 'Ce fichier n’est pas une dictée déposée : sa position d’écoute n’est pas enregistrée.',
      extensions: { code: 'BAD_USER_INPUT' },
    });
  }
  expect(await app.services.db.dictationPosition.count({ where: { reportFileId: { not: Number(files['dictée.wav']) } } })).toBe(0);
});

it('refuses positions that are none, and file ids that name no file, changing nothing', async () => {
  expect((await save('secretary', files['dictée.wav'], 1.5)).errors).toBeUndefined();
  const before = await positions();
  for (const seconds of [-0.1, -1e308, 86_400.5, 1e308, 1e9]) {
    const refused = await save('secretary', files['dictée.wav'], seconds);
    expect(refused.errors?.[0]).toMatchObject({
      message: 'La position d’écoute doit être un nombre de secondes entre 0 et la fin de la dictée (24 heures au plus).',
      extensions: { code: 'BAD_USER_INPUT', fields: { seconds: expect.any(String) } },
    });
  }
  // What JSON cannot carry as a number, and what is no number: refused by the Float type itself.
  for (const seconds of ['NaN', 'Infinity', '1', null, true, [1]]) {
    const refused = await save('secretary', files['dictée.wav'], seconds);
    expect(refused.data).toBeUndefined();
    expect(refused.errors?.[0]).toMatchObject({
      message: expect.stringMatching(/^Variable « \$\w+ » /),
      extensions: { code: 'BAD_USER_INPUT', detail: expect.stringMatching(/Float/) },
    });
  }
  // JSON's 1e999 parses as Infinity.
  for (const literal of ['1e999', '-1e999']) {
    const body = `{"query":${JSON.stringify(SAVE)},"variables":{"input":{"fileId":"${files['dictée.wav']}","seconds":${literal}}}}`;
    const response = await fetch(`${app.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${tokens.secretary}` },
      body,
    });
    const answer = (await response.json()) as GraphQLResponse;
    expect(answer.data).toBeUndefined();
    expect(answer.errors?.[0]).toMatchObject({
      message: expect.stringMatching(/^Variable « \$seconds » /),
      extensions: { code: 'BAD_USER_INPUT', detail: expect.stringMatching(/Float cannot represent non numeric value/) },
    });
  }
  for (const fileId of ['abc', '1e3', ' 1', '-1', '0', '99999999999', 'x'.repeat(10_000), `${files['dictée.wav']}.0`]) {
    const refused = await save('secretary', fileId, 1);
    expect(refused.errors?.[0]).toMatchObject({ message: 'Fichier introuvable.', extensions: { code: 'NOT_FOUND' } });
  }
  expect(await positions()).toEqual(before);
});

it('keeps one row with one of the values when saves race', async () => {
  const values = Array.from({ length: 20 }, (_, index) => index / 4);
  const results = await Promise.all(values.map((seconds) => save('bailiff', files['dictée.wav'], seconds)));
  expect(results.filter((result) => result.errors)).toEqual([]);
  const rows = (await positions()).filter((row) => row.userId === userIds.bailiff);
  expect(rows).toHaveLength(1);
  expect(values.map((value) => Math.round(value * 10) / 10)).toContain(rows[0].seconds);
  expect((await listened('bailiff'))['dictée.wav']).toBe(rows[0].seconds);
});

it('goes with its file', async () => {
  expect((await positions()).length).toBeGreaterThan(0);
  const removed = await gql(
    app.url,
    'mutation($input: RemoveReportFilesInput!) { removeReportFiles(input: $input) { message } }',
    { input: { reportId: encodeGlobalID('Report', reportId), fileIds: [files['dictée.wav']] } },
    tokens.admin,
  );
  expect(removed.errors).toBeUndefined();
  expect(await positions()).toEqual([]);
});
