import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import { sweepStagedAvatars } from '../../api/src/modules/accounts/staged-avatars.js';
import { STAGED_AVATARS_PER_DAY } from '../../api/src/modules/accounts/rules.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { demo, gql, loginToken, rest } from '../support/http.js';
import { gqlUpload, restForm, samplePdf } from '../support/upload.js';

// A PNG signature and its IHDR chunk (length, type, 13 bytes, CRC): enough for file-type to recognise it.
const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]),
  Buffer.from('IHDR'),
  Buffer.alloc(17),
  Buffer.from('avatar de test'),
]);
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from('JFIF photo')]);

/** A valid black PNG (1 bit a pixel, grey) of any size: its pixel rows are zeros, deflated to almost nothing. */
function blackPng(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const framed = Buffer.alloc(body.length + 8);
    framed.writeUInt32BE(data.length, 0);
    body.copy(framed, 4);
    framed.writeUInt32BE(crc32(body), body.length + 4);
    return framed;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([1, 0, 0, 0, 0], 8);
  const rows = Buffer.alloc((1 + Math.ceil(width / 8)) * height);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const CREATE = `mutation($input: CreateAccountInput!) { createAccount(input: $input) { message user {
  id databaseId avatarUrl matrices { id name size mimeType url downloadUrl } } } }`;
const UPDATE = 'mutation($input: UpdateAccountInput!) { updateAccount(input: $input) { user { avatarUrl matrices { id name } } } }';
const PROFILE = 'mutation($input: UpdateMyProfileInput!) { updateMyProfile(input: $input) { user { avatarUrl matrices { id name } } } }';

let app: TestApp;
let admin: string;
let groupId: string;
let counter = 0;

beforeAll(async () => {
  app = await startTestApp();
  admin = await loginToken(app.url, demo.admin.email, demo.admin.password);
  const group = await app.services.db.group.findFirstOrThrow();
  groupId = Buffer.from(`Group:${group.id}`).toString('base64');
});

afterAll(async () => {
  await app?.stop();
});

function bailiffInput(): Record<string, unknown> {
  counter += 1;
  return {
    role: 'BAILIFF',
    firstName: 'Camille',
    lastName: 'Perrin',
    telephone: '0612345678',
    email: `fichiers${counter}@etude.fr`,
    identity: `fichiers${counter}`,
    password: 'Constat#2026',
    groupId,
  };
}

/** Every stored file under a storage folder (avatars, matrices). */
async function storedFiles(folder: string): Promise<string[]> {
  const root = path.join(app.dataDir, 'files', folder);
  const entries = await readdir(root, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((entry) => entry.isFile() && !entry.name.startsWith('.')).map((entry) => path.join(entry.parentPath, entry.name));
}

const download = async (link: string) => {
  const response = await fetch(`${app.url}${link}`);
  return { status: response.status, type: response.headers.get('content-type'), body: Buffer.from(await response.arrayBuffer()) };
};

describe('avatar and matrices with the account form (one multipart mutation)', () => {
  it('creates a bailiff with a picture and several matrices, served through signed links', async () => {
    const result = await gqlUpload(
      app.url,
      CREATE,
      { input: { ...bailiffInput(), avatar: null, matrices: [null, null] } },
      [
        { path: 'input.matrices.0', name: 'Trame état des lieux.pdf', content: samplePdf('Trame') },
        { path: 'input.avatar', name: 'portrait.png', content: PNG },
        { path: 'input.matrices.1', name: 'Formule de clôture.txt', content: 'Et de tout ce que dessus…\n' },
      ],
      admin,
    );
    expect(result.errors).toBeUndefined();
    const user = result.data!.createAccount.user;
    expect(user.avatarUrl).toMatch(/^\/files\/avatars\/.+\.png\?/);
    const avatar = await download(user.avatarUrl);
    expect(avatar).toMatchObject({ status: 200, type: 'image/png' });
    expect(avatar.body.equals(PNG)).toBe(true);

    expect(user.matrices.map((matrix: any) => matrix.name)).toEqual(['Trame état des lieux.pdf', 'Formule de clôture.txt']);
    expect(user.matrices[0]).toMatchObject({ mimeType: 'application/pdf', size: samplePdf('Trame').length });
    expect((await download(user.matrices[1].downloadUrl)).body.toString()).toBe('Et de tout ce que dessus…\n');
    // The unsigned path is refused: downloads need a link the API signed for a permitted viewer.
    expect((await download(user.avatarUrl.split('?')[0])).status).toBe(403);
  });

  it('refuses a picture that is not an image by its content, and keeps no file', async () => {
    const before = await storedFiles('avatars');
    const users = await app.services.db.user.count();
    const result = await gqlUpload(
      app.url,
      CREATE,
      { input: { ...bailiffInput(), avatar: null } },
      [{ path: 'input.avatar', name: 'photo.png', content: samplePdf('déguisé') }],
      admin,
    );
    expect(result.errors![0].extensions).toMatchObject({ code: 'BAD_USER_INPUT', reason: 'FILE_TYPE' });
    expect(await storedFiles('avatars')).toEqual(before);
    expect(await app.services.db.user.count()).toBe(users);
  });

  it('refuses a picture over 5 Mo', async () => {
    const big = Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024)]);
    const result = await gqlUpload(
      app.url,
      CREATE,
      { input: { ...bailiffInput(), avatar: null } },
      [{ path: 'input.avatar', name: 'grande.png', content: big }],
      admin,
    );
    expect(result.errors![0].extensions!.reason).toBe('FILE_TOO_LARGE');
    expect(result.errors![0].message).toContain('5 Mo');
  });

  it('refuses a picture whose header announces 20,000 × 20,000 pixels, undecoded, storing nothing', async () => {
    // A valid, highly compressible PNG: 400 megapixels of black in a few tens of kilobytes.
    const huge = blackPng(20_000, 20_000);
    expect(huge.length).toBeLessThan(200 * 1024);
    const [before, users] = [await storedFiles('avatars'), await app.services.db.user.count()];
    const result = await gqlUpload(
      app.url,
      CREATE,
      { input: { ...bailiffInput(), avatar: null } },
      [{ path: 'input.avatar', name: 'immense.png', content: huge }],
      admin,
    );
    expect(result.errors![0].extensions).toMatchObject({ code: 'BAD_USER_INPUT', reason: 'IMAGE_DIMENSIONS' });
    expect(result.errors![0].message).toMatch(/^L’image « immense\.png » est trop grande \(20\s000 × 20\s000 pixels\) : 50 mégapixels/);
    const legacy = await restForm(app.url, '/api/v1/users/image', {}, [{ field: 'profile', name: 'immense.png', content: huge }], admin);
    expect(legacy.status).toBe(400);
    expect(legacy.body.message).toMatch(/^L’image « immense\.png » est trop grande/);
    expect(await storedFiles('avatars')).toEqual(before);
    expect(await app.services.db.user.count()).toBe(users);
  });

  it('refuses a JPEG whose size is not in its first megabyte, and accepts 49 megapixels', async () => {
    // 1.2 MB of metadata segments before the frame header: it could announce anything.
    const padding = Array.from({ length: 19 }, () => Buffer.concat([Buffer.from([0xff, 0xe1, 0xff, 0xff]), Buffer.alloc(65_533)]));
    const frame = Buffer.from([0xff, 0xc0, 0, 17, 8, 0x4e, 0x20, 0x4e, 0x20, 3, 1, 0x11, 0, 2, 0x11, 0, 3, 0x11, 0]);
    const hidden = Buffer.concat([Buffer.from([0xff, 0xd8]), ...padding, frame, Buffer.from([0xff, 0xd9])]);
    const refused = await gqlUpload(
      app.url,
      CREATE,
      { input: { ...bailiffInput(), avatar: null } },
      [{ path: 'input.avatar', name: 'cachee.jpg', content: hidden }],
      admin,
    );
    expect(refused.errors![0].extensions).toMatchObject({ code: 'BAD_USER_INPUT', reason: 'IMAGE_DIMENSIONS' });
    expect(refused.errors![0].message).toBe('Image illisible : les dimensions de « cachee.jpg » ne se trouvent pas en tête du fichier.');

    const accepted = await gqlUpload(
      app.url,
      CREATE,
      { input: { ...bailiffInput(), avatar: null } },
      [{ path: 'input.avatar', name: 'grand-format.png', content: blackPng(7_000, 7_000) }],
      admin,
    );
    expect(accepted.errors).toBeUndefined();
    expect(accepted.data!.createAccount.user.avatarUrl).toMatch(/^\/files\/avatars\//);
  });

  it('a form refused for its fields stores none of its files', async () => {
    const before = [...(await storedFiles('avatars')), ...(await storedFiles('matrices'))];
    const result = await gqlUpload(
      app.url,
      CREATE,
      { input: { ...bailiffInput(), firstName: '', avatar: null, matrices: [null] } },
      [
        { path: 'input.avatar', name: 'portrait.png', content: PNG },
        { path: 'input.matrices.0', name: 'trame.pdf', content: samplePdf() },
      ],
      admin,
    );
    expect(result.errors![0].extensions!.fields).toEqual({ firstName: 'Champ requis' });
    expect([...(await storedFiles('avatars')), ...(await storedFiles('matrices'))]).toEqual(before);
  });

  it('matrices belong to bailiffs only', async () => {
    const result = await gqlUpload(
      app.url,
      CREATE,
      {
        input: { ...bailiffInput(), role: 'ADMIN', telephone: '612345678', identity: `admin${counter}`, groupId: null, matrices: [null] },
      },
      [{ path: 'input.matrices.0', name: 'trame.pdf', content: samplePdf() }],
      admin,
    );
    expect(result.errors![0].extensions!.fields).toEqual({ matrices: 'Ce champ ne concerne pas ce type de compte.' });
  });
});

describe('editing pictures and matrices', () => {
  it('replacing or removing the picture deletes the old file; removed matrices are deleted too', async () => {
    const created = await gqlUpload(
      app.url,
      CREATE,
      { input: { ...bailiffInput(), avatar: null, matrices: [null, null] } },
      [
        { path: 'input.avatar', name: 'a.png', content: PNG },
        { path: 'input.matrices.0', name: 'un.pdf', content: samplePdf('1') },
        { path: 'input.matrices.1', name: 'deux.pdf', content: samplePdf('2') },
      ],
      admin,
    );
    const { id, databaseId, matrices } = created.data!.createAccount.user;
    const first = (await app.services.db.user.findUniqueOrThrow({ where: { id: databaseId } })).avatarKey!;
    const [removedKey, keptKey] = (
      await app.services.db.userMatrix.findMany({ where: { userId: databaseId }, orderBy: { id: 'asc' } })
    ).map((matrix) => matrix.storageKey);

    const replaced = await gqlUpload(
      app.url,
      UPDATE,
      { input: { id, avatar: null, removeMatrixIds: [matrices[0].id] } },
      [{ path: 'input.avatar', name: 'b.jpg', content: JPEG }],
      admin,
    );
    expect(replaced.errors).toBeUndefined();
    expect(replaced.data!.updateAccount.user.avatarUrl).toMatch(/\.jpg\?/);
    expect(replaced.data!.updateAccount.user.matrices.map((matrix: any) => matrix.name)).toEqual(['deux.pdf']);
    expect(await app.services.storage.exists(first)).toBe(false);
    expect(await app.services.storage.exists(removedKey)).toBe(false);
    expect(await app.services.storage.exists(keptKey)).toBe(true);

    const second = (await app.services.db.user.findUniqueOrThrow({ where: { id: databaseId } })).avatarKey!;
    const cleared = await gql(app.url, UPDATE, { input: { id, removeAvatar: true } }, admin);
    expect(cleared.data!.updateAccount.user.avatarUrl).toBeNull();
    expect(await app.services.storage.exists(second)).toBe(false);
  });

  it('a bailiff manages their own matrices in the profile; secretaries read them, other bailiffs do not', async () => {
    const bailiff = await loginToken(app.url, 'loic.gauthier@demo.fr', demo.bailiff.password);
    const result = await gqlUpload(
      app.url,
      PROFILE,
      { input: { matrices: [null], avatar: null } },
      [
        { path: 'input.matrices.0', name: 'Trame chantier v2.pdf', content: samplePdf('v2') },
        { path: 'input.avatar', name: 'moi.png', content: PNG },
      ],
      bailiff,
    );
    expect(result.errors).toBeUndefined();
    expect(result.data!.updateMyProfile.user.matrices.map((matrix: any) => matrix.name)).toEqual([
      'Trame – constat de chantier.pdf',
      'Trame chantier v2.pdf',
    ]);

    const loic = await app.services.db.user.findUniqueOrThrow({ where: { email: 'loic.gauthier@demo.fr' } });
    const query = 'query($id: ID!) { node(id: $id) { ... on User { lastName instructions matrices { name url } } } }';
    const variables = { id: Buffer.from(`User:${loic.id}`).toString('base64') };
    const secretary = await loginToken(app.url, demo.secretary.email, demo.secretary.password);
    const asSecretary = (await gql(app.url, query, variables, secretary)).data!.node;
    expect(asSecretary.matrices).toHaveLength(2);
    expect((await download(asSecretary.matrices[1].url)).status).toBe(200);
    const otherBailiff = await loginToken(app.url, demo.bailiff.email, demo.bailiff.password);
    expect((await gql(app.url, query, variables, otherBailiff)).data!.node.matrices).toBeNull();

    const secretaryProfile = await gqlUpload(
      app.url,
      PROFILE,
      { input: { matrices: [null] } },
      [{ path: 'input.matrices.0', name: 'x.pdf', content: samplePdf() }],
      secretary,
    );
    expect(secretaryProfile.errors![0].extensions!.fields).toEqual({ matrices: "Ce champ n'est pas modifiable." });
  });
});

describe('legacy POST /api/v1/users/image', () => {
  it('needs a session: the upload endpoint is never anonymous', async () => {
    const before = await storedFiles('avatars');
    const response = await restForm(app.url, '/api/v1/users/image', {}, [{ field: 'profile', name: 'p.png', content: PNG }]);
    expect(response.status).toBe(401);
    expect(await storedFiles('avatars')).toEqual(before);
  });

  it('answers the url, which the next account save links as `profile`', async () => {
    const secretary = await loginToken(app.url, 'zoe.lemaitre@demo.fr', demo.secretary.password);
    const uploaded = await restForm(app.url, '/api/v1/users/image', {}, [{ field: 'profile', name: 'zoe.png', content: PNG }], secretary);
    expect(uploaded.status).toBe(200);
    expect(uploaded.body.url).toMatch(/^\/files\/avatars\/.+\.png\?/);
    const zoe = await app.services.db.user.findUniqueOrThrow({ where: { email: 'zoe.lemaitre@demo.fr' } });
    const saved = await rest(app.url, 'PUT', `/api/v1/users/${zoe.id}`, {
      token: secretary,
      json: { first_name: 'Zoé', profile: uploaded.body.url },
    });
    expect(saved.status).toBe(200);
    expect(saved.body.user.profile).toMatch(/^\/files\/avatars\//);
    expect((await download(saved.body.user.profile)).body.equals(PNG)).toBe(true);

    // Someone else's picture cannot be claimed.
    const created = await rest(app.url, 'POST', '/api/v1/users', {
      token: admin,
      json: {
        role_id: '1',
        first_name: 'Paul',
        last_name: 'Morel',
        telephone: '612345678',
        email: 'paul.morel@etude.fr',
        identity: 'pmorel',
        password: 'Constat#2026',
        profile: uploaded.body.url,
      },
    });
    expect(created.status).toBe(400);
    expect(created.body.errors).toEqual({ profile: 'Image introuvable : envoyez-la de nouveau.' });
  });

  it('an admin creating an account links the picture staged just before', async () => {
    const uploaded = await restForm(app.url, '/api/v1/users/image', {}, [{ field: 'profile', name: 'nouveau.png', content: PNG }], admin);
    const created = await rest(app.url, 'POST', '/api/v1/users', {
      token: admin,
      json: {
        role_id: '1',
        first_name: 'Inès',
        last_name: 'Morel',
        telephone: '612345678',
        email: 'ines.morel@etude.fr',
        identity: 'imorel',
        password: 'Constat#2026',
        profile: uploaded.body.url,
      },
    });
    expect(created.status).toBe(201);
    expect(created.body.user.profile).toMatch(/^\/files\/avatars\/.+\.png\?/);
    const refused = await restForm(
      app.url,
      '/api/v1/users/image',
      {},
      [{ field: 'profile', name: 'doc.png', content: samplePdf() }],
      admin,
    );
    expect(refused.status).toBe(400);
  });
});

describe('pictures sent ahead and never linked (legacy users/image)', () => {
  const stage = async (token: string, name = 'portrait.png') => {
    const uploaded = await restForm(app.url, '/api/v1/users/image', {}, [{ field: 'profile', name, content: PNG }], token);
    expect(uploaded.status).toBe(200);
    return uploaded.body as { url: string; key: string };
  };
  const age = (key: string, hours: number) =>
    app.services.db.stagedAvatar.update({ where: { storageKey: key }, data: { createdAt: new Date(Date.now() - hours * 3_600_000) } });

  it('a save links the picture out of the sweep; one left a day unlinked is removed with its record', async () => {
    const linked = await stage(admin, 'garde.png');
    const abandoned = await stage(admin, 'oubli.png');
    const recent = await stage(admin, 'en-cours.png');
    const created = await rest(app.url, 'POST', '/api/v1/users', {
      token: admin,
      json: {
        role_id: '1',
        first_name: 'Léa',
        last_name: 'Garnier',
        telephone: '612345678',
        email: 'lea.garnier@etude.fr',
        identity: 'lgarnier',
        password: 'Constat#2026',
        profile: linked.url,
      },
    });
    expect(created.status).toBe(201);
    expect(await app.services.db.stagedAvatar.count({ where: { storageKey: linked.key } })).toBe(0);
    await age(abandoned.key, 25);
    await age(recent.key, 23);

    expect(await sweepStagedAvatars(app.services)).toBe(1);
    expect(await app.services.storage.exists(abandoned.key)).toBe(false);
    expect(await app.services.db.stagedAvatar.count({ where: { storageKey: abandoned.key } })).toBe(0);
    // Linked and recent pictures stay.
    expect(await app.services.storage.exists(linked.key)).toBe(true);
    expect(await app.services.storage.exists(recent.key)).toBe(true);
    // The abandoned one can no longer be linked.
    const late = await rest(app.url, 'POST', '/api/v1/users', {
      token: admin,
      json: {
        role_id: '1',
        first_name: 'Noé',
        last_name: 'Garnier',
        telephone: '612345678',
        email: 'noe.garnier@etude.fr',
        identity: 'ngarnier',
        password: 'Constat#2026',
        profile: abandoned.url,
      },
    });
    expect(late.status).toBe(400);
    expect(late.body.errors).toEqual({ profile: 'Image introuvable : envoyez-la de nouveau.' });
  });

  it('only its sender may link a picture sent ahead', async () => {
    const secretary = await loginToken(app.url, demo.secretary.email, demo.secretary.password);
    const hers = await stage(secretary, 'sienne.png');
    const claimed = await rest(app.url, 'POST', '/api/v1/users', {
      token: admin,
      json: {
        role_id: '1',
        first_name: 'Max',
        last_name: 'Garnier',
        telephone: '612345678',
        email: 'max.garnier@etude.fr',
        identity: 'mgarnier',
        password: 'Constat#2026',
        profile: hers.url,
      },
    });
    expect(claimed.status).toBe(400);
    expect(claimed.body.errors).toEqual({ profile: 'Image introuvable : envoyez-la de nouveau.' });
    expect(await app.services.db.stagedAvatar.count({ where: { storageKey: hers.key } })).toBe(1);
  });

  it(`refuses picture number ${STAGED_AVATARS_PER_DAY + 1} within a day, storing nothing`, async () => {
    const bailiff = await loginToken(app.url, demo.bailiff.email, demo.bailiff.password);
    for (let i = 0; i < STAGED_AVATARS_PER_DAY; i++) await stage(bailiff, `photo-${i}.png`);
    const before = await storedFiles('avatars');
    const refused = await restForm(app.url, '/api/v1/users/image', {}, [{ field: 'profile', name: 'encore.png', content: PNG }], bailiff);
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toEqual({ profile: 'Trop d’images envoyées en 24 heures : réessayez plus tard.' });
    expect(await storedFiles('avatars')).toEqual(before);
  });
});
