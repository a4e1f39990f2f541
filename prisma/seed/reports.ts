// Demo seed: the constats (reports), their counts, timelines and files.
import { createTxtPager } from '../../api/src/modules/counting/rules.js';
import type { ReportFileKind, ReportStatus } from '../../api/src/generated/prisma/client.js';
import { type FileRecorder, minimalPdf, type StoredFile, textFile } from './files.js';
import { GROUPS, type SeedGroup } from './groups.js';
import { BAILIFFS, type Cast, fullName, type SeedUser } from './people.js';
import {
  addDays,
  addHours,
  DAY,
  earliest,
  officeTimeDaysAgo,
  PARIS_DATE,
  PARIS_MONTH,
  PARIS_TIME,
  pickWeighted,
  type Random,
} from './tools.js';

// Recent work in every alert colour (product.md §4: under 30 h green, 30–36 h orange, above 36 h red),
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
// Last month always holds a working month, whatever the day the demo is seeded (the rétrocession and
// billing screens open on past months): the three secretaries, every bailiff, and a constat deposited
// on the month's last day, returned after its bill was generated, so still to bill. Days past the
// month's end fall on its last day.
const LAST_MONTH_REPORTS: readonly { day: number; status: ReportStatus; bailiff: number; secretary: number }[] = [
  { day: 2, status: 'AR', bailiff: 0, secretary: 0 },
  { day: 6, status: 'TE', bailiff: 1, secretary: 1 },
  { day: 10, status: 'AR', bailiff: 2, secretary: 2 },
  { day: 14, status: 'TE', bailiff: 0, secretary: 0 },
  { day: 18, status: 'AR', bailiff: 3, secretary: 1 },
  { day: 23, status: 'TE', bailiff: 1, secretary: 2 },
  { day: 27, status: 'AR', bailiff: 2, secretary: 0 },
  { day: 31, status: 'TE', bailiff: 0, secretary: 1 },
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
  /** Index in the cast's secretaries when fixed; otherwise drawn from the bailiff's habits. */
  secretary?: number;
}

/** When each report arrived and where it stands now: a dozen fresh ones, last month's, the rest over two years. */
function reportSlots(random: Random, now: Date): ReportSlot[] {
  const fresh = FRESH_REPORTS.map(({ hoursAgo, status, bailiff }) => ({ createdAt: addHours(now, -hoursAgo), status, bailiff }));
  const lastMonth = LAST_MONTH_REPORTS.map(({ day, ...slot }) => ({ ...slot, createdAt: dayOfLastMonth(random, now, day) }));
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
  return [...older, ...lastMonth, ...fresh].sort(byDate);
}

/** In office hours (07:00–17:00 UTC, the same day in Paris) of the month before `now`'s Paris month. */
function dayOfLastMonth(random: Random, now: Date, day: number): Date {
  const [year, month] = PARIS_MONTH.format(now).split('-').map(Number);
  const lastDay = new Date(Date.UTC(year, month - 1, 0)).getUTCDate();
  return new Date(Date.UTC(year, month - 2, Math.min(day, lastDay), random.int(7, 15), random.int(0, 59)));
}

/** Older work is finished; bailiffs archive most of it after a few weeks. */
function settledStatus(random: Random, daysAgo: number): ReportStatus {
  if (daysAgo < 21) return 'TE';
  if (daysAgo < 75) return random.chance(0.5) ? 'TE' : 'AR';
  return random.chance(0.88) ? 'AR' : 'TE';
}

export function planReports(random: Random, cast: Cast, groups: SeedGroup[], now: Date) {
  return reportSlots(random, now).map((slot) => {
    const bailiff = cast.bailiffs[slot.bailiff];
    const group = groups.find((candidate) => candidate.id === bailiff.groupId)!;
    const secretary =
      slot.status === 'NA'
        ? null
        : slot.secretary === undefined
          ? assignSecretary(random, cast, slot.bailiff)
          : cast.secretaries[slot.secretary];
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
export type SeedReport = ReturnType<typeof planReports>[number] & { id: number };

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
export const assignedAt = (createdAt: Date): Date => addHours(createdAt, 1);

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
      // Never after now: last month's last constats, seeded on the 1st, were deposited hours ago.
      const returnedAt = earliest(addHours(slot.createdAt, random.int(18, 60)), addHours(now, -1));
      if (slot.status === 'TE') return at(returnedAt, returnedAt);
      return at(earliest(addDays(returnedAt, random.int(2, 20)), addHours(now, -1)), returnedAt);
    }
  }
}

export function countByStatus(reports: SeedReport[]): Record<ReportStatus, number> {
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
export async function storeReportFiles(files: FileRecorder, random: Random, reports: SeedReport[], cast: Cast) {
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
