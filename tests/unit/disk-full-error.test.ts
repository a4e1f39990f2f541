import { AppError, diskFullError, fileGoneError } from '../../api/src/errors.js';

const systemError = (code: string) => Object.assign(new Error(`${code}: write`), { code, syscall: 'write' });

describe('a full disk is one French error (diskFullError)', () => {
  it.each([
    ['no space left on the device', systemError('ENOSPC')],
    ['the disk quota exceeded', systemError('EDQUOT')],
    ['the cause of a wrapping error', new Error('copie impossible', { cause: systemError('ENOSPC') })],
    ["a copy of a system error's message, its code lost", new Error('ENOSPC: no space left on device, write')],
    ['an error of another realm (a bare object)', { code: 'ENOSPC', message: 'ENOSPC: write' }],
  ])('%s → INSUFFICIENT_STORAGE, HTTP 507, « Espace disque insuffisant. »', (_, error) => {
    const full = diskFullError(error);
    expect(full).toBeInstanceOf(AppError);
    expect([full?.code, full?.httpStatus, full?.message]).toEqual(['INSUFFICIENT_STORAGE', 507, 'Espace disque insuffisant.']);
  });

  it.each([
    ['another system error', systemError('EACCES')],
    ['a message that only names the code', new Error('Pas de place (ENOSPC) ?')],
    ['a string', 'ENOSPC: write'],
    ['nothing', undefined],
  ])('%s → null (left to the usual handling)', (_, error) => {
    expect(diskFullError(error)).toBeNull();
  });
});

describe('a file that is gone (fileGoneError): a staged upload removed under a chunk being written', () => {
  it.each([
    ['the file store opening a removed staged file', systemError('ENOENT')],
    ['the cause of a wrapping error', new Error('écriture impossible', { cause: systemError('ENOENT') })],
    ['an error of another realm (a bare object)', { code: 'ENOENT' }],
  ])('%s → true', (_, error) => {
    expect(fileGoneError(error)).toBe(true);
  });

  it.each([
    ['a full disk', systemError('ENOSPC')],
    ['a message that only names the code', new Error('ENOENT: open')],
    ['a string', 'ENOENT'],
    ['nothing', undefined],
  ])('%s → false', (_, error) => {
    expect(fileGoneError(error)).toBe(false);
  });
});
