// Demo seed: the conversations on constats and who read them.
import type { Cast, SeedUser } from './people.js';
import type { SeedReport } from './reports.js';
import { addHours, DAY, earliest, type Random } from './tools.js';

type Party = 'admin' | 'bailiff' | 'secretary';
type ThreadLine = readonly [from: Party, to: Party, body: string];

const THREADS: readonly (readonly ThreadLine[])[] = [
  [
    ['bailiff', 'secretary', "Merci de reprendre la trame habituelle de l'étude, le client est exigeant."],
    ['secretary', 'bailiff', "Bien reçu Maître, je m'en occupe dans la journée."],
  ],
  [
    ['secretary', 'bailiff', 'Il manque la page 2 du bail dans les éléments déposés, pouvez-vous la rajouter ?'],
    ['bailiff', 'secretary', "C'est fait, je viens de la déposer."],
    ['secretary', 'bailiff', 'Merci, je termine ce soir.'],
  ],
  [['bailiff', 'secretary', 'Attention : les photos 12 à 18 concernent la cave, à placer en annexe.']],
  [
    ['secretary', 'bailiff', 'Les photos sont floues au-delà de la vingtième, je les garde ?'],
    ['bailiff', 'secretary', 'Oui, en indiquant « photo peu lisible » dans la légende.'],
  ],
  [['admin', 'secretary', 'Constat prioritaire : merci de le traiter avant ce soir.']],
  [
    ['admin', 'bailiff', 'Le dossier est confié à notre secrétaire habituelle, retour prévu sous 24 h.'],
    ['bailiff', 'secretary', 'Le requérant attend le PV pour son audience de vendredi.'],
  ],
];

// Typed with the deposit while no secretary is assigned, so it goes to the office.
const UNASSIGNED_THREAD: readonly ThreadLine[] = [['bailiff', 'admin', "Merci d'attribuer ce constat rapidement, le client attend le PV."]];

function pickThread(random: Random, report: SeedReport): readonly ThreadLine[] {
  if (!report.secretary) return random.chance(0.5) ? UNASSIGNED_THREAD : [];
  return random.chance(0.4) ? random.pick(THREADS) : [];
}

/** Conversations spread over the report's active life; `read` says whether the receiver opened them. */
export function planComments(random: Random, reports: SeedReport[], cast: Cast, now: Date) {
  const comments: { reportId: number; authorId: number; receiverId: number; body: string; createdAt: Date; read: boolean }[] = [];
  for (const report of reports) {
    const people: Record<Party, SeedUser | null> = { admin: cast.admin, bailiff: report.bailiff, secretary: report.secretary };
    const thread = pickThread(random, report);
    const end = report.status === 'TE' || report.status === 'AR' ? report.lastStatusChange : now;
    const span = end.getTime() - report.createdAt.getTime();
    thread.forEach(([from, to, body], index) => {
      const createdAt = new Date(report.createdAt.getTime() + (span * (index + 1)) / (thread.length + 1));
      // Older messages have been read, bar a few forgotten ones; the last day's are still waiting.
      const read = now.getTime() - createdAt.getTime() > DAY && random.chance(0.9);
      comments.push({ reportId: report.id, authorId: people[from]!.id, receiverId: people[to]!.id, body, createdAt, read });
    });
  }
  return comments;
}

export function planCommentReads(
  random: Random,
  comments: { id: number; receiverId: number; createdAt: Date; read: boolean }[],
  now: Date,
) {
  return comments
    .filter((comment) => comment.read)
    .map((comment) => ({
      commentId: comment.id,
      userId: comment.receiverId,
      readAt: earliest(addHours(comment.createdAt, random.int(1, 20)), now),
    }));
}
