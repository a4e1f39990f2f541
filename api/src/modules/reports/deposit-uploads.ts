// One file of a resumable deposit, from its creation to its end (product.md §16). The endpoint
// (http/resumable-uploads.ts) asks here, before storing any byte: may this viewer create this
// upload (creation), is this upload theirs (every chunk, HEAD and DELETE); and after the last byte:
// the assembled file is checked by content, picture size and quota as a multipart upload is
// (infra/uploads.ts), copied into the file store, and counted on its deposit under the constat's
// row lock, so that received + refused never pass what was announced and the deposit completes once.
import type { ReadStream } from 'node:fs';
import type { Services, Viewer } from '../../context.js';
import { AppError } from '../../errors.js';
import { discardFiles, saveUpload, type StoredFile } from '../../infra/uploads.js';
import { uploadRefusal } from '../../infra/storage-quota.js';
import { newStagingId } from '../../infra/upload-staging.js';
import { activeAdminIds } from '../notifications/service.js';
import { authorize, publishReportChanges, type Facts, type Tx } from './access.js';
import { depositMessages, isDepositComplete, uploadCreation, type UploadRequestFacts } from './deposit-rules.js';
import { announceCompletion, completeDeposit, lockDeposit, type Completion } from './deposits.js';
import { filesCeilingProblem } from './rules.js';

/** A deposit's progress reaches the constat's viewers live at most this often (the last file always). */
const PROGRESS_EVERY_MS = 5_000;

const notFound = () => new AppError('NOT_FOUND', depositMessages.uploadNotFound);
const contextOf = (services: Services, viewer: Viewer) => ({ ...services, viewer, client: { ip: '', userAgent: null } });

/**
 * Admits a creation (POST) before anything is stored, and records the upload: its deposit exists,
 * is the viewer's and still open, its constat still takes deposited files from them, the place is
 * within what was announced and not yet received, the announced size within the largest file and
 * the quota. A creation retried for a place whose upload never finished replaces that upload.
 * Answers the staging id to create.
 */
export async function admitUpload(services: Services, viewer: Viewer, facts: Omit<UploadRequestFacts, 'maxBytes'>): Promise<string> {
  const creation = uploadCreation({ ...facts, maxBytes: services.config.maxUploadBytes });
  if ('problem' in creation) throw new AppError(creation.code, creation.problem);
  const refused = await uploadRefusal(services, viewer.id, creation.size);
  if (refused) throw refused;
  const deposit = await services.db.deposit.findUnique({
    where: { id: creation.depositId },
    select: { id: true, reportId: true, createdById: true, expectedFiles: true },
  });
  // Another's deposit is as unknown as a missing one: its existence is not revealed.
  if (!deposit || deposit.createdById !== viewer.id) throw new AppError('NOT_FOUND', depositMessages.depositNotFound);
  if (creation.position >= deposit.expectedFiles)
    throw new AppError('BAD_USER_INPUT', depositMessages.positionInvalid(deposit.expectedFiles));
  const id = newStagingId();
  const replaced = await services.db.$transaction(async (tx) => {
    const locked = await lockDeposit(tx, deposit.reportId, deposit.id);
    if (!locked) throw new AppError('NOT_FOUND', depositMessages.depositNotFound);
    if (locked.deposit.completedAt) throw new AppError('CONFLICT', depositMessages.depositComplete);
    await authorize(contextOf(services, viewer), deposit.reportId, 'addDeposited', tx);
    const previous = await tx.depositUpload.findUnique({
      where: { depositId_position: { depositId: deposit.id, position: creation.position } },
      select: { id: true, status: true, refusal: true },
    });
    if (previous?.status === 'STORED') throw new AppError('CONFLICT', depositMessages.alreadyReceived);
    if (previous?.status === 'REFUSED') throw new AppError('BAD_USER_INPUT', previous.refusal ?? depositMessages.alreadyReceived);
    if (previous) await tx.depositUpload.delete({ where: { id: previous.id } });
    await tx.depositUpload.create({
      data: { id, depositId: deposit.id, position: creation.position, createdById: viewer.id, name: creation.name, size: creation.size },
    });
    await tx.deposit.update({ where: { id: deposit.id }, data: { touchedAt: new Date() } });
    return previous?.id ?? null;
  });
  // The replaced upload's bytes: its client gave it up (a creation whose answer was lost, a new try).
  if (replaced) await services.staging.remove(replaced);
  return id;
}

export type UploadState = { status: 'OPEN' } | { status: 'STORED'; size: number } | { status: 'REFUSED'; refusal: AppError };

/**
 * The viewer's upload `id`, touched (the sweep spares it), before its chunk is read: NOT_FOUND for
 * an unknown upload and for another user's, whose existence is not revealed.
 */
export async function touchUpload(services: Services, viewer: Viewer, id: string): Promise<UploadState> {
  const [row] = await services.db.$queryRaw<{ status: 'OPEN' | 'STORED' | 'REFUSED'; size: bigint; refusal: string | null }[]>`
    UPDATE "DepositUpload" SET "touchedAt" = now() WHERE id = ${id} AND "createdById" = ${viewer.id}
    RETURNING status, size, refusal`;
  if (!row) throw notFound();
  if (row.status === 'STORED') return { status: 'STORED', size: Number(row.size) };
  if (row.status === 'REFUSED')
    return { status: 'REFUSED', refusal: new AppError('BAD_USER_INPUT', row.refusal ?? depositMessages.uploadFinished) };
  return { status: 'OPEN' };
}

/** DELETE (termination) of the viewer's unfinished upload: its place in the deposit is free again. */
export async function terminateUpload(services: Services, viewer: Viewer, id: string): Promise<void> {
  const { count } = await services.db.depositUpload.deleteMany({ where: { id, createdById: viewer.id, status: 'OPEN' } });
  if (count === 0) throw new AppError('CONFLICT', depositMessages.uploadFinished);
  await services.staging.remove(id);
}

/** The assembled file through the multipart uploads' checks and into the file store, or its refusal. */
async function storeAssembled(services: Services, viewer: Viewer, id: string, name: string): Promise<StoredFile | AppError> {
  const stream = (await services.staging.read(id)) as ReadStream;
  try {
    return await saveUpload(
      services.storage,
      Promise.resolve({ filename: name, fieldName: 'file', mimetype: '', encoding: '', createReadStream: () => stream }),
      {
        folder: 'reports',
        category: 'deposit',
        maxBytes: services.config.maxUploadBytes,
        owner: viewer.id,
        maxImagePixels: services.config.maxImagePixels,
        maxPhotoPixels: services.config.maxPhotoPixels,
      },
    );
  } catch (error) {
    stream.destroy();
    if (error instanceof AppError) return error;
    throw error;
  }
}

interface Counted {
  report: Facts;
  fileId: number | null;
  refusal: AppError | null;
  completion: Completion | null;
  progress: boolean;
}

/**
 * After the last byte of the viewer's upload `id`: the file is stored on its constat and counted
 * received, or refused (its French reason answered, and again to a repeated last chunk) and counted
 * refused; the deposit completes with the file that makes up its count. Throws the refusal.
 */
export async function finishUpload(services: Services, viewer: Viewer, id: string): Promise<void> {
  const upload = await services.db.depositUpload.findUnique({
    where: { id },
    select: {
      createdById: true,
      status: true,
      refusal: true,
      name: true,
      position: true,
      deposit: { select: { id: true, reportId: true } },
    },
  });
  if (!upload || upload.createdById !== viewer.id) throw notFound();
  if (upload.status === 'STORED') return;
  if (upload.status === 'REFUSED') throw new AppError('BAD_USER_INPUT', upload.refusal ?? depositMessages.uploadFinished);
  const assembled = await storeAssembled(services, viewer, id, upload.name);
  const stored = assembled instanceof AppError ? null : assembled;
  const adminIds = await activeAdminIds(services.db);
  let counted: Counted | null;
  try {
    counted = await services.db.$transaction(async (tx): Promise<Counted | null> => {
      const locked = await lockDeposit(tx, upload.deposit.reportId, upload.deposit.id);
      // Settled meanwhile (the same last chunk twice, the sweep): the first one's outcome stands.
      const claimed = await tx.depositUpload.findFirst({ where: { id, status: 'OPEN' }, select: { id: true } });
      if (!locked || !claimed) return null;
      const { report, deposit } = locked;
      let refusal = assembled instanceof AppError ? assembled : null;
      if (!refusal && deposit.completedAt) refusal = new AppError('CONFLICT', depositMessages.depositComplete);
      if (!refusal && deposit.receivedFiles + deposit.refusedFiles >= deposit.expectedFiles)
        refusal = new AppError('CONFLICT', depositMessages.depositFull);
      if (!refusal) refusal = await additionRefusal(services, viewer, tx, report);
      let fileId: number | null = null;
      if (!refusal) {
        const file = await tx.reportFile.create({
          data: {
            reportId: report.id,
            kind: 'DEPOSITED',
            position: deposit.firstPosition + upload.position,
            uploadedById: viewer.id,
            originalName: stored!.originalName,
            size: stored!.size,
            mimeType: stored!.mimeType,
            storageKey: stored!.storageKey,
          },
          select: { id: true },
        });
        fileId = file.id;
        await tx.report.update({ where: { id: report.id }, data: { updatedAt: new Date() } });
      }
      await tx.depositUpload.update({
        where: { id },
        data: { status: refusal ? 'REFUSED' : 'STORED', refusal: refusal?.message ?? null, touchedAt: new Date() },
      });
      if (deposit.completedAt) return { report, fileId, refusal, completion: null, progress: false };
      const now = new Date();
      const counts = {
        receivedFiles: deposit.receivedFiles + (refusal ? 0 : 1),
        refusedFiles: deposit.refusedFiles + (refusal ? 1 : 0),
      };
      const [{ announcedAt }] = await tx.$queryRaw<{ announcedAt: Date | null }[]>`
        SELECT "announcedAt" FROM "Deposit" WHERE id = ${deposit.id}`;
      const progress = !announcedAt || now.getTime() - announcedAt.getTime() >= PROGRESS_EVERY_MS;
      await tx.deposit.update({ where: { id: deposit.id }, data: { ...counts, touchedAt: now, ...(progress && { announcedAt: now }) } });
      const after = { ...deposit, ...counts };
      const completion = isDepositComplete(after) ? await completeDeposit(services, tx, report, after, adminIds) : null;
      return { report, fileId, refusal, completion, progress };
    });
  } catch (error) {
    if (stored) await discardFiles(services.storage, [stored]);
    throw error;
  }
  if (stored && !counted?.fileId) await discardFiles(services.storage, [stored]);
  await services.staging.remove(id);
  // Settled by another request meanwhile: answered as that one was (or not found, gone with its deposit).
  if (!counted) return finishUpload(services, viewer, id);
  // Counted in the background, after the commit: the upload never waits for it nor fails with it.
  if (counted.fileId) void services.counting.enqueue([counted.fileId]);
  if (counted.completion) await announceCompletion(services, counted.completion);
  else if (counted.progress) await publishReportChanges(services, [counted.report]);
  if (counted.refusal) throw counted.refusal;
}

/** Why the locked constat no longer takes this deposited file (archived, terminated, full), or null. */
async function additionRefusal(services: Services, viewer: Viewer, tx: Tx, report: Facts): Promise<AppError | null> {
  try {
    await authorize(contextOf(services, viewer), report.id, 'addDeposited', tx);
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  const problem = filesCeilingProblem('DEPOSITED', await tx.reportFile.count({ where: { reportId: report.id, kind: 'DEPOSITED' } }), 1);
  return problem ? new AppError('BAD_USER_INPUT', problem) : null;
}
