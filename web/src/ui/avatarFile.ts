// Profile pictures as the server takes them (docs/decisions.md): PNG, JPEG, GIF or WebP, 5 Mo at
// most. The server checks the content; this only spares the user a refused upload.
// With its extension: the unit tests also compile this file under NodeNext resolution.
import { fr } from '../i18n/fr.js';

export const AVATAR_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;
export const AVATAR_MAX_BYTES = 5 * 1024 * 1024;

/** The message for a picked file the server would refuse, or null. */
export function checkAvatarFile(file: { type: string; size: number }): string | null {
  if (!(AVATAR_TYPES as readonly string[]).includes(file.type)) return fr.avatar.wrongType;
  return file.size > AVATAR_MAX_BYTES ? fr.avatar.tooBig : null;
}
