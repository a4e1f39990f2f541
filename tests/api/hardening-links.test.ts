// Signed download links through the real server: a name holding "\nexp=…" cannot turn its link
// into another, never-expiring one, and a "download all" link serves the files it was signed for
// (a file added after signing is not in the zip, a removed one is left out).
import { encodeGlobalID } from '@pothos/plugin-relay';
import { startTestApp, type TestApp } from '../support/app.js';
import { demo, gql, loginToken } from '../support/http.js';
import { gqlUpload, samplePdf } from '../support/upload.js';
import { zipEntries } from '../support/zip.js';

let app: TestApp;
let bailiff: string;

const reportGid = (id: number) => encodeGlobalID('Report', id);
const FILES = `query($id: ID!) { node(id: $id) { ... on Report { deposited { archiveUrl files { id name url downloadUrl } } } } }`;

interface Deposited {
  archiveUrl: string;
  files: { id: string; name: string; url: string; downloadUrl: string }[];
}

const deposited = async (reportId: number): Promise<Deposited> =>
  (await gql(app.url, FILES, { id: reportGid(reportId) }, bailiff)).data!.node.deposited;

async function createReport(name: string, files: string[]): Promise<number> {
  const result = await gqlUpload(
    app.url,
    'mutation($input: CreateReportInput!) { createReport(input: $input) { report { databaseId } } }',
    { input: { name, files: files.map(() => null) } },
    files.map((file, index) => ({ path: `input.files.${index}`, name: file, content: samplePdf(file) })),
    bailiff,
  );
  expect(result.errors).toBeUndefined();
  return result.data!.createReport.report.databaseId;
}

/**
 * The link a holder could build from a signed one if the signed text were "key=value" lines: the
 * name's lines become parameters of their own, followed by the link's other parameters — the
 * same lines in the same order, with the name's `exp` read first.
 */
function forge(link: string): string {
  const url = new URL(link, app.url);
  const [first, ...lines] = url.searchParams.get('name')!.split('\n');
  const forged = new URLSearchParams({ name: first });
  for (const line of lines) {
    const at = line.indexOf('=');
    forged.append(line.slice(0, at), line.slice(at + 1));
  }
  for (const [key, value] of url.searchParams) if (key !== 'name' && key !== 'sig') forged.append(key, value);
  forged.append('sig', url.searchParams.get('sig')!);
  return `${url.pathname}?${forged}`;
}

const FAR = '4102444800'; // 2100-01-01

beforeAll(async () => {
  app = await startTestApp();
  bailiff = await loginToken(app.url, demo.bailiff.email, demo.bailiff.password);
});

afterAll(async () => {
  await app?.stop();
});

describe('the signed payload is canonical', () => {
  it('a constat named "…\\nexp=<2100>" gives no never-expiring « download all » link', async () => {
    const reportId = await createReport('Constat lien', ['a.pdf']);
    // Names with a line break are refused at input now; older rows may still hold one.
    await app.services.db.report.update({ where: { id: reportId }, data: { name: `Constat\nexp=${FAR}\nx=` } });
    const { archiveUrl } = await deposited(reportId);
    expect((await fetch(app.url + archiveUrl)).status).toBe(200);
    const forged = forge(archiveUrl);
    expect(new URL(forged, app.url).searchParams.get('exp')).toBe(FAR);
    const response = await fetch(app.url + forged);
    expect(response.status).toBe(403);
    expect(((await response.json()) as { message: string }).message).toMatch(/Lien de téléchargement invalide/);
  });

  it('a file named "…\\nexp=<2100>" gives no never-expiring file link', async () => {
    const reportId = await createReport('Constat fichier', ['b.pdf']);
    await app.services.db.reportFile.updateMany({ where: { reportId }, data: { originalName: `b.pdf\nexp=${FAR}\nx=` } });
    const [file] = (await deposited(reportId)).files;
    expect((await fetch(app.url + file.downloadUrl)).status).toBe(200);
    const forged = forge(file.downloadUrl);
    expect(new URL(forged, app.url).searchParams.get('exp')).toBe(FAR);
    expect((await fetch(app.url + forged)).status).toBe(403);
  });

  it('a link with a repeated or an added parameter is refused', async () => {
    const reportId = await createReport('Constat paramètres', ['c.pdf']);
    const [file] = (await deposited(reportId)).files;
    const exp = new URL(file.url, app.url).searchParams.get('exp');
    expect((await fetch(`${app.url}${file.url}&exp=${FAR}`)).status).toBe(403);
    expect((await fetch(`${app.url}${file.url}&dl=1`)).status).toBe(403);
    expect((await fetch(`${app.url}${file.url}&x=1`)).status).toBe(403);
    expect((await fetch(app.url + file.url.replace(`exp=${exp}`, 'exp=1e99'))).status).toBe(403);
  });
});

describe('« download all » serves the files the link was signed for', () => {
  it('a file added after signing is not in the zip; a file removed is left out', async () => {
    const reportId = await createReport('Constat archive', ['un.pdf', 'deux.pdf']);
    const signed = await deposited(reportId);
    expect(await zipEntries(Buffer.from(await (await fetch(app.url + signed.archiveUrl)).arrayBuffer()))).toEqual(['un.pdf', 'deux.pdf']);

    const added = await gqlUpload(
      app.url,
      'mutation($input: AddReportFilesInput!) { addReportFiles(input: $input) { message } }',
      { input: { reportId: reportGid(reportId), kind: 'DEPOSITED', files: [null] } },
      [{ path: 'input.files.0', name: 'ajout.pdf', content: samplePdf('ajout') }],
      bailiff,
    );
    expect(added.errors).toBeUndefined();
    const removed = await gql(
      app.url,
      'mutation($input: RemoveReportFilesInput!) { removeReportFiles(input: $input) { message } }',
      { input: { reportId: reportGid(reportId), fileIds: [signed.files[0].id] } },
      bailiff,
    );
    expect(removed.errors).toBeUndefined();

    const old = await fetch(app.url + signed.archiveUrl);
    expect(old.status).toBe(200);
    expect(await zipEntries(Buffer.from(await old.arrayBuffer()))).toEqual(['deux.pdf']);
    // A link handed out now holds what the constat holds now.
    const fresh = await deposited(reportId);
    expect(await zipEntries(Buffer.from(await (await fetch(app.url + fresh.archiveUrl)).arrayBuffer()))).toEqual(['deux.pdf', 'ajout.pdf']);
  });

  it("an archive link names its files: another constat's files cannot be asked for", async () => {
    const mine = await createReport('Constat un', ['mien.pdf']);
    const other = await createReport('Constat deux', ['autre.pdf']);
    const link = (await deposited(mine)).archiveUrl;
    const otherIds = (await deposited(other)).files.map((file) => file.id);
    const url = new URL(link, app.url);
    url.searchParams.set('files', otherIds.join(','));
    expect((await fetch(url)).status).toBe(403);
    // The path of another constat with this link's files and signature: refused too.
    expect((await fetch(app.url + link.replace(`/${mine}?`, `/${other}?`))).status).toBe(403);
  });
});
