// Resumable deposits' pure rules (issue 33): the files a deposit may announce, what an upload's
// creation must carry, completion and the summary the office reads.
import {
  depositFilesProblem,
  depositMessages,
  depositSummary,
  isDepositComplete,
  MAX_METADATA_LENGTH,
  parseUploadMetadata,
  uploadCreation,
} from '../../api/src/modules/reports/deposit-rules.js';
import { isUpload } from '../../api/src/http/connection-limits.js';
import { newStagingId, stagingIdOfUrl, urlIdOfStaging } from '../../api/src/infra/upload-staging.js';
import { s3Target } from '../../api/src/infra/upload-staging-s3.js';

const b64 = (text: string) => Buffer.from(text).toString('base64');
const MB = 1024 * 1024;
const facts = (metadata: string | null, length: string | null = '10', deferred = false) => ({
  metadata,
  length,
  deferred,
  maxBytes: 200 * MB,
});
const valid = `deposit ${b64('12')},index ${b64('0')},filename ${b64('IMG_0001.JPG')}`;

describe('depositFilesProblem', () => {
  it('wants a whole number of files, at least one, within the constat’s ceiling counting deposits in progress', () => {
    expect(depositFilesProblem(1000, 0, 0)).toBeNull();
    for (const files of [0, -1, 1.5, Number.NaN]) expect(depositFilesProblem(files, 0, 0)).toBe(depositMessages.filesInvalid);
    expect(depositFilesProblem(1001, 0, 0)).toContain('au plus 1');
    expect(depositFilesProblem(300, 500, 201)).toContain('vous pouvez en ajouter encore 299');
  });
});

describe('uploadCreation', () => {
  it('reads the deposit, the place, the name and the length', () => {
    expect(uploadCreation(facts(`${valid},filetype ${b64('image/jpeg')}`, '2048'))).toEqual({
      depositId: 12,
      position: 0,
      name: 'IMG_0001.JPG',
      size: 2048,
    });
  });

  it.each([
    ['no length', facts(valid, null), depositMessages.lengthRequired],
    ['a deferred length', facts(valid, null, true), depositMessages.lengthRequired],
    ['a negative length', facts(valid, '-1'), depositMessages.lengthInvalid],
    ['a decimal length', facts(valid, '1.5'), depositMessages.lengthInvalid],
    ['an empty file', facts(valid, '0'), depositMessages.fileEmpty('IMG_0001.JPG')],
    ['no deposit', facts(`index ${b64('0')},filename ${b64('a.pdf')}`), depositMessages.depositRequired],
    ['a deposit of zero', facts(`deposit ${b64('0')},index ${b64('0')},filename ${b64('a.pdf')}`), depositMessages.depositRequired],
    ['no place', facts(`deposit ${b64('1')},filename ${b64('a.pdf')}`), depositMessages.positionRequired],
    ['a negative place', facts(`deposit ${b64('1')},index ${b64('-1')},filename ${b64('a.pdf')}`), depositMessages.positionRequired],
    ['no name', facts(`deposit ${b64('1')},index ${b64('0')}`), depositMessages.nameRequired],
    ['a blank name', facts(`deposit ${b64('1')},index ${b64('0')},filename ${b64('   ')}`), depositMessages.nameRequired],
    ['a long name', facts(`deposit ${b64('1')},index ${b64('0')},filename ${b64('é'.repeat(256))}`), depositMessages.nameTooLong],
  ])('refuses %s', (_what, input, problem) => {
    expect(uploadCreation(input)).toEqual({ problem, code: 'BAD_USER_INPUT' });
  });

  it('refuses a length over the largest file as too large (413)', () => {
    expect(uploadCreation(facts(valid, String(200 * MB + 1)))).toEqual({
      problem: depositMessages.fileTooLarge('IMG_0001.JPG', 200 * MB),
      code: 'PAYLOAD_TOO_LARGE',
    });
    expect(uploadCreation(facts(valid, String(200 * MB)))).toMatchObject({ size: 200 * MB });
  });
});

describe('parseUploadMetadata', () => {
  it('reads keys with and without values', () => {
    const parsed = parseUploadMetadata(`filename ${b64('dictée.m4a')},is_confidential`);
    expect(parsed).toEqual({
      values: new Map([
        ['filename', 'dictée.m4a'],
        ['is_confidential', ''],
      ]),
    });
  });

  it.each([
    ['a repeated key', `filename ${b64('a')},filename ${b64('b')}`],
    ['a value not in base64', 'filename @@@'],
    ['a value of three parts', `filename ${b64('a')} ${b64('b')}`],
    ['a key with odd characters', `file:name ${b64('a')}`],
    ['a value that is not UTF-8', `filename ${Buffer.from([0xff, 0xfe]).toString('base64')}`],
    ['a control character', `filename ${b64('a\u0000b')}`],
  ])('refuses %s', (_what, header) => {
    expect(parseUploadMetadata(header)).toEqual({ problem: depositMessages.metadataInvalid });
  });

  it('refuses a header too long or with too many keys', () => {
    expect(parseUploadMetadata(`filename ${'A'.repeat(MAX_METADATA_LENGTH)}`)).toEqual({ problem: depositMessages.metadataTooLong });
    const many = Array.from({ length: 17 }, (_, index) => `k${index} ${b64('v')}`).join(',');
    expect(parseUploadMetadata(many)).toEqual({ problem: depositMessages.metadataTooLong });
  });
});

describe('completion', () => {
  it('is complete once every announced file was received or refused', () => {
    expect(isDepositComplete({ expectedFiles: 3, receivedFiles: 2, refusedFiles: 0 })).toBe(false);
    expect(isDepositComplete({ expectedFiles: 3, receivedFiles: 2, refusedFiles: 1 })).toBe(true);
  });

  it('sums up what arrived, what was refused and what never came', () => {
    expect(depositSummary({ expectedFiles: 1000, receivedFiles: 1000, refusedFiles: 0 })).toBe('1\u202f000 / 1\u202f000 fichiers reçus');
    expect(depositSummary({ expectedFiles: 3, receivedFiles: 1, refusedFiles: 1 })).toBe(
      '1 / 3 fichiers reçus, 1 fichier refusé, 1 fichier jamais arrivé',
    );
    expect(depositSummary({ expectedFiles: 1, receivedFiles: 1, refusedFiles: 0 })).toBe('1 / 1 fichier reçu');
  });
});

describe('the staging store and the connection limits', () => {
  it('names uploads with 32 hex digits and reads nothing else from a URL', () => {
    const id = newStagingId();
    expect(id).toMatch(/^staging\/[0-9a-f]{32}$/);
    expect(stagingIdOfUrl(urlIdOfStaging(id))).toBe(id);
    for (const segment of ['..', '../files', `${urlIdOfStaging(id)}x`, 'ABCDEF0123456789ABCDEF0123456789', undefined])
      expect(stagingIdOfUrl(segment)).toBeNull();
  });

  it('finds the bucket of a path-style and of a virtual-hosted STORAGE_URL', () => {
    const keys = { region: 'fr-par', accessKeyId: 'k', secretAccessKey: 's' };
    expect(s3Target({ base: 'https://s3.fr-par.scw.cloud/constats', ...keys })).toEqual({
      bucket: 'constats',
      endpoint: 'https://s3.fr-par.scw.cloud',
      forcePathStyle: true,
    });
    expect(s3Target({ base: 'https://constats.s3.eu-west-3.amazonaws.com', ...keys })).toEqual({
      bucket: 'constats',
      endpoint: 'https://s3.eu-west-3.amazonaws.com',
      forcePathStyle: false,
    });
  });

  it('lets a resumable chunk take as long as an upload, not as a plain request', () => {
    expect(isUpload('PATCH', 'application/offset+octet-stream')).toBe(true);
    expect(isUpload('POST', 'application/offset+octet-stream')).toBe(true);
    expect(isUpload('POST', 'application/json')).toBe(false);
  });
});
