// `npm run restore -- <dossier>`: rebuilds an empty instance from a backup, every checksum checked
// (api/src/infra/backup/restore.ts; README « Sauvegarde et restauration »).
import path from 'node:path';
import { loadConfig } from '../api/src/config.js';
import { openInstance } from '../api/src/infra/backup/instance.js';
import { BackupError, backupMessages } from '../api/src/infra/backup/manifest.js';
import { restoreBackup } from '../api/src/infra/backup/restore.js';

const dir = process.argv[2];
if (!dir) {
  console.error('Usage : npm run restore -- <dossier>');
  process.exit(2);
}
// npm runs scripts from the project's folder: a relative path is the caller's.
const source = path.resolve(process.env.INIT_CWD ?? process.cwd(), dir);
const instance = await openInstance(loadConfig());
try {
  const manifest = await restoreBackup(source, instance, { log: (message) => console.log(`[restauration] ${message}`) });
  console.log(`Restauration terminée depuis ${source} : toutes les sommes de contrôle concordent.`);
  if (manifest.missingFiles.length > 0) console.error(backupMessages.missingFiles(manifest.missingFiles));
} catch (error) {
  console.error(error instanceof BackupError ? error.message : error);
  process.exitCode = 1;
} finally {
  await instance.close();
}
