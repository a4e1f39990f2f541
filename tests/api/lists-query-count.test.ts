// Every list of these modules costs the same number of SQL statements for 2 rows and for 20
// (no N+1): nested selections are folded into the list's own queries. The reports lists go
// further: their exact statements are asserted (a snapshot, as @pothos/plugin-prisma's own tests
// do), and a page queries files and comments only when its query reads them.
import { startTestApp, type TestApp } from '../support/app.js';
import { demo, gql, loginToken } from '../support/http.js';
import { requestStatements, TRIES_PER_MEASURE } from '../support/statements.js';
import { COMPILE_AFTER } from '../../api/src/graphql/compiled-execution.js';
import { notifyUsers } from '../../api/src/modules/notifications/service.js';

let app: TestApp;
let admin: string;
let secretary: string;

beforeAll(async () => {
  app = await startTestApp();
  [admin, secretary] = await Promise.all([
    loginToken(app.url, demo.admin.email, demo.admin.password),
    loginToken(app.url, demo.secretary.email, demo.secretary.password),
  ]);
  const adminUser = await app.services.db.user.findUniqueOrThrow({ where: { email: demo.admin.email } });
  // The demo files are counted in the background, each count writing its row: done before any
  // statement is counted here (a process a file, they can outlast this hook on a busy machine).
  for (const deadline = Date.now() + 120_000; Date.now() < deadline; await new Promise((resolve) => setTimeout(resolve, 200))) {
    if ((await app.services.db.reportFile.count({ where: { countStatus: 'PENDING' } })) === 0) break;
  }
  for (let i = 0; i < 25; i++) await notifyUsers(app.services, [adminUser.id], { kind: 'COMMENT', body: `<p>n° ${i}</p>` });
  for (let i = 0; i < 25; i++) {
    await app.services.db.news.create({ data: { title: `Actualité ${i}`, body: '<p>x</p>', searchText: `actualite ${i}` } });
    await app.services.db.absence.create({
      data: { userId: adminUser.id, startDate: new Date(Date.UTC(2030, 0, i + 1)), endDate: new Date(Date.UTC(2030, 0, i + 1)) },
    });
  }
}, 180_000);

afterAll(async () => {
  await app?.stop();
});

const statements = async (query: string, variables: Record<string, unknown>, token: string) =>
  (await requestStatements(app, query, variables, token)).length;

describe.each([
  [
    'users with étude, matrices and creator',
    'query($n: Int) { users(first: $n) { edges { node { fullName groupName email group { name } matrices { name url } createdBy { fullName } } } } }',
    'admin',
  ],
  ['news with per-user read marks', 'query($n: Int) { news(first: $n) { edges { node { title isRead } } } }', 'secretary'],
  ['notifications', 'query($n: Int) { notifications(first: $n) { edges { node { body isRead } } } }', 'admin'],
  ['absences with names', 'query($n: Int) { absences(first: $n) { edges { node { startDate user { fullName groupName } } } } }', 'admin'],
  [
    'groups with members',
    'query($n: Int) { groups(first: $n) { edges { node { name memberCount members(first: 5) { edges { node { fullName } } } } } } }',
    'admin',
  ],
] as const)('%s', (_name, query, role) => {
  it('2 rows and 20 rows cost the same number of SQL statements', async () => {
    const tokenValue = role === 'admin' ? admin : secretary;
    const small = await statements(query, { n: 2 }, tokenValue);
    const large = await statements(query, { n: 20 }, tokenValue);
    expect(small).toBeGreaterThan(0);
    expect(large).toBe(small);
  });
});

const statementTexts = (query: string, variables: Record<string, unknown>, token: string) =>
  requestStatements(app, query, variables, token);

// The reports lists are read by the read model's own statements (reports/read-model): their exact
// text is the contract — the same for 2 rows and for 20, and files or comments only when asked.
describe.each([
  [
    'admin « en cours » with files and comments',
    'query($n: Int) { reports(first: $n, filter: { statuses: [NA, EC, RS], archived: false }) { totalCount edges { node { name deposited { count } unreadCommentCount } } } }',
    'admin',
  ],
  [
    'admin « en cours », names only',
    'query($n: Int) { reports(first: $n, filter: { statuses: [NA, EC, RS], archived: false }) { totalCount edges { node { name status } } } }',
    'admin',
  ],
  [
    'secretary « Tous mes constats » through a fragment',
    'query($n: Int) { reports(first: $n) { edges { node { ...Row } } } } fragment Row on Report { name returned { count } }',
    'secretary',
  ],
] as const)('reports list: %s', (_name, query, role) => {
  it('sends the same exact statements for 2 rows and for 20', async () => {
    const tokenValue = role === 'admin' ? admin : secretary;
    const small = await statementTexts(query, { n: 2 }, tokenValue);
    const large = await statementTexts(query, { n: 20 }, tokenValue);
    expect(small.length).toBeGreaterThan(0);
    expect(large).toEqual(small);
    expect(small).toMatchSnapshot();
  });
});

describe('a reports page builds only what its query reads', () => {
  const files = (statements: string[]) => statements.some((sql) => sql.includes('FROM "ReportFile"'));
  const comments = (statements: string[]) => statements.some((sql) => sql.includes('FROM "Comment"'));
  const page = (fields: string) => `query { reports(first: 5) { edges { node { name ${fields} } } } }`;

  it('queries neither files nor comments for names only', async () => {
    const statements = await statementTexts(page(''), {}, admin);
    expect(statements.some((sql) => sql.includes('FROM "Report"'))).toBe(true);
    expect({ files: files(statements), comments: comments(statements) }).toEqual({ files: false, comments: false });
  });

  it('queries files only for the file fields, comments only for the comment fields', async () => {
    expect(await statementTexts(page('deposited { count }'), {}, admin).then((s) => ({ files: files(s), comments: comments(s) }))).toEqual({
      files: true,
      comments: false,
    });
    expect(
      await statementTexts(page('... on Report { comments { body } }'), {}, admin).then((s) => ({
        files: files(s),
        comments: comments(s),
      })),
    ).toEqual({ files: false, comments: true });
    expect(
      await statementTexts(page('unreadCommentCount detectionCheck { billing }'), {}, admin).then((s) => ({
        files: files(s),
        comments: comments(s),
      })),
    ).toEqual({ files: true, comments: true });
  });
});

// Operations run often are compiled (graphql-jit, graphql/compiled-execution.ts): that must not
// change the SQL they send. A relation compiled this way read its rows again (one statement more).
describe('an operation run often sends the statements it sent the first times', () => {
  it.each([
    [
      'users with étude and matrices',
      'query { users(first: 20) { edges { node { fullName group { name } matrices { name } } } } }',
      'admin',
    ],
    [
      'groups with members',
      'query { groups(first: 20) { edges { node { name members(first: 5) { edges { node { fullName } } } } } } }',
      'admin',
    ],
    ['notifications with their account', 'query { notifications(first: 20) { edges { node { body account { fullName } } } } }', 'admin'],
    [
      'reports « en cours » (compiled)',
      'query { reports(first: 20, filter: { statuses: [NA, EC, RS] }) { edges { node { name deposited { count } } } } }',
      'admin',
    ],
  ] as const)('%s', async (_name, query, role) => {
    const token = role === 'admin' ? admin : secretary;
    const first = await requestStatements(app, query, {}, token);
    for (let run = TRIES_PER_MEASURE; run <= COMPILE_AFTER; run++) await gql(app.url, query, {}, token);
    expect(await requestStatements(app, query, {}, token)).toEqual(first);
  });
});
