// `npm run backup -- <dossier>`: a consistent backup of the database and the files, the app running
// or not (api/src/infra/backup/backup.ts; README « Sauvegarde et restauration »).
import path from 'node:path';
import { loadConfig } from '../api/src/config.js';
import { createBackup } from '../api/src/infra/backup/backup.js';
import { openInstance } from '../api/src/infra/backup/instance.js';
import { BackupError, backupMessages } from '../api/src/infra/backup/manifest.js';

const dir = process.argv[2];
if (!dir) {
  console.error('Usage : npm run backup -- <dossier>');
  process.exit(2);
}
// npm runs scripts from the project's folder: a relative path is the caller's.
const target = path.resolve(process.env.INIT_CWD ?? process.cwd(), dir);
const instance = await openInstance(loadConfig());
try {
  const manifest = await createBackup(instance, target, { log: (message) => console.log(`[sauvegarde] ${message}`) });
  const rows = manifest.tables.reduce((sum, table) => sum + table.rows, 0);
  console.log(
    `Sauvegarde écrite dans ${target} : ${rows} ligne(s) de ${manifest.tables.length} table(s), ${manifest.files.length} fichier(s).`,
  );
  if (manifest.missingFiles.length > 0) {
    console.error(backupMessages.missingFiles(manifest.missingFiles));
    process.exitCode = 1;
  }
} catch (error) {
  console.error(error instanceof BackupError ? error.message : error);
  process.exitCode = 1;
} finally {
  await instance.close();
}
