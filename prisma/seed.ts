// Demo data: three études of commissaires de justice (Lyon, Bordeaux, Nantes), their bailiffs, the
// secretaries who type their constats, two years of reports in every status, bills, news,
// notifications and absences. It is what a visitor sees after `npm start` and what tests rely on,
// so it is deterministic: a seeded PRNG and dates relative to `opts.now`. Only storage keys (random
// UUIDs) and password salts differ between runs.
import { civilityLabels, toSearchText } from '../api/src/modules/accounts/rules.js';
import { hashPassword } from '../api/src/modules/auth/password.js';
import { newStorageKey, type Storage } from '../api/src/infra/storage.js';
import { billingAmounts, billTotals } from '../api/src/modules/billing/rules.js';
import { retrocessionAmounts } from '../api/src/modules/retrocession/rules.js';
import { sum } from '../api/src/lib/money.js';
import { createTxtPager } from '../api/src/modules/counting/rules.js';
import { frenchVatNumber, sirenOfSiret } from '../api/src/lib/identifiers.js';
import {
  Prisma,
  type Civility,
  type PrismaClient,
  type ReportFileKind,
  type ReportStatus,
  type Role,
  type UserStatus,
} from '../api/src/generated/prisma/client.js';

type Tx = Prisma.TransactionClient;
type Decimal = Prisma.Decimal;
const Decimal = Prisma.Decimal;

// ---------------------------------------------------------------------------------------------
// Public API
// ---------------------------------------------------------------------------------------------

export interface DemoAccount {
  role: Role;
  email: string;
  identity: string;
  password: string;
}

/** The accounts to sign in with. Every other demo account shares the password of its role. */
export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
  { role: 'ADMIN', email: 'admin@demo.fr', identity: 'admin', password: 'Admin#2026' },
  { role: 'BAILIFF', email: 'huissier@demo.fr', identity: 'huissier', password: 'Huissier#2026' },
  { role: 'SECRETARY', email: 'secretaire@demo.fr', identity: 'secretaire', password: 'Secretaire#2026' },
];

export interface SeedSummary {
  groups: number;
  admins: number;
  bailiffs: number;
  secretaries: number;
  pendingRegistrations: number;
  matrices: number;
  reports: number;
  reportsByStatus: Record<ReportStatus, number>;
  reportFiles: number;
  comments: number;
  commentReads: number;
  groupBills: number;
  secretaryBills: number;
  news: number;
  newsReads: number;
  notifications: number;
  absences: number;
  auditLogs: number;
  storedFiles: number;
  storedBytes: number;
}

/** Fills an empty database (and the file store) with the demo office. */
export async function seedDemoData(prisma: PrismaClient, storage: Storage, opts: { now?: Date } = {}): Promise<SeedSummary> {
  const now = opts.now ?? new Date();
  if ((await prisma.user.count()) > 0) {
    throw new Error('seedDemoData: the database already has accounts; demo data only goes into an empty database');
  }
  const passwordHashes = await hashDemoPasswords();
  const files = createFileRecorder(storage);
  try {
    // One transaction, so a failure leaves no half-seeded database; the catch removes the files.
    return await prisma.$transaction((tx) => seedInTransaction(tx, files, passwordHashes, now), {
      maxWait: 10_000,
      timeout: 120_000,
    });
  } catch (error) {
    await files.removeAll();
    throw error;
  }
}

const SEED = 2026;

async function seedInTransaction(tx: Tx, files: FileRecorder, passwordHashes: Map<string, string>, now: Date): Promise<SeedSummary> {
  const random = createRandom(SEED);

  const groups = await withIds(tx, 'Group', buildGroups(now));
  await tx.group.createMany({ data: groups });
  await tx.sellerSettings.create({ data: { id: 1, ...DEMO_SELLER } });
  const cast = await buildCast(tx, random, groups, passwordHashes, now);
  await tx.user.createMany({ data: cast.all });
  const matrices = await storeMatrices(files, cast, now);
  await tx.userMatrix.createMany({ data: matrices });

  const reports = await withIds(tx, 'Report', planReports(random, cast, groups, now));
  // Billing marks its reports as invoiced, so it is planned before the reports are written.
  const bills = await planGroupBills(tx, random, reports, groups, cast, now);
  await tx.report.createMany({ data: reports.map(({ bailiff, secretary, group, ...row }) => row) });
  await tx.reportFile.createMany({ data: await storeReportFiles(files, random, reports, cast) });

  const comments = await withIds(tx, 'Comment', planComments(random, reports, cast, now));
  await tx.comment.createMany({ data: comments.map(({ read, ...row }) => row) });
  const commentReads = planCommentReads(random, comments, now);
  await tx.commentRead.createMany({ data: commentReads });

  // No PDF yet: the billing module renders the real invoice from the frozen figures when first opened.
  await tx.groupBill.createMany({ data: bills.map(({ lines, ...bill }) => bill) });
  await tx.groupBillReport.createMany({ data: bills.flatMap((bill) => bill.lines) });
  const secretaryBills = await planSecretaryBills(files, random, reports, cast, now);
  await tx.secretaryBill.createMany({ data: secretaryBills });

  const news = await withIds(tx, 'News', planNews(cast, now));
  await tx.news.createMany({ data: news });
  const newsReads = planNewsReads(news, cast, now);
  await tx.newsRead.createMany({ data: newsReads });
  const notifications = planNotifications(reports, bills, cast, groups, now);
  await tx.notification.createMany({ data: notifications });
  const absences = planAbsences(cast, now);
  await tx.absence.createMany({ data: absences });
  const auditLogs = planAuditLogs(reports, bills, cast, groups, now);
  await tx.auditLog.createMany({ data: auditLogs });

  return {
    groups: groups.length,
    admins: 1,
    bailiffs: cast.bailiffs.length,
    secretaries: cast.secretaries.length,
    pendingRegistrations: 1,
    matrices: matrices.length,
    reports: reports.length,
    reportsByStatus: countByStatus(reports),
    reportFiles: files.count('reports'),
    comments: comments.length,
    commentReads: commentReads.length,
    groupBills: bills.length,
    secretaryBills: secretaryBills.length,
    news: news.length,
    newsReads: newsReads.length,
    notifications: notifications.length,
    absences: absences.length,
    auditLogs: auditLogs.length,
    storedFiles: files.count(),
    storedBytes: files.bytes(),
  };
}

// ---------------------------------------------------------------------------------------------
// Small tools: PRNG, ids, dates, text
// ---------------------------------------------------------------------------------------------

/** mulberry32: tiny, and the same sequence on every machine (Math.random cannot be seeded). */
function createRandom(seed: number) {
  let state = seed >>> 0;
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number): number => min + Math.floor(next() * (max - min + 1));
  return {
    next,
    int,
    chance: (probability: number): boolean => next() < probability,
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)],
    digits: (count: number): string => Array.from({ length: count }, () => String(int(0, 9))).join(''),
  };
}
type Random = ReturnType<typeof createRandom>;

function pickWeighted<T extends { weight: number }>(random: Random, items: readonly T[]): T {
  let ticket = random.next() * items.reduce((total, item) => total + item.weight, 0);
  return items.find((item) => (ticket -= item.weight) < 0) ?? items[items.length - 1];
}

type SequencedTable = 'Group' | 'User' | 'Report' | 'Comment' | 'GroupBill' | 'News';

/**
 * Takes ids from the table's own sequence, so related rows can be built up front and inserted
 * with createMany while the application's later inserts continue the sequence normally.
 */
async function reserveIds(tx: Tx, table: SequencedTable, count: number): Promise<number[]> {
  if (count === 0) return [];
  const rows = await tx.$queryRaw<{ id: number }[]>`
    SELECT nextval(pg_get_serial_sequence(${`"${table}"`}, 'id'))::int AS id
    FROM generate_series(1, ${count}::int)`;
  return rows.map((row) => row.id);
}

async function withIds<T extends object>(tx: Tx, table: SequencedTable, rows: T[]): Promise<(T & { id: number })[]> {
  const ids = await reserveIds(tx, table, rows.length);
  return rows.map((row, index) => ({ ...row, id: ids[index] }));
}

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

const addHours = (date: Date, hours: number): Date => new Date(date.getTime() + hours * HOUR);
const addDays = (date: Date, days: number): Date => new Date(date.getTime() + days * DAY);
const earliest = (...dates: Date[]): Date => new Date(Math.min(...dates.map((date) => date.getTime())));

/** `days` before `now`, in French office hours (07:00–17:00 UTC) so UTC and Paris agree on the day. */
function officeTimeDaysAgo(random: Random, now: Date, days: number): Date {
  const date = addDays(now, -days);
  date.setUTCHours(random.int(7, 16), random.int(0, 59), 0, 0);
  return date;
}

/** A DATE column value: midnight UTC of the day `days` away from `now`. */
function calendarDay(now: Date, days: number): Date {
  const date = addDays(now, days);
  return new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()));
}

const MONTHS_FR = ['janvier', 'février', 'mars', 'avril', 'mai', 'juin', 'juillet', 'août', 'septembre', 'octobre', 'novembre', 'décembre'];
const monthLabel = (year: number, month: number): string => `${MONTHS_FR[month - 1]} ${year}`;
const PARIS_DATE = new Intl.DateTimeFormat('fr-FR', { timeZone: 'Europe/Paris', day: '2-digit', month: '2-digit', year: 'numeric' });
const PARIS_TIME = new Intl.DateTimeFormat('fr-FR', { timeZone: 'Europe/Paris', hour: '2-digit', minute: '2-digit' });
const euros = (amount: Decimal): string => `${amount.toFixed(2).replace('.', ',')} €`;

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

// ---------------------------------------------------------------------------------------------
// Files: tiny but real documents, written through the storage and tracked for clean-up
// ---------------------------------------------------------------------------------------------

interface StoredFile {
  storageKey: string;
  originalName: string;
  size: number;
  mimeType: string;
}

type FileRecorder = ReturnType<typeof createFileRecorder>;

function createFileRecorder(storage: Storage) {
  const stored: { folder: string; key: string; size: number }[] = [];
  return {
    async store(folder: string, originalName: string, body: Buffer, date: Date): Promise<StoredFile> {
      const storageKey = newStorageKey(folder, originalName, date);
      const { size } = await storage.put(storageKey, body);
      stored.push({ folder, key: storageKey, size });
      const mimeType = originalName.endsWith('.pdf') ? 'application/pdf' : 'text/plain';
      return { storageKey, originalName, size, mimeType };
    },
    count: (folder?: string): number => stored.filter((file) => !folder || file.folder === folder).length,
    bytes: (): number => stored.reduce((total, file) => total + file.size, 0),
    async removeAll(): Promise<void> {
      await Promise.allSettled(stored.map((file) => storage.remove(file.key)));
    },
  };
}

// PDF strings are WinAnsi bytes: Latin-1 letters map to themselves, typographic signs do not.
const WIN_ANSI_EXTRAS: Record<string, string> = {
  '€': '\x80',
  '…': '\x85',
  '‘': '\x91',
  '’': '\x92',
  '“': '\x93',
  '”': '\x94',
  '–': '\x96',
  '—': '\x97',
  œ: '\x9c',
  Œ: '\x8c',
};

function pdfText(text: string): string {
  return Array.from(text, (char) => {
    if (char === '(' || char === ')' || char === '\\') return `\\${char}`;
    return WIN_ANSI_EXTRAS[char] ?? (char.charCodeAt(0) <= 0xff ? char : '?');
  }).join('');
}

/**
 * A one-page A4 PDF 1.4 in Helvetica, the first line as a title. The cross-reference table holds
 * exact byte offsets, so viewers open it without repairing it.
 */
function minimalPdf(lines: string[]): Buffer {
  const content = lines
    .map((line, index) => `BT /F1 ${index === 0 ? 14 : 11} Tf 56 ${780 - index * 20} Td (${pdfText(line)}) Tj ET`)
    .join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
    `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
  ];
  // Every character here is one Latin-1 byte, so string lengths are byte offsets.
  let pdf = '%PDF-1.4\n%\xe2\xe3\xcf\xd3\n';
  const offsets = objects.map((body, index) => {
    const offset = pdf.length;
    pdf += `${index + 1} 0 obj\n${body}\nendobj\n`;
    return offset;
  });
  const xrefOffset = pdf.length;
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  pdf += offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('');
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xrefOffset}\n%%EOF\n`;
  return Buffer.from(pdf, 'latin1');
}

const textFile = (lines: string[]): Buffer => Buffer.from(`${lines.join('\n')}\n`, 'utf8');

// ---------------------------------------------------------------------------------------------
// Études and people
// ---------------------------------------------------------------------------------------------

interface GroupSeed {
  name: string;
  siret: string;
  telephone: string;
  email: string;
  address: string;
  zip: string;
  city: string;
  pricePage: string;
  pricePhoto: string;
  /** Streets of the étude's city, for report names. */
  streets: readonly string[];
}

// SIRET numbers carry valid Luhn keys (their SIREN's and their own); RIBs are well-formed FR76 IBANs.
const GROUPS: readonly GroupSeed[] = [
  {
    name: 'SCP Dubois & Associés',
    siret: '79845123300018',
    telephone: '0478425630',
    email: 'comptabilite.dubois@demo.fr',
    address: '14 quai Saint-Antoine',
    zip: '69002',
    city: 'Lyon',
    pricePage: '2.50',
    pricePhoto: '0.80',
    streets: [
      'rue Mercière',
      'cours Gambetta',
      'rue de la République',
      'avenue Jean-Jaurès',
      'rue Garibaldi',
      'montée de la Grande-Côte',
      'rue Paul-Bert',
      'boulevard des Brotteaux',
    ],
  },
  {
    name: 'Étude Lefèvre-Gauthier',
    siret: '81236475000016',
    telephone: '0556819274',
    email: 'facturation.lefevre-gauthier@demo.fr',
    address: "8 cours de l'Intendance",
    zip: '33000',
    city: 'Bordeaux',
    pricePage: '2.40',
    pricePhoto: '0.75',
    streets: [
      'rue Sainte-Catherine',
      'quai des Chartrons',
      'cours Victor-Hugo',
      'rue Notre-Dame',
      'rue du Palais-Gallien',
      'avenue Thiers',
      'rue Fondaudège',
    ],
  },
  {
    name: 'SELARL Fabre Commissaires de justice',
    siret: '53247189300018',
    telephone: '0240481537',
    email: 'compta.fabre@demo.fr',
    address: '3 rue Crébillon',
    zip: '44000',
    city: 'Nantes',
    pricePage: '2.60',
    pricePhoto: '0.85',
    streets: [
      'quai de la Fosse',
      "boulevard Guist'hau",
      'rue Paul-Bellamy',
      'allée Baco',
      'rue de Strasbourg',
      'place du Bouffay',
      'rue de la Bastille',
    ],
  },
];

/**
 * The seller's invoicing settings (« Paramètres de facturation »), so the demo generates Factur-X
 * bills at once: SIRET, VAT key and IBAN carry valid check digits (a fictitious company).
 */
export const DEMO_SELLER = {
  legalName: 'Frappe & Constats SAS',
  legalForm: 'SAS au capital de 10 000 €',
  siret: '84512763800011',
  vatNumber: 'FR30845127638',
  rcs: 'RCS Lyon 845 127 638',
  address: '22 rue Édouard-Herriot',
  zip: '69002',
  city: 'Lyon',
  iban: 'FR7630006000011234567890189',
  bic: 'AGRIFRPPXXX',
  paymentTerms: 'Paiement à réception de la facture, par virement.',
} as const;

function buildGroups(now: Date) {
  const createdAt = addDays(now, -800);
  return GROUPS.map(({ streets, ...group }) => ({
    ...group,
    // The buyer's VAT number, derived from the SIREN of its Siret (Factur-X buyer identifiers).
    vatNumber: frenchVatNumber(sirenOfSiret(group.siret)!),
    pricePage: new Decimal(group.pricePage),
    pricePhoto: new Decimal(group.pricePhoto),
    searchText: toSearchText(group.name, group.city),
    createdAt,
    updatedAt: createdAt,
  }));
}
type SeedGroup = ReturnType<typeof buildGroups>[number] & { id: number };

interface PersonSeed {
  role: Role;
  status?: UserStatus;
  civility: Civility;
  firstName: string;
  lastName: string;
  email: string;
  identity: string;
  telephone: string;
  /** Index in GROUPS, for bailiffs. */
  group?: number;
  siret?: string;
  address?: string;
  zip?: string;
  city?: string;
  rib?: string;
  secretaryPricePage?: string;
  secretaryPricePhoto?: string;
  instructions?: string;
  description?: string;
}

const ADMIN: PersonSeed = {
  role: 'ADMIN',
  civility: 'MONSIEUR',
  firstName: 'Noël',
  lastName: 'Garnier',
  email: 'admin@demo.fr',
  identity: 'admin',
  telephone: '0478425631',
  description: 'Responsable du pôle dactylographie',
};

// The first bailiff and the first secretary are the demo logins. Each bailiff comes with the
// share of reports they deposit and the secretary who usually types for them.
const BAILIFFS: readonly (PersonSeed & { share: number; usualSecretary: number })[] = [
  {
    role: 'BAILIFF',
    civility: 'MAITRE',
    firstName: 'François',
    lastName: 'Dubois',
    email: 'huissier@demo.fr',
    identity: 'huissier',
    telephone: '0612457890',
    group: 0,
    share: 0.35,
    usualSecretary: 0,
    instructions:
      "<p>Merci d'utiliser la <strong>trame de l'étude</strong> (voir matrices associées).</p>" +
      '<ul><li>Photos numérotées dans l’ordre de la visite</li>' +
      '<li>Annexes photographiques en fin de procès-verbal</li>' +
      '<li>Retour sous 24 h pour les états des lieux</li></ul>',
  },
  {
    role: 'BAILIFF',
    civility: 'MAITRE',
    firstName: 'Hélène',
    lastName: 'Marchand',
    email: 'helene.marchand@demo.fr',
    identity: 'helene.marchand',
    telephone: '0623894512',
    group: 0,
    share: 0.2,
    usualSecretary: 1,
    instructions: '<p>Police Times New Roman 12, interligne 1,5. Mentionner le <em>nom du requérant</em> en première page.</p>',
  },
  {
    role: 'BAILIFF',
    civility: 'MAITRE',
    firstName: 'Loïc',
    lastName: 'Gauthier',
    email: 'loic.gauthier@demo.fr',
    identity: 'loic.gauthier',
    telephone: '0687231945',
    group: 1,
    share: 0.25,
    usualSecretary: 2,
    instructions: '<p>Pour les constats de chantier, reprendre le plan fourni et indiquer la position de chaque photo.</p>',
  },
  {
    role: 'BAILIFF',
    civility: 'MAITRE',
    firstName: 'Bérangère',
    lastName: 'Fabre',
    email: 'berangere.fabre@demo.fr',
    identity: 'berangere.fabre',
    telephone: '0645128830',
    group: 2,
    share: 0.2,
    usualSecretary: 0,
  },
];

const SECRETARIES: readonly PersonSeed[] = [
  {
    role: 'SECRETARY',
    civility: 'MADAME',
    firstName: 'Bérénice',
    lastName: 'Roussel',
    email: 'secretaire@demo.fr',
    identity: 'secretaire',
    telephone: '0672154896',
    siret: '88912304700017',
    address: '27 rue Anatole-France',
    zip: '69100',
    city: 'Villeurbanne',
    rib: 'FR76 3000 4008 1900 0123 4567 879',
    secretaryPricePage: '1.20',
    secretaryPricePhoto: '0.35',
  },
  {
    role: 'SECRETARY',
    civility: 'MADAME',
    firstName: 'Zoé',
    lastName: 'Lemaître',
    email: 'zoe.lemaitre@demo.fr',
    identity: 'zoelemaitre',
    telephone: '0698452173',
    siret: '90123746500017',
    address: '5 impasse des Érables',
    zip: '69130',
    city: 'Écully',
    rib: 'FR76 2004 1010 0704 5123 7830 232',
    secretaryPricePage: '1.10',
    secretaryPricePhoto: '0.30',
  },
  {
    role: 'SECRETARY',
    civility: 'MADAME',
    firstName: 'Anaïs',
    lastName: 'Guérin',
    email: 'anais.guerin@demo.fr',
    identity: 'anaisguerin',
    telephone: '0751839264',
    siret: '84561203900014',
    address: '12 chemin du Prieuré',
    zip: '33400',
    city: 'Talence',
    rib: 'FR76 1027 8073 0000 0214 5680 139',
    secretaryPricePage: '1.25',
    secretaryPricePhoto: '0.40',
  },
];

// A self-registration waiting for an administrator (spec §1): always a bailiff, no étude yet.
const PENDING_REGISTRATION: PersonSeed = {
  role: 'BAILIFF',
  status: 'PENDING',
  civility: 'MONSIEUR',
  firstName: 'Jérôme',
  lastName: 'Bréval',
  email: 'jerome.breval@demo.fr',
  identity: 'jerome.breval',
  telephone: '0561234578',
  address: '21 allée Jean-Jaurès',
  zip: '31000',
  city: 'Toulouse',
};

async function hashDemoPasswords(): Promise<Map<string, string>> {
  // argon2 takes ~90 ms a hash: one hash per distinct password, in parallel.
  const passwords = [...new Set(DEMO_ACCOUNTS.map((account) => account.password))];
  const hashes = await Promise.all(passwords.map((password) => hashPassword(password)));
  return new Map(passwords.map((password, index) => [password, hashes[index]]));
}

function passwordHashFor(role: Role, passwordHashes: Map<string, string>): string {
  const account = DEMO_ACCOUNTS.find((demo) => demo.role === role)!;
  return passwordHashes.get(account.password)!;
}

async function buildCast(tx: Tx, random: Random, groups: SeedGroup[], passwordHashes: Map<string, string>, now: Date) {
  const people = [ADMIN, ...BAILIFFS, ...SECRETARIES, PENDING_REGISTRATION];
  const ids = await reserveIds(tx, 'User', people.length);
  const opened = addDays(now, -760);
  const all = people.map((person, index) => {
    const pending = person.status === 'PENDING';
    const createdAt = pending ? addDays(now, -2) : opened;
    return {
      id: ids[index],
      role: person.role,
      status: person.status ?? 'ACTIVE',
      civility: person.civility,
      firstName: person.firstName,
      lastName: person.lastName,
      telephone: person.telephone,
      email: person.email,
      identity: person.identity,
      passwordHash: passwordHashFor(person.role, passwordHashes),
      groupId: person.group === undefined ? null : groups[person.group].id,
      siret: person.siret ?? null,
      address: person.address ?? null,
      zip: person.zip ?? null,
      city: person.city ?? null,
      rib: person.rib ?? null,
      secretaryPricePage: new Decimal(person.secretaryPricePage ?? '0'),
      secretaryPricePhoto: new Decimal(person.secretaryPricePhoto ?? '0'),
      instructions: person.instructions ?? null,
      description: person.description ?? null,
      searchText: toSearchText(person.firstName, person.lastName, person.email, person.identity),
      // Staff accounts were opened by the administrator; the self-registration by nobody.
      createdById: person === ADMIN || pending ? null : ids[0],
      lastActivityAt: pending ? null : addHours(now, -random.int(1, 72)),
      createdAt,
      updatedAt: createdAt,
    };
  });
  return {
    all,
    admin: all[0],
    bailiffs: all.slice(1, 1 + BAILIFFS.length),
    secretaries: all.slice(1 + BAILIFFS.length, 1 + BAILIFFS.length + SECRETARIES.length),
    pending: all[all.length - 1],
  };
}
type Cast = Awaited<ReturnType<typeof buildCast>>;
type SeedUser = Cast['all'][number];

const fullName = (user: { firstName: string; lastName: string }): string => `${user.firstName} ${user.lastName}`;

/** Bailiffs' model documents ("matrices associées") that their secretaries follow. */
async function storeMatrices(files: FileRecorder, cast: Cast, now: Date) {
  const matrices = [
    {
      owner: cast.bailiffs[0],
      name: "Trame – état des lieux d'entrée et de sortie.pdf",
      lines: [
        "Trame de procès-verbal d'état des lieux",
        'SCP Dubois & Associés',
        '1. Désignation des lieux',
        '2. Pièce par pièce : sols, murs, plafonds, équipements',
        '3. Relevé des compteurs',
        '4. Annexes photographiques',
      ],
    },
    {
      owner: cast.bailiffs[0],
      name: 'Formule de clôture.txt',
      lines: ["Et de tout ce que dessus, j'ai dressé le présent procès-verbal de constat pour servir et valoir ce que de droit."],
    },
    {
      owner: cast.bailiffs[2],
      name: 'Trame – constat de chantier.pdf',
      lines: [
        'Trame de constat de chantier',
        'Étude Lefèvre-Gauthier',
        '1. Situation du chantier et accès',
        '2. Avancement des travaux',
        '3. Désordres constatés',
        '4. Plan de repérage des photos',
      ],
    },
  ];
  const createdAt = addDays(now, -700);
  const rows = [];
  for (const { owner, name, lines } of matrices) {
    const body = name.endsWith('.pdf') ? minimalPdf(lines) : textFile(lines);
    rows.push({ userId: owner.id, createdAt, ...(await files.store('matrices', name, body, createdAt)) });
  }
  return rows;
}

// ---------------------------------------------------------------------------------------------
// Reports
// ---------------------------------------------------------------------------------------------

// Recent work in every alert colour (spec §4: under 30 h green, 30–36 h orange, above 36 h red),
// the demo bailiff (index 0) well represented.
const FRESH_REPORTS: readonly { hoursAgo: number; status: ReportStatus; bailiff: number }[] = [
  { hoursAgo: 1.5, status: 'NA', bailiff: 0 },
  { hoursAgo: 7, status: 'NA', bailiff: 2 },
  { hoursAgo: 26, status: 'NA', bailiff: 3 },
  { hoursAgo: 4, status: 'EC', bailiff: 0 },
  { hoursAgo: 20, status: 'EC', bailiff: 1 },
  { hoursAgo: 31, status: 'EC', bailiff: 0 },
  { hoursAgo: 35, status: 'EC', bailiff: 2 },
  { hoursAgo: 44, status: 'EC', bailiff: 3 },
  { hoursAgo: 78, status: 'EC', bailiff: 0 },
  { hoursAgo: 29, status: 'RS', bailiff: 1 },
  { hoursAgo: 52, status: 'RS', bailiff: 0 },
  { hoursAgo: 96, status: 'RS', bailiff: 2 },
];
const OLDER_REPORTS = 68;
const HISTORY_DAYS = 728;

const SITES = [
  'résidence Les Terrasses du Parc',
  'ZAC des Grèzes, bâtiment A',
  'groupe scolaire Jules-Ferry',
  'lotissement Le Clos Fleuri',
  'immeuble Le Belvédère',
  'maison individuelle, lot 14',
];
const COMPANIES = [
  'SARL Boulangerie Février',
  'SAS Transports Lemaître',
  'Garage Bérard & Fils',
  'Pharmacie du Théâtre',
  'SARL Électricité Gérôme',
  'Brasserie Le Cénacle',
];
const WEB_SUBJECTS = [
  'avis négatifs sur Google Maps',
  'annonce Leboncoin frauduleuse',
  'publication Facebook diffamatoire',
  'contrefaçon sur une boutique en ligne',
  'page Instagram « Les Délices de Noé »',
];
const CLIENT_NAMES = ['Mérieux', 'Lefèbvre', 'Da Costa', 'Thébault', 'Perrière', 'Nguyen', 'Benoît', 'Rivière', 'Châtelain', 'Lacôte'];

function streetAddress(random: Random, group: SeedGroup): string {
  const { streets } = GROUPS.find((seed) => seed.name === group.name)!;
  return `${random.int(1, 96)} ${random.pick(streets)}, ${group.city}`;
}

// Weighted like a real office: états des lieux are the daily bread. All stay under 90 characters.
const REPORT_NAMES: readonly { weight: number; name: (random: Random, group: SeedGroup) => string }[] = [
  { weight: 5, name: (r, g) => `Constat d'état des lieux d'entrée – ${streetAddress(r, g)}` },
  { weight: 5, name: (r, g) => `Constat d'état des lieux de sortie – ${streetAddress(r, g)}` },
  { weight: 3, name: (r, g) => `Constat de chantier – ${r.pick(SITES)}, ${g.city}` },
  { weight: 2, name: (r, g) => `Constat de dégâts des eaux – ${streetAddress(r, g)}` },
  { weight: 2, name: (r, g) => `Constat d'affichage de permis de construire – ${streetAddress(r, g)}` },
  { weight: 1, name: (r, g) => `Constat de nuisances sonores – ${streetAddress(r, g)}` },
  { weight: 1, name: (r, g) => `Constat de malfaçons – ${r.pick(SITES)}, ${g.city}` },
  { weight: 2, name: (r) => `Constat sur internet – ${r.pick(WEB_SUBJECTS)}` },
  { weight: 1, name: (r) => `Constat d'abandon de poste – ${r.pick(COMPANIES)}` },
  { weight: 1, name: (r) => `Constat de SMS – téléphone de ${r.pick(['M.', 'Mme'])} ${r.pick(CLIENT_NAMES)}` },
  { weight: 1, name: (r) => `Inventaire de stock – ${r.pick(COMPANIES)}` },
];

interface ReportSlot {
  createdAt: Date;
  status: ReportStatus;
  /** Index in BAILIFFS. */
  bailiff: number;
}

/** When each report arrived and where it stands now: a dozen fresh ones, the rest over two years. */
function reportSlots(random: Random, now: Date): ReportSlot[] {
  const fresh = FRESH_REPORTS.map(({ hoursAgo, status, bailiff }) => ({ createdAt: addHours(now, -hoursAgo), status, bailiff }));
  const older = Array.from({ length: OLDER_REPORTS }, (_, index) => {
    // Evenly spread with a little jitter, from 4 days to about 24 months ago.
    const daysAgo = Math.round(4 + (index + random.next() * 0.8) * ((HISTORY_DAYS - 4) / OLDER_REPORTS));
    return {
      createdAt: officeTimeDaysAgo(random, now, daysAgo),
      status: settledStatus(random, daysAgo),
      bailiff: pickWeighted(
        random,
        BAILIFFS.map((bailiff, index) => ({ weight: bailiff.share, index })),
      ).index,
    };
  });
  const byDate = (a: ReportSlot, b: ReportSlot) => a.createdAt.getTime() - b.createdAt.getTime();
  return [...older, ...fresh].sort(byDate);
}

/** Older work is finished; bailiffs archive most of it after a few weeks. */
function settledStatus(random: Random, daysAgo: number): ReportStatus {
  if (daysAgo < 21) return 'TE';
  if (daysAgo < 75) return random.chance(0.5) ? 'TE' : 'AR';
  return random.chance(0.88) ? 'AR' : 'TE';
}

function planReports(random: Random, cast: Cast, groups: SeedGroup[], now: Date) {
  return reportSlots(random, now).map((slot) => {
    const bailiff = cast.bailiffs[slot.bailiff];
    const group = groups.find((candidate) => candidate.id === bailiff.groupId)!;
    const secretary = slot.status === 'NA' ? null : assignSecretary(random, cast, slot.bailiff);
    return {
      name: pickWeighted(random, REPORT_NAMES).name(random, group),
      bailiffId: bailiff.id,
      secretaryId: secretary?.id ?? null,
      status: slot.status,
      isArchived: slot.status === 'AR',
      invoiced: false,
      ...reportCounts(random, slot, group, secretary, now),
      ...reportTimeline(random, slot, now),
      createdAt: slot.createdAt,
      // In-memory links for the planners below; not columns.
      bailiff,
      secretary,
      group,
    };
  });
}
type SeedReport = ReturnType<typeof planReports>[number] & { id: number };

function assignSecretary(random: Random, cast: Cast, bailiffIndex: number): SeedUser {
  const usual = cast.secretaries[BAILIFFS[bailiffIndex].usualSecretary];
  return random.chance(0.75) ? usual : random.pick(cast.secretaries);
}

interface Counts {
  pages: number;
  photos: number;
}

/** A typed constat: four to thirty pages, at most two photos a page (a photo counts half a page). */
function draftCounts(random: Random): Counts {
  const pages = random.int(4, 30);
  return { pages, photos: random.int(0, Math.min(2 * pages, 60)) };
}

/** Small corrections from one counting stage to the next, keeping pages ≥ photos / 2. */
function adjustedCounts(random: Random, counts: Counts): Counts {
  const photos = Math.max(0, counts.photos - (random.chance(0.2) ? random.int(1, 3) : 0));
  const pages = Math.max(Math.ceil(photos / 2), counts.pages + (random.chance(0.15) ? random.int(-1, 1) : 0), 1);
  return { pages, photos };
}

const NOT_COUNTED = {
  countPagesProvisional: 0,
  countPhotosProvisional: 0,
  countPagesRetrocession: 0,
  countPhotosRetrocession: 0,
  countPagesBilling: 0,
  countPhotosBilling: 0,
  groupPricePage: null,
  groupPricePhoto: null,
  secretaryPricePage: null,
  secretaryPricePhoto: null,
  retrocessionComment: null,
};

const RETROCESSION_COMMENTS = [
  'Deux photos en double retirées.',
  'Annexes comptées à part.',
  'Page de garde non comptée.',
  'Plan du logement inclus dans les pages.',
];

/**
 * Provisional counts once the secretary has been typing for a while; retrocession and billing
 * counts when the report is finished. Tariffs are captured with the counts, as the app does.
 */
function reportCounts(random: Random, slot: ReportSlot, group: SeedGroup, secretary: SeedUser | null, now: Date) {
  const finished = slot.status === 'TE' || slot.status === 'AR';
  const typing = slot.status === 'RS' || (slot.status === 'EC' && now.getTime() - slot.createdAt.getTime() > DAY);
  if (!secretary || !(finished || typing)) return NOT_COUNTED;
  const provisional = draftCounts(random);
  const none: Counts = { pages: 0, photos: 0 };
  const retrocession = finished ? adjustedCounts(random, provisional) : none;
  const billing = finished ? adjustedCounts(random, retrocession) : none;
  return {
    countPagesProvisional: provisional.pages,
    countPhotosProvisional: provisional.photos,
    countPagesRetrocession: retrocession.pages,
    countPhotosRetrocession: retrocession.photos,
    countPagesBilling: billing.pages,
    countPhotosBilling: billing.photos,
    groupPricePage: group.pricePage,
    groupPricePhoto: group.pricePhoto,
    secretaryPricePage: secretary.secretaryPricePage,
    secretaryPricePhoto: secretary.secretaryPricePhoto,
    retrocessionComment: finished && random.chance(0.2) ? random.pick(RETROCESSION_COMMENTS) : null,
  };
}

// The office assigns a secretary within the hour.
const assignedAt = (createdAt: Date): Date => addHours(createdAt, 1);

/** lastStatusChange is the latest transition: assignment, back to the secretary, return, archiving. */
function reportTimeline(random: Random, slot: ReportSlot, now: Date) {
  const at = (lastStatusChange: Date, returnedAt: Date | null = null) => ({ lastStatusChange, returnedAt, updatedAt: lastStatusChange });
  switch (slot.status) {
    case 'NA':
      return at(slot.createdAt);
    case 'EC':
      return at(assignedAt(slot.createdAt));
    case 'RS': {
      const age = now.getTime() - slot.createdAt.getTime();
      return at(new Date(slot.createdAt.getTime() + age * (0.6 + random.next() * 0.3)));
    }
    case 'TE':
    case 'AR': {
      const returnedAt = addHours(slot.createdAt, random.int(18, 60));
      if (slot.status === 'TE') return at(returnedAt, returnedAt);
      return at(earliest(addDays(returnedAt, random.int(2, 20)), addHours(now, -1)), returnedAt);
    }
  }
}

function countByStatus(reports: SeedReport[]): Record<ReportStatus, number> {
  const counts: Record<ReportStatus, number> = { NA: 0, EC: 0, RS: 0, TE: 0, AR: 0 };
  for (const report of reports) counts[report.status] += 1;
  return counts;
}

const DEPOSITED_PDFS = [
  'Lettre de mission.pdf',
  'Bail signé.pdf',
  'Ordonnance sur requête.pdf',
  'Plan des lieux.pdf',
  'Devis des travaux.pdf',
  'Courrier du requérant.pdf',
];

type ReportFileRow = StoredFile & { reportId: number; kind: ReportFileKind; uploadedById: number; createdAt: Date } & SeedCount;

/**
 * What the counting job would find in the files the seed writes (one-page PDFs, short notes laid
 * out by the same A4 rule), stored with them: a fresh demo does not start with a counting backlog.
 */
interface SeedCount {
  countStatus: 'DONE';
  pageCount: number;
  photoCount: number;
}

const pdfCount: SeedCount = { countStatus: 'DONE', pageCount: 1, photoCount: 0 };

function textCount(body: Buffer): SeedCount {
  const pager = createTxtPager();
  pager.feed(body.toString('utf8'));
  return { countStatus: 'DONE', pageCount: pager.end(), photoCount: 0 };
}

/**
 * Deposited: the bailiff's field notes plus up to two supporting PDFs. Returned once finished: the
 * typed procès-verbal, sometimes with a photo annex.
 */
async function storeReportFiles(files: FileRecorder, random: Random, reports: SeedReport[], cast: Cast) {
  const rows: ReportFileRow[] = [];
  for (const report of reports) {
    // One report in ten was created by the administrator on the bailiff's behalf.
    const depositor = random.chance(0.1) ? cast.admin : report.bailiff;
    const notes = textFile(fieldNotes(random, report));
    const deposited = [{ name: 'Notes de terrain.txt', body: notes, count: textCount(notes) }];
    for (const name of new Set(Array.from({ length: random.int(0, 2) }, () => random.pick(DEPOSITED_PDFS)))) {
      deposited.push({
        name,
        body: minimalPdf([name.replace('.pdf', ''), report.name, `Dossier de Maître ${fullName(report.bailiff)}`]),
        count: pdfCount,
      });
    }
    for (const { name, body, count } of deposited) {
      const file = await files.store('reports', name, body, report.createdAt);
      rows.push({ ...file, ...count, reportId: report.id, kind: 'DEPOSITED', uploadedById: depositor.id, createdAt: report.createdAt });
    }

    if (!report.returnedAt || !report.secretary) continue;
    const returned = [`PV de constat n° ${report.id}.pdf`, ...(random.chance(0.4) ? ['Annexe photographique.pdf'] : [])];
    for (const name of returned) {
      const body = minimalPdf([
        report.name,
        `${report.group.name} – Maître ${fullName(report.bailiff)}`,
        `${report.countPagesRetrocession} pages, ${report.countPhotosRetrocession} photos`,
        `Dactylographié par ${fullName(report.secretary)} le ${PARIS_DATE.format(report.returnedAt)}`,
      ]);
      const file = await files.store('reports', name, body, report.returnedAt);
      rows.push({
        ...file,
        ...pdfCount,
        reportId: report.id,
        kind: 'RETURNED',
        uploadedById: report.secretary.id,
        createdAt: report.returnedAt,
      });
    }
  }
  return rows;
}

const FIELD_REMARKS = [
  'Les photos sont numérotées dans l’ordre de la visite.',
  'Voir le plan joint pour le repérage des pièces.',
  'Le locataire était absent, accès par le gardien.',
];

/** What the secretary types from: the bailiff's notes taken on site. */
function fieldNotes(random: Random, report: SeedReport): string[] {
  const visit = report.createdAt;
  const requester = `${random.pick(['M.', 'Mme', 'la SCI', 'la société'])} ${random.pick(CLIENT_NAMES)}`;
  return [
    report.name,
    `Maître ${fullName(report.bailiff)} – ${report.group.name}`,
    `Visite du ${PARIS_DATE.format(visit)} à ${PARIS_TIME.format(visit)}, à la requête de ${requester}.`,
    '',
    `Constatations faites en présence du requérant. ${random.pick(FIELD_REMARKS)}`,
    'Merci de reprendre la trame habituelle de l’étude.',
  ];
}

// ---------------------------------------------------------------------------------------------
// Comments
// ---------------------------------------------------------------------------------------------

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
function planComments(random: Random, reports: SeedReport[], cast: Cast, now: Date) {
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

function planCommentReads(random: Random, comments: { id: number; receiverId: number; createdAt: Date; read: boolean }[], now: Date) {
  return comments
    .filter((comment) => comment.read)
    .map((comment) => ({
      commentId: comment.id,
      userId: comment.receiverId,
      readAt: earliest(addHours(comment.createdAt, random.int(1, 20)), now),
    }));
}

// ---------------------------------------------------------------------------------------------
// Bills
// ---------------------------------------------------------------------------------------------

const BILLED_MONTHS = 3;
const GROUP_BILL_COUNTER = 'group_bill';

interface MonthKey {
  year: number;
  month: number;
}

/** Finished reports by the (UTC) month they were deposited: completed months only, latest first. */
function finishedReportsByMonth(reports: SeedReport[], belongs: (report: SeedReport) => boolean, now: Date): [MonthKey, SeedReport[]][] {
  const monthIndex = (date: Date) => date.getUTCFullYear() * 12 + date.getUTCMonth();
  const byMonth = new Map<number, SeedReport[]>();
  for (const report of reports) {
    const index = monthIndex(report.createdAt);
    if ((report.status !== 'TE' && report.status !== 'AR') || !belongs(report) || index >= monthIndex(now)) continue;
    byMonth.set(index, [...(byMonth.get(index) ?? []), report]);
  }
  return [...byMonth.entries()]
    .sort(([a], [b]) => b - a)
    .map(([index, monthReports]) => [{ year: Math.floor(index / 12), month: (index % 12) + 1 }, monthReports]);
}

/**
 * Each étude's last few months are billed: on the last day of the month (spec §4: a bill is
 * generated for the current month), numbered in date order from the "group_bill" counter so the
 * application's next bill continues the sequence without a gap.
 */
async function planGroupBills(tx: Tx, random: Random, reports: SeedReport[], groups: SeedGroup[], cast: Cast, now: Date) {
  const drafts = groups
    .flatMap((group) =>
      finishedReportsByMonth(reports, (report) => report.group.id === group.id, now)
        .slice(0, BILLED_MONTHS)
        .map(([{ year, month }, monthReports]) => {
          const createdAt = new Date(Date.UTC(year, month, 0, 15, 30));
          return { group, year, month, createdAt, reports: monthReports.filter((report) => report.returnedAt! <= createdAt) };
        }),
    )
    .filter((draft) => draft.reports.length > 0)
    .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.group.id - b.group.id);

  const { value: lastNumber } = await tx.counter.upsert({
    where: { name: GROUP_BILL_COUNTER },
    create: { name: GROUP_BILL_COUNTER, value: drafts.length },
    update: { value: { increment: drafts.length } },
  });
  const ids = await reserveIds(tx, 'GroupBill', drafts.length);

  return drafts.map(({ group, year, month, createdAt, reports: billed }, index) => {
    const id = ids[index];
    const lines = billed.map((report) => ({ billId: id, reportId: report.id, discount: random.chance(0.15) ? 10 : 0 }));
    const discount = random.chance(0.25) ? 5 : 0;
    const totals = billTotals(
      billed.map((report, line) => ({
        amount: billingAmounts({
          pages: report.countPagesBilling,
          photos: report.countPhotosBilling,
          pricePage: group.pricePage,
          pricePhoto: group.pricePhoto,
        }).total,
        discount: lines[line].discount,
      })),
      discount,
    );
    for (const report of billed) report.invoiced = true;
    return {
      id,
      number: lastNumber - drafts.length + 1 + index,
      groupId: group.id,
      year,
      month,
      discount,
      groupName: group.name,
      groupAddress: group.address,
      groupZip: group.zip,
      groupCity: group.city,
      groupPricePage: group.pricePage,
      groupPricePhoto: group.pricePhoto,
      totalCountPages: billed.reduce((total, report) => total + report.countPagesBilling, 0),
      totalCountPhotos: billed.reduce((total, report) => total + report.countPhotosBilling, 0),
      ...totals,
      ...billDelivery(random, createdAt, drafts.length - 1 - index, now),
      createdById: cast.admin.id,
      createdAt,
      lines,
    };
  });
}
type SeedGroupBill = Awaited<ReturnType<typeof planGroupBills>>[number];

/**
 * Every bill state of spec §4 is on screen: the newest bill is generated but not sent, the next two
 * were e-mailed the following morning and await payment, the older ones are paid.
 */
function billDelivery(random: Random, createdAt: Date, rankFromNewest: number, now: Date) {
  if (rankFromNewest === 0) return { isSent: false, sentAt: null, isPaid: false, paidAt: null };
  const sentAt = earliest(addHours(createdAt, 17.5), now);
  if (rankFromNewest <= 2) return { isSent: true, sentAt, isPaid: false, paidAt: null };
  return { isSent: true, sentAt, isPaid: true, paidAt: earliest(addDays(sentAt, random.int(8, 30)), now) };
}

/**
 * Each secretary uploads her monthly rétrocession invoice in the first days of the next month.
 * Spec §9: pages amount = round(pages − photos / 2) × page price, photos × photo price; the
 * number is a timestamp followed by four random digits.
 */
async function planSecretaryBills(files: FileRecorder, random: Random, reports: SeedReport[], cast: Cast, now: Date) {
  const bills = [];
  for (const secretary of cast.secretaries) {
    const months = finishedReportsByMonth(reports, (report) => report.secretaryId === secretary.id, now).slice(0, BILLED_MONTHS);
    for (const [{ year, month }, typed] of months) {
      const createdAt = new Date(Date.UTC(year, month, random.int(1, 4), random.int(7, 10), random.int(0, 59)));
      // Early in a month, last month's invoice may simply not be there yet.
      if (createdAt > now) continue;
      const pages = typed.reduce(
        (total, report) => total + Math.round(report.countPagesRetrocession - report.countPhotosRetrocession / 2),
        0,
      );
      const photos = typed.reduce((total, report) => total + report.countPhotosRetrocession, 0);
      const { secretaryPricePage: pricePage, secretaryPricePhoto: pricePhoto } = secretary;
      const amount = sum(
        typed.map(
          (report) =>
            retrocessionAmounts({ pages: report.countPagesRetrocession, photos: report.countPhotosRetrocession, pricePage, pricePhoto })
              .total,
        ),
      );
      const pdf = minimalPdf([
        `Facture de rétrocession – ${monthLabel(year, month)}`,
        `${fullName(secretary)}, ${secretary.address}, ${secretary.zip} ${secretary.city} – SIRET ${secretary.siret}`,
        `${typed.length} constat(s) : ${pages} pages texte × ${euros(pricePage)}, ${photos} photos × ${euros(pricePhoto)}`,
        `Montant HT ${euros(new Decimal(amount.toFixed(2)))}`,
        `RIB ${secretary.rib}`,
      ]);
      const file = await files.store('secretary-bills', `Facture ${monthLabel(year, month)} – ${fullName(secretary)}.pdf`, pdf, createdAt);
      const number = `${createdAt.getTime()}${random.digits(4)}`;
      bills.push({ secretaryId: secretary.id, year, month, number, pricePage, pricePhoto, createdAt, ...file });
    }
  }
  return bills;
}

// ---------------------------------------------------------------------------------------------
// News, notifications, absences, audit
// ---------------------------------------------------------------------------------------------

const NEWS: readonly { daysAgo: number; important: boolean; title: string; body: string }[] = [
  {
    daysAgo: 170,
    important: false,
    title: "Bienvenue sur l'extranet des constats",
    body:
      '<p>Vous retrouvez désormais tous vos constats, vos rétrocessions et vos factures au même endroit.</p>' +
      "<p>N'hésitez pas à nous faire part de vos remarques.</p>",
  },
  {
    daysAgo: 95,
    important: true,
    title: 'Nouvelle trame de procès-verbal',
    body:
      "<p>À compter du <strong>1er du mois prochain</strong>, merci d'utiliser la nouvelle trame :</p>" +
      '<ul><li>numérotation des photos en continu</li><li>annexes regroupées en fin de document</li></ul>',
  },
  {
    daysAgo: 48,
    important: false,
    title: "Congés d'été : planning des absences",
    body: '<p>Pensez à déclarer vos congés dans le calendrier <em>avant le 15 juin</em> afin que nous puissions répartir les constats.</p>',
  },
  {
    daysAgo: 12,
    important: true,
    title: 'Rappel : délai de retour de 36 heures',
    body:
      '<p>Les constats en cours depuis plus de <strong>36 heures</strong> passent en alerte rouge. ' +
      'Merci de signaler toute difficulté par un commentaire sur le constat.</p>',
  },
  {
    daysAgo: 2,
    important: false,
    title: 'Facturation de fin de mois',
    body:
      '<p>Les factures de rétrocession du mois sont à déposer dans <strong>Mes factures</strong> ' +
      'avant le 5 du mois suivant, au format PDF ou Word.</p>',
  },
];

function planNews(cast: Cast, now: Date) {
  return NEWS.map(({ daysAgo, important, title, body }) => {
    const createdAt = addDays(now, -daysAgo);
    const text = body.replace(/<[^>]+>/g, ' ');
    return { title, body, important, authorId: cast.admin.id, searchText: toSearchText(title, text), createdAt, updatedAt: createdAt };
  });
}

/** Secretaries read the news (spec §1), all but the latest; the first secretary is the most diligent. */
function planNewsReads(news: { id: number; createdAt: Date }[], cast: Cast, now: Date) {
  return news.flatMap((item, newsIndex) =>
    cast.secretaries
      .filter((_, secretaryIndex) => newsIndex < news.length - 1 - secretaryIndex)
      .map((secretary) => ({ newsId: item.id, userId: secretary.id, readAt: earliest(addHours(item.createdAt, 5), now) })),
  );
}

interface NotificationRow {
  userId: number;
  kind: string;
  body: string;
  reportId: number | null;
  isRead: boolean;
  readAt: Date | null;
  createdAt: Date;
}

/** What each role was told: deposits and registrations to the admin, assignments, returns, bills. */
function planNotifications(reports: SeedReport[], bills: SeedGroupBill[], cast: Cast, groups: SeedGroup[], now: Date) {
  const notifications: NotificationRow[] = [];
  const notify = (user: SeedUser, kind: string, html: string, createdAt: Date, reportId: number | null = null) => {
    // Anything older than three days has been seen.
    const isRead = now.getTime() - createdAt.getTime() > 3 * DAY;
    const readAt = isRead ? addHours(createdAt, 2) : null;
    notifications.push({ userId: user.id, kind, body: `<p>${html}</p>`, reportId, createdAt, isRead, readAt });
  };
  const strong = (text: string) => `<strong>${escapeHtml(text)}</strong>`;
  const latestFirst = [...reports].reverse();

  for (const report of latestFirst.filter((candidate) => candidate.status === 'NA')) {
    const text = `Nouveau constat ${strong(report.name)} déposé par Maître ${escapeHtml(fullName(report.bailiff))}.`;
    notify(cast.admin, 'REPORT_CREATED', text, report.createdAt, report.id);
  }
  const applicant = `${civilityLabels[cast.pending.civility]} ${fullName(cast.pending)}`;
  const request = `Nouvelle demande de création de compte huissier : ${strong(applicant)} (${escapeHtml(cast.pending.email)}).`;
  notify(cast.admin, 'ACCOUNT_REQUEST', request, cast.pending.createdAt);
  for (const report of latestFirst.filter((candidate) => candidate.status === 'EC' || candidate.status === 'RS')) {
    const text = `Le constat ${strong(report.name)} vous a été attribué.`;
    notify(report.secretary!, 'REPORT_ASSIGNED', text, assignedAt(report.createdAt), report.id);
  }
  for (const report of latestFirst.filter((candidate) => candidate.returnedAt).slice(0, 12)) {
    const text = `Le constat ${strong(report.name)} est terminé : les éléments retournés sont disponibles.`;
    notify(report.bailiff, 'REPORT_RETURNED', text, report.returnedAt!, report.id);
  }
  for (const bill of bills.filter((candidate) => candidate.sentAt)) {
    const group = groups.find((candidate) => candidate.id === bill.groupId)!;
    const text = `La facture n° ${bill.number} (${monthLabel(bill.year, bill.month)}) a été envoyée à ${escapeHtml(group.email)}.`;
    for (const bailiff of cast.bailiffs.filter((member) => member.groupId === bill.groupId))
      notify(bailiff, 'BILL_SENT', text, bill.sentAt!);
  }
  return notifications;
}

/** Absences around today: past, current and coming, for bailiffs and secretaries. */
function planAbsences(cast: Cast, now: Date) {
  const [francois, helene, loic] = cast.bailiffs;
  const [berenice, zoe, anais] = cast.secretaries;
  const absences: [user: SeedUser, fromDay: number, toDay: number, comment: string][] = [
    [francois, -60, -54, 'Vacances'],
    [zoe, -20, -18, 'Formation'],
    [loic, -1, 1, 'Audiences au tribunal judiciaire de Paris'],
    [anais, 2, 2, 'Rendez-vous médical'],
    [berenice, 7, 11, 'Congés'],
    [helene, 20, 24, 'Congrès de la Chambre nationale des commissaires de justice'],
  ];
  return absences.map(([user, fromDay, toDay, comment]) => ({
    userId: user.id,
    startDate: calendarDay(now, fromDay),
    endDate: calendarDay(now, toDay),
    comment,
    createdAt: earliest(addDays(now, fromDay - 10), now),
  }));
}

/** A few entries in the shape the services record (api/src/modules/audit). */
function planAuditLogs(reports: SeedReport[], bills: SeedGroupBill[], cast: Cast, groups: SeedGroup[], now: Date) {
  const admin = cast.admin.id;
  const ip = '203.0.113.24';
  const lastAssigned = reports.filter((report) => report.status === 'EC').at(-1)!;
  const lastBill = bills.at(-1)!;
  const entry = (actorId: number, action: string, entity: string, entityId: number, createdAt: Date, data?: Prisma.InputJsonValue) => ({
    actorId,
    action,
    entity,
    entityId: String(entityId),
    data,
    ip,
    createdAt,
  });
  return [
    entry(admin, 'accounts.create', 'User', cast.bailiffs[1].id, addDays(now, -700), { role: 'BAILIFF' }),
    entry(admin, 'groups.update', 'Group', groups[0].id, addDays(now, -400), { pricePage: groups[0].pricePage.toFixed(2) }),
    entry(admin, 'auth.login_as', 'User', cast.bailiffs[0].id, addDays(now, -30)),
    entry(admin, 'billing.group_bill.create', 'GroupBill', lastBill.id, lastBill.createdAt, { number: lastBill.number }),
    entry(admin, 'reports.assign_secretary', 'Report', lastAssigned.id, lastAssigned.lastStatusChange, {
      secretaryId: lastAssigned.secretaryId,
    }),
    { ...entry(cast.pending.id, 'auth.register', 'User', cast.pending.id, cast.pending.createdAt), ip: '198.51.100.7' },
  ];
}
