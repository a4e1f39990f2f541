// The files of an account form: a profile picture (sent with the form or staged before it) and a
// bailiff's matrices, checked with the form and stored all or nothing.
import type { AppContext } from '../../context.js';
import type { FieldErrors } from '../../errors.js';
import { saveUpload, discardFiles, sentBy, type SaveOptions, type StoredFile, type UploadInput } from '../../infra/uploads.js';
import { avatarOptions, isStagedBy } from './staged-avatars.js';
import { MATRICES_PER_BAILIFF, accountMessages, avatarKeyOf, type AccountForm } from './rules.js';

/** Files sent with an account form. */
export interface AccountFiles {
  /** A new profile picture. */
  avatar?: UploadInput | null;
  /** An image staged beforehand by the legacy `users/image` call: its storage key or link. */
  avatarKey?: string | null;
  removeAvatar?: boolean | null;
  /** Bailiffs: matrices to add. */
  matrices?: UploadInput[] | null;
  /** Bailiffs: matrices to remove, by database id. */
  removeMatrixIds?: number[] | null;
}

export const uploadsOf = (input: AccountFiles): UploadInput[] => [...(input.avatar ? [input.avatar] : []), ...(input.matrices ?? [])];

/**
 * Checks the file part of a form: matrices belong to bailiffs, an avatar sent ahead must be the
 * account's own already or one the viewer staged. Adds to `errors`; returns the avatar's key.
 */
export async function checkFiles(
  ctx: AppContext,
  form: AccountForm,
  input: AccountFiles,
  currentAvatar: string | null,
  errors: FieldErrors,
): Promise<string | null> {
  const wrongRole = form.kind === 'profile' ? accountMessages.notEditable : accountMessages.notForRole;
  if (form.role !== 'BAILIFF' && ((input.matrices?.length ?? 0) > 0 || (input.removeMatrixIds?.length ?? 0) > 0))
    errors.matrices = wrongRole;
  else if ((input.matrices?.length ?? 0) > MATRICES_PER_BAILIFF) errors.matrices = accountMessages.tooManyMatrices(MATRICES_PER_BAILIFF);
  if (!input.avatarKey || input.avatar) return null;
  const key = avatarKeyOf(input.avatarKey);
  // Legacy clients send the account's current picture back with every save.
  if (key && key === currentAvatar) return key;
  if (!key || !(await isStagedBy(ctx, key))) {
    errors.avatar = accountMessages.stagedAvatarMissing;
    return null;
  }
  return key;
}

/**
 * Streams the new files to storage, all at once (a multipart request may send them in any order),
 * all or nothing.
 */
export async function storeFiles(ctx: AppContext, input: AccountFiles): Promise<{ avatar: StoredFile | null; matrices: StoredFile[] }> {
  const matrixOptions: SaveOptions = { folder: 'matrices', category: 'document', maxBytes: ctx.config.maxUploadBytes, ...sentBy(ctx) };
  const jobs = [
    ...(input.avatar ? [saveUpload(ctx.storage, input.avatar, { ...avatarOptions, ...sentBy(ctx) })] : []),
    ...(input.matrices ?? []).map((upload) => saveUpload(ctx.storage, upload, matrixOptions)),
  ];
  const results = await Promise.allSettled(jobs);
  const stored = results.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
  const failed = results.find((result): result is PromiseRejectedResult => result.status === 'rejected');
  if (failed) {
    await discardFiles(ctx.storage, stored);
    throw failed.reason;
  }
  return input.avatar ? { avatar: stored[0], matrices: stored.slice(1) } : { avatar: null, matrices: stored };
}

export const matrixRow = (userId: number, file: StoredFile) => ({
  userId,
  storageKey: file.storageKey,
  originalName: file.originalName,
  size: file.size,
  mimeType: file.mimeType,
});
