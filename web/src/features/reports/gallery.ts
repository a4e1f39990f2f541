// The deposited items' gallery (product.md §16): the files split by kind, photos numbered in deposit
// order as « Tout télécharger » numbers them, and a photo's EXIF facts in French.
import { fileKindOf } from '@constats/domain/file-kinds';
import { formatParisDateTime } from '@constats/domain/format';

export interface DepositedKinds<F> {
  /** In deposit order; a photo's number is its place here plus one. */
  photos: F[];
  dictations: F[];
  /** Documents, and any file whose kind its name does not tell. */
  documents: F[];
}

/** The deposited files (already in deposit order) by kind, each list keeping that order. */
export function splitByKind<F extends { readonly name: string }>(files: readonly F[]): DepositedKinds<F> {
  const kinds: DepositedKinds<F> = { photos: [], dictations: [], documents: [] };
  for (const file of files) {
    const kind = fileKindOf(file.name);
    if (kind === 'photo') kinds.photos.push(file);
    else if (kind === 'dictation') kinds.dictations.push(file);
    else kinds.documents.push(file);
  }
  return kinds;
}

/** The first `shown` photos of a page of the grid, and how many the next « Afficher » adds. */
export function shownPhotos<F>(photos: readonly F[], shown: number, pageSize: number): { shown: F[]; next: number } {
  const visible = photos.slice(0, Math.max(0, shown));
  return { shown: visible, next: Math.min(pageSize, photos.length - visible.length) };
}

const degrees = new Intl.NumberFormat('fr-FR', { minimumFractionDigits: 4, maximumFractionDigits: 4 });

/** 45.75832, 4.83331 → « 45,7583° N, 4,8333° E »; the west is « O » (ouest) in French. */
export function formatPosition(latitude: number, longitude: number): string {
  const latitudeText = `${degrees.format(Math.abs(latitude))}° ${latitude < 0 ? 'S' : 'N'}`;
  const longitudeText = `${degrees.format(Math.abs(longitude))}° ${longitude < 0 ? 'O' : 'E'}`;
  return `${latitudeText}, ${longitudeText}`;
}

/** A link to the position on OpenStreetMap, opened in a new tab: the page itself loads no map. */
export function mapUrl(latitude: number, longitude: number): string {
  return `https://www.openstreetmap.org/?mlat=${latitude}&mlon=${longitude}#map=17/${latitude}/${longitude}`;
}

/** When a photo was taken, as « Prise le {date} à {time} » says it (Paris time); null when it does not say. */
export function takenAtParts(takenAt: string | null | undefined): { date: string; time: string } | null {
  const dateTime = formatParisDateTime(takenAt);
  if (!dateTime) return null;
  const [date, time] = dateTime.split(' ');
  return { date, time };
}
