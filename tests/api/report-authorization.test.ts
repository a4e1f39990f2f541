// Every report operation × every kind of caller, through the real server, from one table.
import { encodeGlobalID } from '@pothos/plugin-relay';
import type { ReportStatus } from '../../api/src/generated/prisma/enums.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { demo, gql, loginToken, type GraphQLResponse } from '../support/http.js';
import { gqlUpload, samplePdf } from '../support/upload.js';

type Actor = 'anonymous' | 'admin' | 'owner' | 'otherBailiff' | 'assigned' | 'otherSecretary';
const ACTORS: Actor[] = ['anonymous', 'admin', 'owner', 'otherBailiff', 'assigned', 'otherSecretary'];

interface Fixture {
  reportId: string;
  depositedFileId: string;
  returnedFileId: string;
}

interface Operation {
  name: string;
  status: ReportStatus;
  allowed: Actor[];
  run: (fixture: Fixture, token: string | undefined, actor: Actor) => Promise<GraphQLResponse>;
}

let app: TestApp;
const tokens: Partial<Record<Actor, string>> = {};
const userIds: Partial<Record<Actor, number>> = {};

const mutation = (name: string, inputType: string, input: Record<string, unknown>, token?: string) =>
  gql(app.url, `mutation($input: ${inputType}!) { ${name}(input: $input) { message } }`, { input }, token);

const upload = (kind: 'DEPOSITED' | 'RETURNED') => (fixture: Fixture, token?: string) =>
  gqlUpload(
    app.url,
    'mutation($input: AddReportFilesInput!) { addReportFiles(input: $input) { message } }',
    { input: { reportId: fixture.reportId, kind, files: [null] } },
    [{ path: 'input.files.0', name: 'piece.pdf', content: samplePdf() }],
    token,
  );

const OPERATIONS: Operation[] = [
  {
    name: 'view (node)',
    status: 'EC',
    allowed: ['admin', 'owner', 'assigned'],
    run: async (fixture, token) => {
      const result = await gql(app.url, 'query($id: ID!) { node(id: $id) { id } }', { id: fixture.reportId }, token);
      // Refused reads come back as a null node (or an error), never as data.
      return result.data?.node ? result : { errors: result.errors ?? [{ message: 'absent', extensions: { code: 'NOT_FOUND' } }] };
    },
  },
  {
    name: 'list (reports)',
    status: 'EC',
    allowed: ['admin', 'owner', 'assigned'],
    run: async (fixture, token) => {
      const result = await gql(app.url, 'query { reports(first: 100) { edges { node { id } } } }', {}, token);
      if (result.errors) return result;
      const found = result.data!.reports.edges.some((edge: { node: { id: string } }) => edge.node.id === fixture.reportId);
      return found ? result : { errors: [{ message: 'absent', extensions: { code: 'NOT_FOUND' } }] };
    },
  },
  {
    name: 'assignSecretary',
    status: 'EC',
    allowed: ['admin'],
    run: (fixture, token) =>
      mutation(
        'assignSecretary',
        'AssignSecretaryInput',
        { reportId: fixture.reportId, secretaryId: encodeGlobalID('User', userIds.otherSecretary!) },
        token,
      ),
  },
  { name: 'addFiles (deposited)', status: 'EC', allowed: ['admin', 'owner'], run: upload('DEPOSITED') },
  { name: 'addFiles (deposited) on TE', status: 'TE', allowed: [], run: upload('DEPOSITED') },
  { name: 'addFiles (returned)', status: 'RS', allowed: ['admin', 'assigned'], run: upload('RETURNED') },
  {
    name: 'removeFiles (deposited)',
    status: 'EC',
    allowed: ['admin', 'owner'],
    run: (fixture, token) =>
      mutation('removeReportFiles', 'RemoveReportFilesInput', { reportId: fixture.reportId, fileIds: [fixture.depositedFileId] }, token),
  },
  {
    name: 'removeFiles (returned)',
    status: 'RS',
    allowed: ['admin', 'assigned'],
    run: (fixture, token) =>
      mutation('removeReportFiles', 'RemoveReportFilesInput', { reportId: fixture.reportId, fileIds: [fixture.returnedFileId] }, token),
  },
  {
    name: 'setRetrocession',
    status: 'EC',
    allowed: ['admin', 'assigned'],
    run: (fixture, token) =>
      mutation(
        'setRetrocession',
        'SetRetrocessionInput',
        { reportId: fixture.reportId, countPagesProvisional: 3, countPhotosProvisional: 1 },
        token,
      ),
  },
  {
    name: 'setBilling',
    status: 'TE',
    allowed: ['admin'],
    run: (fixture, token) =>
      mutation(
        'setBilling',
        'SetBillingInput',
        { reportId: fixture.reportId, countPagesRetrocession: 3, countPhotosRetrocession: 1, countPagesBilling: 3, countPhotosBilling: 1 },
        token,
      ),
  },
  {
    name: 'archive (TE)',
    status: 'TE',
    allowed: ['admin', 'owner'],
    run: (fixture, token) => mutation('archiveReport', 'ArchiveReportInput', { reportId: fixture.reportId }, token),
  },
  {
    name: 'archive (EC)',
    status: 'EC',
    allowed: ['admin'],
    run: (fixture, token) => mutation('archiveReport', 'ArchiveReportInput', { reportId: fixture.reportId }, token),
  },
  {
    name: 'unarchive',
    status: 'AR',
    allowed: ['admin'],
    run: (fixture, token) => mutation('unarchiveReport', 'UnarchiveReportInput', { reportId: fixture.reportId }, token),
  },
  {
    name: 'addComment',
    status: 'EC',
    allowed: ['admin', 'owner', 'assigned'],
    run: (fixture, token, actor) =>
      mutation(
        'addReportComment',
        'AddReportCommentInput',
        { reportId: fixture.reportId, body: 'Bonjour', ...(actor === 'admin' && { receiver: 'BAILIFF' }) },
        token,
      ),
  },
  {
    name: 'markCommentsRead',
    status: 'EC',
    allowed: ['admin', 'owner', 'assigned'],
    run: (fixture, token) => mutation('markReportCommentsRead', 'MarkReportCommentsReadInput', { reportId: fixture.reportId }, token),
  },
];

async function fixture(status: ReportStatus): Promise<Fixture> {
  const db = app.services.db;
  const report = await db.report.create({
    data: {
      name: `Constat ${status}`,
      bailiffId: userIds.owner!,
      secretaryId: userIds.assigned!,
      status,
      isArchived: status === 'AR',
      files: {
        create: [
          {
            kind: 'DEPOSITED',
            originalName: 'depose.pdf',
            size: 10,
            mimeType: 'application/pdf',
            storageKey: `reports/matrix/${status}-${Math.random().toString(36).slice(2)}.pdf`,
          },
          {
            kind: 'RETURNED',
            originalName: 'retour.pdf',
            size: 10,
            mimeType: 'application/pdf',
            storageKey: `reports/matrix/${status}-${Math.random().toString(36).slice(2)}.pdf`,
          },
        ],
      },
    },
    include: { files: true },
  });
  return {
    reportId: encodeGlobalID('Report', report.id),
    depositedFileId: String(report.files.find((file) => file.kind === 'DEPOSITED')!.id),
    returnedFileId: String(report.files.find((file) => file.kind === 'RETURNED')!.id),
  };
}

beforeAll(async () => {
  app = await startTestApp();
  const db = app.services.db;
  const bailiffs = await db.user.findMany({ where: { role: 'BAILIFF', status: 'ACTIVE' }, orderBy: { id: 'asc' } });
  const secretaries = await db.user.findMany({ where: { role: 'SECRETARY', status: 'ACTIVE' }, orderBy: { id: 'asc' } });
  const owner = bailiffs.find((user) => user.email === demo.bailiff.email)!;
  const otherBailiff = bailiffs.find((user) => user.id !== owner.id)!;
  const assigned = secretaries.find((user) => user.email === demo.secretary.email)!;
  const otherSecretary = secretaries.find((user) => user.id !== assigned.id)!;
  Object.assign(userIds, { owner: owner.id, otherBailiff: otherBailiff.id, assigned: assigned.id, otherSecretary: otherSecretary.id });
  Object.assign(tokens, {
    admin: await loginToken(app.url, demo.admin.email, demo.admin.password),
    owner: await loginToken(app.url, owner.email, demo.bailiff.password),
    otherBailiff: await loginToken(app.url, otherBailiff.email, demo.bailiff.password),
    assigned: await loginToken(app.url, assigned.email, demo.secretary.password),
    otherSecretary: await loginToken(app.url, otherSecretary.email, demo.secretary.password),
  });
});

afterAll(async () => {
  await app?.stop();
});

const DENIED = ['UNAUTHENTICATED', 'FORBIDDEN', 'NOT_FOUND'];

describe.each(OPERATIONS)('$name', (operation) => {
  it.each(ACTORS)('%s', async (actor) => {
    const result = await operation.run(await fixture(operation.status), tokens[actor], actor);
    if (operation.allowed.includes(actor)) {
      expect(result.errors).toBeUndefined();
    } else {
      expect(result.errors).toBeDefined();
      expect(DENIED).toContain(result.errors![0].extensions?.code);
    }
  });
});
