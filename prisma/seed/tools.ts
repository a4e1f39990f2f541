// Demo seed: small tools (seeded PRNG, reserved ids, dates, French labels).
import { Prisma } from '../../api/src/generated/prisma/client.js';

type Tx = Prisma.TransactionClient;
type Decimal = Prisma.Decimal;

/** mulberry32: tiny, and the same sequence on every machine (Math.random cannot be seeded). */
export function createRandom(seed: number) {
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
export type Random = ReturnType<typeof createRandom>;

export function pickWeighted<T extends { weight: number }>(random: Random, items: readonly T[]): T {
  let ticket = random.next() * items.reduce((total, item) => total + item.weight, 0);
  return items.find((item) => (ticket -= item.weight) < 0) ?? items[items.length - 1];
}

type SequencedTable = 'Group' | 'User' | 'Report' | 'Comment' | 'GroupBill' | 'News';

/**
 * Takes ids from the table's own sequence, so related rows can be built up front and inserted
 * with createMany while the application's later inserts continue the sequence normally.
 */
export async function reserveIds(tx: Tx, table: SequencedTable, count: number): Promise<number[]> {
  if (count === 0) return [];
  const rows = await tx.$queryRaw<{ id: number }[]>`
    SELECT nextval(pg_get_serial_sequence(${`"${table}"`}, 'id'))::int AS id
    FROM generate_series(1, ${count}::int)`;
  return rows.map((row) => row.id);
}

export async function withIds<T extends object>(tx: Tx, table: SequencedTable, rows: T[]): Promise<(T & { id: number })[]> {
  const ids = await reserveIds(tx, table, rows.length);
  return rows.map((row, index) => ({ ...row, id: ids[index] }));
}

const HOUR = 3_600_000;
export const DAY = 24 * HOUR;

export const addHours = (date: Date, hours: number): Date => new Date(date.getTime() + hours * HOUR);
export const addDays = (date: Date, days: number): Date => new Date(date.getTime() + days * DAY);
export const earliest = (...dates: Date[]): Date => new Date(Math.min(...dates.map((date) => date.getTime())));

/** `days` before `now`, in French office hours (07:00–17:00 UTC) so UTC and Paris agree on the day. */
export function officeTimeDaysAgo(random: Random, now: Date, days: number): Date {
  const date = addDays(now, -days);
  date.setUTCHours(random.int(7, 16), random.int(0, 59), 0, 0);
  return date;
}

/** A DATE column value: midnight UTC of the day `days` away from `now`. */
export function calendarDay(now: Date, days: number): Date {
  const date = addDays(now, days);
  return new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()));
}

const MONTHS_FR = ['janvier', 'février', 'mars', 'avril', 'mai', 'juin', 'juillet', 'août', 'septembre', 'octobre', 'novembre', 'décembre'];
export const monthLabel = (year: number, month: number): string => `${MONTHS_FR[month - 1]} ${year}`;
/** `YYYY-MM` of the Paris month. */
export const PARIS_MONTH = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris', year: 'numeric', month: '2-digit' });
export const PARIS_DATE = new Intl.DateTimeFormat('fr-FR', { timeZone: 'Europe/Paris', day: '2-digit', month: '2-digit', year: 'numeric' });
export const PARIS_TIME = new Intl.DateTimeFormat('fr-FR', { timeZone: 'Europe/Paris', hour: '2-digit', minute: '2-digit' });
export const euros = (amount: Decimal): string => `${amount.toFixed(2).replace('.', ',')} €`;
