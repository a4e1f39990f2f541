// A creation sent twice with one Idempotency-Key (a retry after a lost answer) creates one record
// and answers both tries alike; every creation the web sends a key with is covered here.
import { randomUUID } from 'node:crypto';
import { encodeGlobalID } from '@pothos/plugin-relay';
import { startTestApp, type TestApp } from '../support/app.js';
import { demo, loginToken, type GraphQLResponse } from '../support/http.js';
import { gqlUpload, samplePdf } from '../support/upload.js';

const CREATE_ABSENCE = 'mutation($input: CreateAbsenceInput!) { createAbsence(input: $input) { message absence { id } } }';

let app: TestApp;
const tokens = {} as Record<'admin' | 'bailiff' | 'secretary', string>;
let sequence = 0;

beforeAll(async () => {
  app = await startTestApp();
  [tokens.admin, tokens.bailiff, tokens.secretary] = await Promise.all(
    [demo.admin, demo.bailiff, demo.secretary].map((user) => loginToken(app.url, user.email, user.password)),
  );
});

afterAll(async () => {
  await app?.stop();
});

type Who = keyof typeof tokens;

async function send(who: Who, query: string, variables: Record<string, unknown>, key?: string): Promise<GraphQLResponse> {
  const response = await fetch(`${app.url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${tokens[who]}`, ...(key && { 'idempotency-key': key }) },
    body: JSON.stringify({ query, variables }),
  });
  return (await response.json()) as GraphQLResponse;
}

/** `create` sent twice with one key, one after the other then at once: one record each time, one answer. */
async function expectOneRecordPerKey(create: (key: string) => Promise<GraphQLResponse>, count: () => Promise<number>) {
  const before = await count();
  const key = randomUUID();
  const first = await create(key);
  expect(first.errors).toBeUndefined();
  expect(await create(key)).toEqual(first);
  expect(await count()).toBe(before + 1);

  const concurrentKey = randomUUID();
  const both = await Promise.all([create(concurrentKey), create(concurrentKey)]);
  expect(both[0].errors).toBeUndefined();
  expect(both[1]).toEqual(both[0]);
  expect(await count()).toBe(before + 2);
}

async function ownReport(name: string): Promise<number> {
  const bailiff = await app.services.db.user.findUniqueOrThrow({ where: { email: demo.bailiff.email } });
  const report = await app.services.db.report.create({ data: { name, bailiffId: bailiff.id, status: 'EC', lastStatusChange: new Date() } });
  return report.id;
}

describe('createAbsence', () => {
  const comment = (label: string) => ({ input: { startDate: '2026-07-06', endDate: '2026-07-10', comment: label } });
  const count = (label: string) => app.services.db.absence.count({ where: { comment: label } });

  it('sent twice with one key, creates one absence and answers both with it', async () => {
    await expectOneRecordPerKey(
      (key) => send('bailiff', CREATE_ABSENCE, comment('congés clé unique'), key),
      () => count('congés clé unique'),
    );
  });

  it('without a key, or with two keys, creates two', async () => {
    await send('bailiff', CREATE_ABSENCE, comment('congés sans clé'));
    await send('bailiff', CREATE_ABSENCE, comment('congés sans clé'));
    await send('bailiff', CREATE_ABSENCE, comment('congés deux clés'), 'b5b0c1f4-absence-3');
    await send('bailiff', CREATE_ABSENCE, comment('congés deux clés'), 'b5b0c1f4-absence-4');
    expect(await count('congés sans clé')).toBe(2);
    expect(await count('congés deux clés')).toBe(2);
  });

  it('a key already used by another creation is refused, and nothing is created', async () => {
    const key = randomUUID();
    await send('bailiff', CREATE_ABSENCE, comment('congés clé partagée'), key);
    const other = await send(
      'bailiff',
      'mutation($input: AddReportCommentInput!) { addReportComment(input: $input) { message } }',
      { input: { reportId: encodeGlobalID('Report', await ownReport('Clé partagée')), body: 'Commentaire' } },
      key,
    );
    expect(other.errors?.[0]).toMatchObject({
      message: 'Cette clé Idempotency-Key a déjà servi pour une autre opération.',
      extensions: { code: 'CONFLICT' },
    });
    expect(await app.services.db.comment.count({ where: { body: 'Commentaire', report: { name: 'Clé partagée' } } })).toBe(0);
  });
});

describe('the other creations the web sends a key with', () => {
  it('createNews', async () => {
    const title = `Fermeture du ${++sequence} août`;
    await expectOneRecordPerKey(
      (key) =>
        send(
          'admin',
          'mutation($input: CreateNewsInput!) { createNews(input: $input) { message news { id } } }',
          { input: { title, body: '<p>Le bureau sera fermé.</p>' } },
          key,
        ),
      () => app.services.db.news.count({ where: { title } }),
    );
  });

  it('createGroup', async () => {
    const name = `Étude Idempotente ${++sequence}`;
    const input = {
      name,
      siret: '12345678900011',
      telephone: '0478000000',
      email: 'compta@idempotente.fr',
      address: '2 place Bellecour',
      zip: '69002',
      city: 'Lyon',
      pricePage: '2.50',
      pricePhoto: '0.80',
    };
    await expectOneRecordPerKey(
      (key) => send('admin', 'mutation($input: CreateGroupInput!) { createGroup(input: $input) { message group { id } } }', { input }, key),
      () => app.services.db.group.count({ where: { name } }),
    );
  });

  it('createAccount: the repeat answers the first account, not « Cet email existe déjà. »', async () => {
    const account = (n: number) => ({
      role: 'SECRETARY',
      firstName: 'Camille',
      lastName: 'Perrin',
      telephone: '0612345678',
      email: `idempotente.${n}@etude.fr`,
      identity: `idempotente${n}`,
      password: 'Constat#2026',
      siret: '12345678900011',
      address: '1 rue Haute',
      zip: '69001',
      city: 'Lyon',
      rib: 'FR76 1234 5678',
    });
    const CREATE = 'mutation($input: CreateAccountInput!) { createAccount(input: $input) { message user { id } } }';
    const first = ++sequence;
    const created = (n: number) => app.services.db.user.count({ where: { email: `idempotente.${n}@etude.fr` } });
    const key = randomUUID();
    const answer = await send('admin', CREATE, { input: account(first) }, key);
    expect(answer.errors).toBeUndefined();
    expect(await send('admin', CREATE, { input: account(first) }, key)).toEqual(answer);
    expect(await created(first)).toBe(1);

    const second = ++sequence;
    const concurrentKey = randomUUID();
    const both = await Promise.all([1, 2].map(() => send('admin', CREATE, { input: account(second) }, concurrentKey)));
    expect(both[0].errors).toBeUndefined();
    expect(both[1]).toEqual(both[0]);
    expect(await created(second)).toBe(1);
  });

  it('addReportComment', async () => {
    const reportId = await ownReport('Commentaires idempotents');
    await expectOneRecordPerKey(
      (key) =>
        send(
          'bailiff',
          'mutation($input: AddReportCommentInput!) { addReportComment(input: $input) { message report { id } } }',
          { input: { reportId: encodeGlobalID('Report', reportId), body: 'Merci de rappeler le client.' } },
          key,
        ),
      () => app.services.db.comment.count({ where: { reportId } }),
    );
  });

  it('addReportFiles', async () => {
    const reportId = await ownReport('Fichiers idempotents');
    const deposited = () => app.services.db.reportFile.count({ where: { reportId } });
    await expectOneRecordPerKey(
      (key) =>
        gqlUpload(
          app.url,
          'mutation($input: AddReportFilesInput!) { addReportFiles(input: $input) { message report { id } } }',
          { input: { reportId: encodeGlobalID('Report', reportId), kind: 'DEPOSITED', files: [null] } },
          [{ path: 'input.files.0', name: 'Constat.pdf', content: samplePdf(), type: 'application/pdf' }],
          tokens.bailiff,
          { 'idempotency-key': key },
        ),
      deposited,
    );
  });

  it('startDeposit: the repeat answers the deposit the first try opened', async () => {
    const reportId = await ownReport('Dépôt idempotent');
    await expectOneRecordPerKey(
      (key) =>
        send(
          'bailiff',
          'mutation($input: StartDepositInput!) { startDeposit(input: $input) { deposit { databaseId expectedFiles } } }',
          { input: { reportId: encodeGlobalID('Report', reportId), files: 2 } },
          key,
        ),
      () => app.services.db.deposit.count({ where: { reportId } }),
    );
  });

  it('generateGroupBill: the repeat answers the bill, not « constats already invoiced »', async () => {
    const db = app.services.db;
    const secretary = await db.user.findUniqueOrThrow({ where: { email: demo.secretary.email } });
    /** An étude with one typed and counted constat, billable this month (one bill per étude and month). */
    const billable = async () => {
      const group = await db.group.create({
        data: {
          name: `Étude facturée ${++sequence}`,
          siret: '41234567800012',
          telephone: '0478000000',
          email: `facture-${sequence}@etude.test`,
          address: '12 rue de la République',
          zip: '69002',
          city: 'Lyon',
          pricePage: '2.50',
          pricePhoto: '0.80',
        },
      });
      const bailiff = await db.user.create({
        data: {
          role: 'BAILIFF',
          firstName: 'Maître',
          lastName: `Facturé ${sequence}`,
          email: `facture-huissier-${sequence}@etude.test`,
          identity: `facture.huissier.${sequence}`,
          passwordHash: 'not-a-hash',
          groupId: group.id,
        },
      });
      const report = await db.report.create({
        data: {
          name: `Facturé ${sequence}`,
          bailiffId: bailiff.id,
          secretaryId: secretary.id,
          status: 'TE',
          ...{ countPagesProvisional: 4, countPagesRetrocession: 4, countPagesBilling: 4 },
          ...{ countPhotosProvisional: 2, countPhotosRetrocession: 2, countPhotosBilling: 2 },
        },
      });
      return { groupId: group.id, reportId: report.id };
    };
    const bills = (...groupIds: number[]) => db.groupBill.count({ where: { groupId: { in: groupIds } } });
    const [once, atOnce] = [await billable(), await billable()];
    const generate =
      ({ groupId, reportId }: { groupId: number; reportId: number }) =>
      (key: string) =>
        send(
          'admin',
          'mutation($input: GenerateGroupBillInput!) { generateGroupBill(input: $input) { message bill { id number } } }',
          {
            input: { groupId: encodeGlobalID('Group', groupId), reports: [{ reportId: encodeGlobalID('Report', reportId), discount: 0 }] },
          },
          key,
        );
    const key = randomUUID();
    const first = await generate(once)(key);
    expect(first.errors).toBeUndefined();
    expect(await generate(once)(key)).toEqual(first);
    const concurrentKey = randomUUID();
    const both = await Promise.all([1, 2].map(() => generate(atOnce)(concurrentKey)));
    expect(both[0].errors).toBeUndefined();
    expect(both[1]).toEqual(both[0]);
    expect(await bills(once.groupId, atOnce.groupId)).toBe(2);
  });

  it('uploadSecretaryBill: the repeat answers the bill, not « already uploaded »', async () => {
    const secretary = await app.services.db.user.findUniqueOrThrow({ where: { email: demo.secretary.email } });
    const upload = (month: number) => (key: string) =>
      gqlUpload(
        app.url,
        'mutation($input: UploadSecretaryBillInput!) { uploadSecretaryBill(input: $input) { message bill { id number } } }',
        { input: { file: null, year: 2001, month } },
        [{ path: 'input.file', name: 'Facture.pdf', content: samplePdf('Facture'), type: 'application/pdf' }],
        tokens.secretary,
        { 'idempotency-key': key },
      );
    const key = randomUUID();
    const first = await upload(1)(key);
    expect(first.errors).toBeUndefined();
    expect(await upload(1)(key)).toEqual(first);
    const both = await Promise.all([1, 2].map(() => upload(2)(`${key}-2`)));
    expect(both[0].errors).toBeUndefined();
    expect(both[1]).toEqual(both[0]);
    expect(await app.services.db.secretaryBill.count({ where: { secretaryId: secretary.id, year: 2001 } })).toBe(2);
  });
});
