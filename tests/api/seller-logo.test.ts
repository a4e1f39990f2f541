// The seller's logo through the real server (issue 22): admins only, PNG or JPEG by content, bounded
// in bytes and pixels, stored written again opaque, replaced or removed without leaving files
// behind — hostile uploads included (renamed type, cut file, oversized, huge dimensions, replacements
// at once).
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { PNG } from 'pngjs';
import { LOGO_MAX_BYTES, logoMessages } from '../../api/src/modules/seller/logo.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { demo, gql, loginToken } from '../support/http.js';
import { pngHeaderOnly, sampleJpeg, samplePng } from '../support/images.js';
import { gqlUpload, samplePdf } from '../support/upload.js';
import { DEMO_SELLER } from '../../prisma/seed/index.js';

let app: TestApp;
let admin: string;
let bailiff: string;

const UPLOAD = `mutation($input: SellerLogoInput!) { updateSellerLogo(input: $input) { message settings { legalName logoUrl } } }`;
const REMOVE = `mutation { removeSellerLogo { message settings { logoUrl } } }`;
const SETTINGS = `mutation($input: SellerSettingsInput!) { updateSellerSettings(input: $input) { message } }`;

const upload = (name: string, content: Buffer, token = admin) =>
  gqlUpload(app.url, UPLOAD, { input: { logo: null } }, [{ path: 'input.logo', name, content }], token);

async function storedLogos(): Promise<string[]> {
  const root = path.join(app.dataDir, 'files', 'logos');
  const entries = await readdir(root, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries
    .filter((entry) => entry.isFile() && !entry.name.startsWith('.'))
    .map((entry) => path.relative(path.join(app.dataDir, 'files'), path.join(entry.parentPath, entry.name)));
}

const currentKey = async () => (await app.services.db.sellerSettings.findUniqueOrThrow({ where: { id: 1 } })).logoKey;

const fetchFile = async (link: string) => {
  const response = await fetch(`${app.url}${link}`);
  return { status: response.status, type: response.headers.get('content-type'), body: Buffer.from(await response.arrayBuffer()) };
};

beforeAll(async () => {
  app = await startTestApp();
  admin = await loginToken(app.url, demo.admin.email, demo.admin.password);
  bailiff = await loginToken(app.url, demo.bailiff.email, demo.bailiff.password);
});

afterAll(async () => {
  await app?.stop();
});

describe('seller logo', () => {
  it('is refused until the settings are saved, then a transparent PNG is stored flattened and shown', async () => {
    await app.services.db.sellerSettings.deleteMany();
    const early = await upload('logo.png', samplePng());
    expect(early.errors![0]).toMatchObject({
      message: logoMessages.settingsFirst,
      extensions: { code: 'BAD_USER_INPUT', fields: { logo: logoMessages.settingsFirst } },
    });
    expect(await storedLogos()).toEqual([]);
    expect((await gql(app.url, SETTINGS, { input: DEMO_SELLER }, admin)).errors).toBeUndefined();

    const result = await upload('Logo étude.png', samplePng(300, 100, { alpha: true }));
    expect(result.errors).toBeUndefined();
    expect(result.data!.updateSellerLogo.message).toBe(logoMessages.saved);
    const served = await fetchFile(result.data!.updateSellerLogo.settings.logoUrl);
    expect(served.status).toBe(200);
    expect(served.type).toBe('image/png');
    const picture = PNG.sync.read(served.body);
    expect([picture.width, picture.height, served.body[25]]).toEqual([300, 100, 2]);
    expect([...picture.data.subarray(0, 4)]).toEqual([255, 255, 255, 255]);
    expect(await storedLogos()).toEqual([await currentKey()]);
    const audit = await app.services.db.auditLog.findFirstOrThrow({ where: { action: 'seller.logo.update' }, orderBy: { id: 'desc' } });
    expect(audit.data).toEqual({ width: 300, height: 100 });
    // Read back with the settings.
    const read = await gql(app.url, '{ sellerSettings { logoUrl } }', {}, admin);
    expect(read.data!.sellerSettings.logoUrl).toMatch(/^\/files\//);
  });

  it('a JPEG replaces it: the previous file is removed, the new one served as image/jpeg', async () => {
    const previous = await currentKey();
    const result = await upload('logo.jpeg', sampleJpeg(320, 120));
    expect(result.errors).toBeUndefined();
    const served = await fetchFile(result.data!.updateSellerLogo.settings.logoUrl);
    expect(served.type).toBe('image/jpeg');
    expect(await storedLogos()).toEqual([await currentKey()]);
    expect(await currentKey()).not.toBe(previous);
  });

  it.each<[string, string, () => Buffer, RegExp | string]>([
    [
      'a PDF renamed .png',
      'logo.png',
      () => samplePdf('déguisé'),
      /^Type de fichier non autorisé : « logo\.png »\. Formats acceptés : images PNG ou JPEG\.$/,
    ],
    ['a GIF', 'logo.gif', () => Buffer.from('GIF89a\x10\x00\x10\x00\x00\x00\x00;', 'latin1'), /Formats acceptés : images PNG ou JPEG/],
    ['a PNG cut short', 'logo.png', () => samplePng().subarray(0, 200), logoMessages.unreadable],
    ['a JPEG cut short', 'logo.jpg', () => sampleJpeg().subarray(0, 900), logoMessages.unreadable],
    [
      'a PNG over 1 Mo',
      'logo.png',
      () => Buffer.concat([samplePng(), Buffer.alloc(LOGO_MAX_BYTES)]),
      'Le fichier « logo.png » dépasse la taille maximale autorisée (1 Mo).',
    ],
    ['a PNG announcing 30 000 × 30 000 pixels', 'logo.png', () => pngHeaderOnly(30_000, 30_000), logoMessages.tooLarge],
    ['a PNG of 2 001 pixels wide', 'logo.png', () => samplePng(2001, 20), logoMessages.tooLarge],
    ['an empty file', 'logo.png', () => Buffer.alloc(0), 'Le fichier « logo.png » est vide.'],
  ])('refuses %s with a French reason; the logo and the stored files stay as they were', async (_label, name, content, message) => {
    const before = await currentKey();
    const result = await upload(name, content());
    expect(result.errors![0].extensions!.code).toBe('BAD_USER_INPUT');
    expect(result.errors![0].message).toMatch(message);
    expect(await currentKey()).toBe(before);
    expect(await storedLogos()).toEqual([before]);
  });

  it('six replacements at once: each answers, one logo remains, the one the settings name', async () => {
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, index) => upload(`logo-${index}.png`, samplePng(100 + index * 10, 40))),
    );
    expect(results.every((result) => result.errors === undefined)).toBe(true);
    const key = await currentKey();
    expect(await storedLogos()).toEqual([key]);
    const served = await fetchFile((await gql(app.url, '{ sellerSettings { logoUrl } }', {}, admin)).data!.sellerSettings.logoUrl);
    expect(PNG.sync.read(served.body).height).toBe(40);
  });

  it('non-admins are refused and nothing is stored; anonymous callers too', async () => {
    const before = await currentKey();
    const asBailiff = await upload('logo.png', samplePng(), bailiff);
    expect(asBailiff.errors![0].extensions!.code).toBe('FORBIDDEN');
    const anonymous = await gqlUpload(app.url, UPLOAD, { input: { logo: null } }, [
      { path: 'input.logo', name: 'logo.png', content: samplePng() },
    ]);
    expect(anonymous.errors![0].extensions!.code).toBe('UNAUTHENTICATED');
    expect((await gql(app.url, REMOVE, {}, bailiff)).errors![0].extensions!.code).toBe('FORBIDDEN');
    expect((await gql(app.url, '{ sellerSettings { logoUrl } }', {}, bailiff)).errors![0].extensions!.code).toBe('FORBIDDEN');
    expect(await currentKey()).toBe(before);
    expect(await storedLogos()).toEqual([before]);
  });

  it('removal: no logo any more, its file gone, audited; removing again is harmless', async () => {
    const result = await gql(app.url, REMOVE, {}, admin);
    expect(result.errors).toBeUndefined();
    expect(result.data!.removeSellerLogo).toEqual({ message: logoMessages.removed, settings: { logoUrl: null } });
    expect(await storedLogos()).toEqual([]);
    expect(await app.services.db.auditLog.count({ where: { action: 'seller.logo.remove' } })).toBe(1);
    expect((await gql(app.url, REMOVE, {}, admin)).errors).toBeUndefined();
    expect(await app.services.db.auditLog.count({ where: { action: 'seller.logo.remove' } })).toBe(1);
  });
});
