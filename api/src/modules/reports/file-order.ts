// The deposit order of a constat's deposited files (product.md §16): the order the bailiff picked
// them in, whatever order they arrived in (a resumable deposit sends several at once, and a slow
// one finishes last). It numbers the gallery and the « Tout télécharger » zip.
import { Prisma } from '../../generated/prisma/client.js';
import type { Tx } from './access.js';

/**
 * Reserves `count` consecutive places in the constat's deposit order and returns the first: a
 * multipart deposit takes them for its files, a resumable one for the files it announces (refused
 * or abandoned ones leave a gap, which numbering skips). The statement locks the constat's row
 * until the transaction ends, so two deposits never share a place.
 */
export async function reservePositions(tx: Tx, reportId: number, count: number): Promise<number> {
  const [row] = await tx.$queryRaw<{ first: number }[]>`
    UPDATE "Report" SET "filePositions" = "filePositions" + ${count} WHERE id = ${reportId} RETURNING "filePositions" - ${count} AS first`;
  return row.first;
}

/**
 * How a constat's files are listed (on the "ReportFile" alias `f`): in deposit order. Files stored
 * before the order existed have no place and come first, by their id, which was their order then.
 */
export const FILE_ORDER = Prisma.sql`f.position NULLS FIRST, f.id`;

/**
 * The names a constat's deposited files take in its zip, listed in deposit order: photos numbered
 * as the gallery numbers them (« 001 - IMG_1234.jpg », as many digits as the last number needs, at
 * least three), so the secretary inserts them in order; documents and dictations as they are.
 */
export function numberedNames(files: readonly { name: string; photo: boolean }[]): string[] {
  const width = Math.max(3, String(files.filter((file) => file.photo).length).length);
  let number = 0;
  return files.map((file) => (file.photo ? `${String(++number).padStart(width, '0')} - ${file.name}` : file.name));
}
