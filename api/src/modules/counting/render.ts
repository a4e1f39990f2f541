// LibreOffice headless turns a Word or OpenDocument file into a PDF whose pages are the document's
// real pages (the editor's saved statistics are only what the author last saw). Optional: Debian's
// libreoffice-writer-nogui; without it, pages are estimated (docs/decisions.md, README).
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, symlink } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { CountError } from './rules.js';

const CANDIDATES = ['/usr/bin/soffice', '/usr/lib/libreoffice/program/soffice', '/opt/libreoffice/program/soffice'];

/** The soffice binary (SOFFICE_PATH, else the usual places), null when LibreOffice is not installed. */
export function findSoffice(env: NodeJS.ProcessEnv = process.env): string | null {
  if (env.SOFFICE_PATH !== undefined) return env.SOFFICE_PATH && existsSync(env.SOFFICE_PATH) ? env.SOFFICE_PATH : null;
  return CANDIDATES.find((candidate) => existsSync(candidate)) ?? null;
}

/**
 * The PDF LibreOffice renders from `file` (extension `extension`), read into memory. Each call
 * has its own profile folder (two conversions sharing one block each other) and is killed, with
 * its whole process group, at `timeoutMs`.
 */
export async function renderPdf(soffice: string, file: string, extension: string, timeoutMs: number): Promise<Buffer> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'constats-count-'));
  try {
    const input = path.join(dir, `document.${extension}`);
    await symlink(path.resolve(file), input);
    const args = [
      '--headless',
      '--norestore',
      '--nolockcheck',
      '--nodefault',
      `-env:UserInstallation=${pathToFileURL(path.join(dir, 'profile')).href}`,
      '--convert-to',
      'pdf',
      '--outdir',
      dir,
      input,
    ];
    await run(soffice, args, timeoutMs);
    const output = path.join(dir, 'document.pdf');
    if (!existsSync(output)) throw new CountError('LibreOffice n’a pas pu convertir ce document (fichier endommagé ou protégé ?).');
    return await readFile(output);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** Process groups of the renderings under way, killed with the counting process that started them. */
const running = new Set<number>();

/** Kills every rendering under way (the counting process is being stopped: LibreOffice must not outlive it). */
export function stopRenderings(): void {
  for (const pid of running) killGroup(pid);
  running.clear();
}

function run(command: string, args: string[], timeoutMs: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: 'ignore', detached: true, env: { ...process.env, HOME: os.tmpdir() } });
    if (child.pid) running.add(child.pid);
    const timer = setTimeout(() => {
      killGroup(child.pid);
      reject(new CountError(`Conversion LibreOffice trop longue (plus de ${Math.round(timeoutMs / 1000)} s).`));
    }, timeoutMs);
    child.on('error', (error) => {
      clearTimeout(timer);
      reject(new CountError(`LibreOffice n’a pas pu être lancé (${error.message}).`));
    });
    child.on('exit', () => {
      clearTimeout(timer);
      if (child.pid) running.delete(child.pid);
      resolve();
    });
  });
}

function killGroup(pid: number | undefined) {
  if (!pid) return;
  try {
    process.kill(-pid, 'SIGKILL');
  } catch {
    // Already gone.
  }
}
