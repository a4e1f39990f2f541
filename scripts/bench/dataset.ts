// The benchmark's dataset: five years of an office's work, written straight into PostgreSQL in
// batches (one INSERT … SELECT FROM unnest(arrays) per 5,000 rows), deterministic from a seeded
// PRNG. 100,000 reports take well under a minute; the result is kept as a template database and
// cloned for each run (see database.ts), so repeated runs do not pay for it again.
// Past 100,000 (`--reports=1000000`), the five recent years stay exactly the 100,000 dataset (same
// études, people, constats, files and comments, ids shifted) and the rest is their history before
// them at the same monthly pace (history.ts), so two sizes differ only by the weight of the past.
// Over 400 lines on purpose: one generator, read in the order its seeded PRNG draws (which is what
// keeps every build identical); split, that order would be spread over files.
import { createHash } from 'node:crypto';
import pg from 'pg';
import { hashPassword } from '../../api/src/modules/credentials/password.js';
import { dropSecondaryIndexes, insertHistory } from './history.js';

/** Bump when the shape of the generated data changes: cached datasets are then rebuilt. */
export const DATASET_VERSION = 2;

export interface DatasetOptions {
  reports: number;
  /** graphql-ws sessions to create for the fan-out figure (secretaries and admins). */
  fanoutSessions: number;
  now: Date;
  log: (message: string) => void;
}

export interface DatasetSummary {
  version: number;
  generatedAt: string;
  reports: number;
  /** Constats before the five recent years (0 up to 100,000). */
  history: number;
  inProgress: number;
  reportFiles: number;
  comments: number;
  commentReads: number;
  groups: number;
  admins: number;
  bailiffs: number;
  secretaries: number;
  sessions: number;
  seconds: number;
}

/** Bearer tokens the bench signs in with; only their SHA-256 is stored, as the product does. */
export const benchTokens = {
  admin: 'bench-admin-session',
  bailiff: 'bench-bailiff-session',
  fanout: (index: number) => `bench-fanout-session-${index}`,
};

export const BENCH_PASSWORD = 'Bench#2026';
const GROUPS = 10;
const BAILIFFS_PER_GROUP = 3;
const SECRETARIES = 8;
const ADMINS = 2;
const YEARS = 5;
const BATCH = 5000;
/** The recent years' constats; a larger dataset adds history before them. */
const RECENT = 100_000;
/** Tables loaded in bulk, their secondary indexes built after the load. */
const BULK_TABLES = ['Report', 'ReportFile', 'Comment', 'CommentRead'];

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** mulberry32: small, fast and good enough to spread rows; a fixed seed keeps datasets identical. */
function createRandom(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(items: readonly T[]) => items[Math.floor(next() * items.length)],
    /** Picks a value by weight: [[value, weight], …]. */
    weighted: <T>(choices: readonly (readonly [T, number])[]) => {
      let roll = next() * choices.reduce((total, [, weight]) => total + weight, 0);
      for (const [value, weight] of choices) if ((roll -= weight) < 0) return value;
      return choices[choices.length - 1][0];
    },
  };
}

type Column = readonly [name: string, sqlType: string];

/** INSERT … SELECT FROM unnest(one array per column), BATCH rows per statement. */
async function insertRows(client: pg.Client, table: string, columns: readonly Column[], rows: unknown[][]): Promise<void> {
  const names = columns.map(([name]) => `"${name}"`).join(', ');
  const arrays = columns.map(([, type], index) => `$${index + 1}::${type}[]`).join(', ');
  const sql = `INSERT INTO "${table}" (${names}) SELECT * FROM unnest(${arrays})`;
  for (let start = 0; start < rows.length; start += BATCH) {
    const batch = rows.slice(start, start + BATCH);
    await client.query(sql, columns.map((_, index) => batch.map((row) => row[index])));
  }
  if (columns[0][0] === 'id') {
    await client.query(`SELECT setval(pg_get_serial_sequence('"${table}"', 'id'), (SELECT max(id) FROM "${table}"))`);
  }
}

const iso = (date: Date) => date.toISOString();
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

const CITIES = ['Lyon', 'Bordeaux', 'Nantes', 'Lille', 'Toulouse', 'Marseille', 'Rennes', 'Strasbourg', 'Montpellier', 'Nice'];
const FIRST_NAMES = ['Claire', 'Julien', 'Sophie', 'Antoine', 'Camille', 'Nicolas', 'Élodie', 'Thomas', 'Hélène', 'François', 'Léa', 'Mathieu', 'Inès', 'Olivier', 'Chloé', 'Benoît'];
const LAST_NAMES = ['Martin', 'Bernard', 'Dubois', 'Thomas', 'Robert', 'Richard', 'Petit', 'Durand', 'Leroy', 'Moreau', 'Simon', 'Laurent', 'Lefèvre', 'Michel', 'Garcia', 'Fournier', 'Girard', 'Bonnet', 'Dupont', 'Lambert'];
const REPORT_KINDS = [
  'Constat d’état des lieux',
  'Constat de chantier',
  'Constat d’affichage de permis',
  'Constat internet',
  'Constat de dégât des eaux',
  'Procès-verbal de constat',
  'Constat de nuisances sonores',
  'Constat d’huissier après travaux',
];
const STREETS = ['rue de la République', 'avenue Jean-Jaurès', 'boulevard Victor-Hugo', 'rue Pasteur', 'place de la Mairie', 'chemin des Vignes', 'quai Saint-Antoine', 'allée des Tilleuls'];
const COMMENTS = [
  'Merci de traiter en priorité, le client attend le PV pour demain.',
  'Les photos 12 à 18 sont en doublon, ne les comptez qu’une fois.',
  'Bien reçu, je commence la frappe cet après-midi.',
  'Il manque la page 3 du dictaphone, pouvez-vous la renvoyer ?',
  'Constat terminé, fichiers retournés. Bonne réception.',
  'Attention à l’orthographe du nom du requérant : Lefèvre avec un accent.',
  'Pouvez-vous ajouter les annexes au procès-verbal ?',
  'OK pour moi, je valide les comptes.',
];
const FILE_TYPES = [
  ['pdf', 'application/pdf', 60],
  ['docx', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', 25],
  ['doc', 'application/msword', 5],
  ['odt', 'application/vnd.oasis.opendocument.text', 5],
  ['txt', 'text/plain', 5],
] as const;

type Status = 'NA' | 'EC' | 'RS' | 'TE' | 'AR';

interface PlannedReport {
  id: number;
  bailiffId: number;
  groupId: number;
  secretaryId: number | null;
  status: Status;
  createdAt: Date;
  lastStatusChange: Date;
  returnedAt: Date | null;
}

/** Statuses by age: recent constats are in progress, older ones returned, old ones archived. */
function statusFor(random: ReturnType<typeof createRandom>, ageDays: number): Status {
  if (ageDays < 2) return random.weighted([['EC', 75], ['RS', 15], ['TE', 10]] as const);
  if (ageDays < 30) return random.weighted([['EC', 10], ['RS', 15], ['TE', 75]] as const);
  if (ageDays < 365) return random.weighted([['TE', 75], ['AR', 24.5], ['EC', 0.5]] as const);
  // A few forgotten ones: never assigned (legacy NA) or left in progress.
  return random.weighted([['AR', 90], ['TE', 9.6], ['NA', 0.2], ['EC', 0.2]] as const);
}

export async function generateDataset(url: string, options: DatasetOptions): Promise<DatasetSummary> {
  const started = Date.now();
  const { now, log } = options;
  const random = createRandom(20261121);
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    // Bulk load: durability of this one session's commits is irrelevant (the run copies the result).
    await client.query('SET synchronous_commit = off');
    await client.query("SET maintenance_work_mem = '512MB'");
    await client.query('BEGIN');
    // Generated data is consistent by construction: no foreign-key checks nor rollup triggers row by
    // row (replica mode), the rollup is computed once at the end as its migration does.
    await client.query('SET LOCAL session_replication_role = replica');
    const indexes = await dropSecondaryIndexes(client, BULK_TABLES);
    const recent = Math.min(options.reports, RECENT);
    const history = options.reports - recent;
    const passwordHash = await hashPassword(BENCH_PASSWORD);
    const createdLongAgo = new Date(now.getTime() - (YEARS * 365 + 30) * DAY);

    // --- Études and people ---------------------------------------------------------------------
    const groups = CITIES.slice(0, GROUPS).map((city, index) => [
      index + 1,
      `Étude ${LAST_NAMES[index]} & associés (${city})`,
      String(80000000000000 + index * 1234567),
      `04${String(72000000 + index * 1111).padStart(8, '0')}`,
      `compta.${city.toLowerCase()}@etude-bench.fr`,
      `${10 + index} ${STREETS[index % STREETS.length]}`,
      String(69001 + index * 1000).padStart(5, '0'),
      city,
      (1.8 + (index % 4) * 0.15).toFixed(3),
      (0.45 + (index % 3) * 0.05).toFixed(3),
      `etude ${LAST_NAMES[index].toLowerCase()} ${city.toLowerCase()}`,
      iso(createdLongAgo),
      iso(createdLongAgo),
    ]);
    await insertRows(
      client,
      'Group',
      [
        ['id', 'int'],
        ['name', 'text'],
        ['siret', 'text'],
        ['telephone', 'text'],
        ['email', 'text'],
        ['address', 'text'],
        ['zip', 'text'],
        ['city', 'text'],
        ['pricePage', 'numeric'],
        ['pricePhoto', 'numeric'],
        ['searchText', 'text'],
        ['createdAt', 'timestamp'],
        ['updatedAt', 'timestamp'],
      ],
      groups,
    );

    const users: unknown[][] = [];
    const person = (id: number, role: string, groupId: number | null, identity: string, secretaryPrices: [string, string]) => {
      const firstName = FIRST_NAMES[id % FIRST_NAMES.length];
      const lastName = LAST_NAMES[(id * 7) % LAST_NAMES.length];
      const email = `${identity}@bench.constats.local`;
      users.push([
        id,
        role,
        'ACTIVE',
        role === 'BAILIFF' ? 'MAITRE' : id % 2 ? 'MADAME' : 'MONSIEUR',
        firstName,
        lastName,
        '0601020304',
        email,
        identity,
        passwordHash,
        groupId,
        role === 'SECRETARY' ? '12345678900011' : null,
        role === 'SECRETARY' ? '3 rue des Lilas' : null,
        role === 'SECRETARY' ? '69003' : null,
        role === 'SECRETARY' ? 'Lyon' : null,
        role === 'SECRETARY' ? 'FR7630001007941234567890185' : null,
        secretaryPrices[0],
        secretaryPrices[1],
        `${firstName} ${lastName} ${email} ${identity}`.toLowerCase().normalize('NFD').replace(/[\u0300-\u036f]/g, ''),
        iso(createdLongAgo),
        iso(createdLongAgo),
      ]);
    };
    const admins = Array.from({ length: ADMINS }, (_, index) => index + 1);
    admins.forEach((id, index) => person(id, 'ADMIN', null, `bench-admin-${index + 1}`, ['0', '0']));
    const bailiffs: { id: number; groupId: number }[] = [];
    for (let group = 1; group <= GROUPS; group++) {
      for (let n = 0; n < BAILIFFS_PER_GROUP; n++) {
        const id = ADMINS + bailiffs.length + 1;
        bailiffs.push({ id, groupId: group });
        person(id, 'BAILIFF', group, `bench-huissier-${bailiffs.length}`, ['0', '0']);
      }
    }
    const secretaries = Array.from({ length: SECRETARIES }, (_, index) => ADMINS + bailiffs.length + index + 1);
    secretaries.forEach((id, index) => person(id, 'SECRETARY', null, `bench-secretaire-${index + 1}`, [(1.1 + (index % 3) * 0.1).toFixed(3), '0.300']));
    await insertRows(
      client,
      'User',
      [
        ['id', 'int'],
        ['role', '"Role"'],
        ['status', '"UserStatus"'],
        ['civility', '"Civility"'],
        ['firstName', 'text'],
        ['lastName', 'text'],
        ['telephone', 'text'],
        ['email', 'text'],
        ['identity', 'text'],
        ['passwordHash', 'text'],
        ['groupId', 'int'],
        ['siret', 'text'],
        ['address', 'text'],
        ['zip', 'text'],
        ['city', 'text'],
        ['rib', 'text'],
        ['secretaryPricePage', 'numeric'],
        ['secretaryPricePhoto', 'numeric'],
        ['searchText', 'text'],
        ['createdAt', 'timestamp'],
        ['updatedAt', 'timestamp'],
      ],
      users,
    );
    const secretaryPrice = new Map(users.filter((row) => row[1] === 'SECRETARY').map((row) => [row[0] as number, [row[16], row[17]] as const]));
    const groupPrice = new Map(groups.map((row) => [row[0] as number, [row[8], row[9]] as const]));

    // --- Reports -------------------------------------------------------------------------------
    const span = YEARS * 365 * DAY;
    const start = now.getTime() - span;
    if (history > 0) {
      const historyStarted = Date.now();
      await insertHistory(
        client,
        { admins, bailiffs, secretaries },
        { reports: history, end: new Date(start), spanMs: (span * history) / recent, kinds: REPORT_KINDS, streets: STREETS, cities: CITIES, comments: COMMENTS },
      );
      log(`  history: ${history} constats with their files and comments in ${((Date.now() - historyStarted) / 1000).toFixed(1)} s`);
    }
    const maxId = async (table: string) => Number((await client.query<{ id: number }>(`SELECT coalesce(max(id), 0) AS id FROM "${table}"`)).rows[0].id);
    const planned: PlannedReport[] = [];
    const reportRows: unknown[][] = [];
    for (let n = 1; n <= recent; n++) {
      // Ids follow time, as an autoincrement does (after the history's); office hours, 7 h to 19 h UTC.
      const id = history + n;
      const day = Math.floor(((n - 0.5) / recent) * (span / DAY));
      let createdAt = new Date(start + day * DAY + (7 + random.next() * 12) * HOUR);
      if (createdAt.getTime() > now.getTime()) createdAt = new Date(now.getTime() - random.int(1, 60) * 60_000);
      const ageDays = (now.getTime() - createdAt.getTime()) / DAY;
      const status = statusFor(random, ageDays);
      const bailiff = random.pick(bailiffs);
      const secretaryId = status === 'NA' || (status === 'EC' && random.next() < 0.08) ? null : random.pick(secretaries);
      const room = now.getTime() - createdAt.getTime();
      const after = (minMs: number, maxMs: number) => new Date(createdAt.getTime() + Math.min(room, minMs + random.next() * (maxMs - minMs)));
      let lastStatusChange = createdAt;
      let returnedAt: Date | null = null;
      if (status === 'EC' && secretaryId) lastStatusChange = after(0, 3 * HOUR);
      if (status === 'RS') lastStatusChange = after(5 * HOUR, 30 * HOUR);
      if (status === 'TE' || status === 'AR') {
        returnedAt = after(20 * HOUR, 60 * HOUR);
        lastStatusChange = status === 'TE' ? returnedAt : after(7 * DAY, 60 * DAY);
        if (lastStatusChange < returnedAt) lastStatusChange = returnedAt;
      }
      const counted = status === 'RS' || status === 'TE' || status === 'AR';
      const pages = counted ? random.int(3, 40) : 0;
      const photos = counted ? random.int(0, 60) : 0;
      const validated = status === 'TE' || status === 'AR';
      const invoiced = validated && ageDays > 60 && random.next() < 0.9;
      const [secretaryPricePage, secretaryPricePhoto] = secretaryId ? secretaryPrice.get(secretaryId)! : [null, null];
      const [groupPricePage, groupPricePhoto] = invoiced ? groupPrice.get(bailiff.groupId)! : [null, null];
      planned.push({ id, bailiffId: bailiff.id, groupId: bailiff.groupId, secretaryId, status, createdAt, lastStatusChange, returnedAt });
      reportRows.push([
        id,
        `${random.pick(REPORT_KINDS)} — ${random.int(1, 180)} ${random.pick(STREETS)}, ${CITIES[bailiff.groupId - 1]}`,
        bailiff.id,
        secretaryId,
        status,
        status === 'AR',
        invoiced,
        pages,
        photos,
        validated ? pages : 0,
        validated ? photos : 0,
        invoiced ? pages + random.int(0, 2) : 0,
        invoiced ? photos : 0,
        groupPricePage,
        groupPricePhoto,
        secretaryPricePage,
        secretaryPricePhoto,
        iso(lastStatusChange),
        returnedAt && iso(returnedAt),
        iso(createdAt),
        iso(lastStatusChange),
      ]);
    }
    await insertRows(
      client,
      'Report',
      [
        ['id', 'int'],
        ['name', 'text'],
        ['bailiffId', 'int'],
        ['secretaryId', 'int'],
        ['status', '"ReportStatus"'],
        ['isArchived', 'bool'],
        ['invoiced', 'bool'],
        ['countPagesProvisional', 'int'],
        ['countPhotosProvisional', 'int'],
        ['countPagesRetrocession', 'int'],
        ['countPhotosRetrocession', 'int'],
        ['countPagesBilling', 'int'],
        ['countPhotosBilling', 'int'],
        ['groupPricePage', 'numeric'],
        ['groupPricePhoto', 'numeric'],
        ['secretaryPricePage', 'numeric'],
        ['secretaryPricePhoto', 'numeric'],
        ['lastStatusChange', 'timestamp'],
        ['returnedAt', 'timestamp'],
        ['createdAt', 'timestamp'],
        ['updatedAt', 'timestamp'],
      ],
      reportRows,
    );
    reportRows.length = 0;
    log(`  ${planned.length} recent constats`);

    // --- Files (rows only: no benchmarked path reads their bytes) ------------------------------
    const fileRows: unknown[][] = [];
    let fileId = await maxId('ReportFile');
    const fileType = () => random.weighted(FILE_TYPES.map((type) => [type, type[2]] as const));
    const size = () => Math.round(30_000 * Math.exp(random.next() * 5.5)); // 30 kB to ~7 MB, mostly small
    for (const report of planned) {
      const month = `${report.createdAt.getUTCFullYear()}/${String(report.createdAt.getUTCMonth() + 1).padStart(2, '0')}`;
      const deposited = random.weighted([[1, 40], [2, 40], [3, 20]] as const);
      const returned = report.returnedAt ? random.weighted([[1, 80], [2, 20]] as const) : 0;
      for (let n = 0; n < deposited + returned; n++) {
        const kind = n < deposited ? 'DEPOSITED' : 'RETURNED';
        const [extension, mimeType] = fileType();
        fileRows.push([
          ++fileId,
          report.id,
          kind,
          kind === 'DEPOSITED' ? `dictée-${report.id}-${n + 1}.${extension}` : `PV-${report.id}-${n - deposited + 1}.${extension}`,
          size(),
          mimeType,
          `bench/${month}/${report.id}-${kind === 'DEPOSITED' ? 'd' : 'r'}${n + 1}.${extension}`,
          kind === 'DEPOSITED' ? report.bailiffId : report.secretaryId,
          iso(kind === 'DEPOSITED' ? report.createdAt : report.returnedAt!),
        ]);
      }
    }
    await insertRows(
      client,
      'ReportFile',
      [
        ['id', 'int'],
        ['reportId', 'int'],
        ['kind', '"ReportFileKind"'],
        ['originalName', 'text'],
        ['size', 'int'],
        ['mimeType', 'text'],
        ['storageKey', 'text'],
        ['uploadedById', 'int'],
        ['createdAt', 'timestamp'],
      ],
      fileRows,
    );
    const reportFiles = fileRows.length;
    fileRows.length = 0;
    log(`  ${reportFiles} files`);

    // --- Comments and who read them ------------------------------------------------------------
    const commentRows: unknown[][] = [];
    const readRows: unknown[][] = [];
    let commentId = await maxId('Comment');
    for (const report of planned) {
      const count = random.weighted([[0, 15], [1, 25], [2, 25], [3, 20], [4, 15]] as const);
      const until = Math.max(report.lastStatusChange.getTime(), report.createdAt.getTime() + HOUR);
      for (let n = 0; n < count; n++) {
        const writer = random.weighted([['BAILIFF', 45], ['SECRETARY', 35], ['ADMIN', 20]] as const);
        let authorId: number;
        let receiverId: number | null;
        if (writer === 'SECRETARY' && report.secretaryId) [authorId, receiverId] = [report.secretaryId, report.bailiffId];
        else if (writer === 'ADMIN') [authorId, receiverId] = [random.pick(admins), report.secretaryId && random.next() < 0.5 ? report.secretaryId : report.bailiffId];
        else [authorId, receiverId] = [report.bailiffId, report.secretaryId];
        const createdAt = new Date(Math.min(now.getTime(), report.createdAt.getTime() + random.next() * (until - report.createdAt.getTime())));
        const id = ++commentId;
        commentRows.push([id, report.id, authorId, receiverId, random.pick(COMMENTS), iso(createdAt)]);
        // Old comments have been read by everyone concerned; recent ones about half the time.
        const old = now.getTime() - createdAt.getTime() > 7 * DAY;
        const readers = new Set<number>();
        if (receiverId && (old || random.next() < 0.5)) readers.add(receiverId);
        for (const admin of admins) if (admin !== authorId && (old || random.next() < 0.4)) readers.add(admin);
        if (!receiverId && report.secretaryId && (old || random.next() < 0.5)) readers.add(report.secretaryId);
        for (const reader of readers) readRows.push([id, reader, iso(new Date(Math.min(now.getTime(), createdAt.getTime() + 2 * HOUR)))]);
      }
    }
    await insertRows(
      client,
      'Comment',
      [
        ['id', 'int'],
        ['reportId', 'int'],
        ['authorId', 'int'],
        ['receiverId', 'int'],
        ['body', 'text'],
        ['createdAt', 'timestamp'],
      ],
      commentRows,
    );
    await insertRows(
      client,
      'CommentRead',
      [
        ['commentId', 'int'],
        ['userId', 'int'],
        ['readAt', 'timestamp'],
      ],
      readRows,
    );
    log(`  ${commentRows.length} comments, ${readRows.length} reads`);

    // --- News, and the sessions the bench signs in with ----------------------------------------
    const news = Array.from({ length: 60 }, (_, index) => {
      const createdAt = new Date(now.getTime() - (60 - index) * 30 * DAY);
      return [index + 1, `Actualité n°${index + 1}`, `<p>Information de l’étude n°${index + 1}.</p>`, index % 10 === 0, admins[0], `actualite ${index + 1}`, iso(createdAt), iso(createdAt)];
    });
    await insertRows(
      client,
      'News',
      [
        ['id', 'int'],
        ['title', 'text'],
        ['body', 'text'],
        ['important', 'bool'],
        ['authorId', 'int'],
        ['searchText', 'text'],
        ['createdAt', 'timestamp'],
        ['updatedAt', 'timestamp'],
      ],
      news,
    );
    const expiresAt = iso(new Date(now.getTime() + 10 * 365 * DAY));
    const subscribers = [...secretaries, ...admins];
    const sessions = [
      [admins[0], hashToken(benchTokens.admin), expiresAt],
      [bailiffs[0].id, hashToken(benchTokens.bailiff), expiresAt],
      ...Array.from({ length: options.fanoutSessions }, (_, index) => [subscribers[index % subscribers.length], hashToken(benchTokens.fanout(index)), expiresAt]),
    ];
    await insertRows(
      client,
      'Session',
      [
        ['userId', 'int'],
        ['tokenHash', 'text'],
        ['expiresAt', 'timestamp'],
      ],
      sessions,
    );
    for (const definition of indexes) await client.query(definition);
    await client.query(`DELETE FROM "ReportMonthSummary"`);
    await client.query(`DO $$ BEGIN EXECUTE report_month_summary_sql('SELECT 1 AS sign, r.* FROM "Report" r'); END $$`);
    await client.query(`DELETE FROM "ReportTotals"`);
    await client.query(`DO $$ BEGIN EXECUTE report_totals_sql('SELECT 1 AS sign, r.* FROM "Report" r'); END $$`);
    const count = async (table: string) => Number((await client.query<{ n: string }>(`SELECT count(*) AS n FROM "${table}"`)).rows[0].n);
    const totals = { reports: await count('Report'), reportFiles: await count('ReportFile'), comments: await count('Comment'), commentReads: await count('CommentRead') };
    await client.query('COMMIT');
    // Fresh statistics, as autovacuum would have them on a database that grew over five years.
    await client.query('VACUUM ANALYZE');

    return {
      version: DATASET_VERSION,
      generatedAt: now.toISOString(),
      reports: totals.reports,
      history,
      inProgress: planned.filter((report) => report.status === 'EC' || report.status === 'RS').length,
      reportFiles: totals.reportFiles,
      comments: totals.comments,
      commentReads: totals.commentReads,
      groups: GROUPS,
      admins: ADMINS,
      bailiffs: bailiffs.length,
      secretaries: SECRETARIES,
      sessions: sessions.length,
      seconds: Math.round((Date.now() - started) / 100) / 10,
    };
  } catch (error) {
    await client.query('ROLLBACK').catch(() => {});
    throw error;
  } finally {
    await client.end();
  }
}
