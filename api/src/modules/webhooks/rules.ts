// Webhooks (docs/api.md « Webhooks »): the pure rules. Which URLs an admin may register and which addresses a
// delivery may reach (SSRF), when a failed delivery is tried again, and what is sent and how it is
// signed. The queue (queue.ts) and the HTTP client (delivery.ts) apply them.
import { createHmac } from 'node:crypto';
import { BlockList, isIP } from 'node:net';
import type { WebhookEvent } from '../../generated/prisma/enums.js';
import {
  WEBHOOK_EVENT_LABELS,
  WEBHOOK_EVENT_NAMES,
  WEBHOOK_EVENTS as EVENTS,
  WEBHOOK_URL_MAX_LENGTH,
} from '@constats/domain/webhook-events';

/** Every event, in the screen's order (the database's enum, checked here). */
export const WEBHOOK_EVENTS = EVENTS satisfies readonly WebhookEvent[];
export const eventNames: Record<WebhookEvent, string> = WEBHOOK_EVENT_NAMES;
export const eventLabels: Record<WebhookEvent, string> = WEBHOOK_EVENT_LABELS;

/** Live webhooks at most: each event is one POST per webhook. */
export const MAX_WEBHOOKS = 20;
export const MAX_URL_LENGTH = WEBHOOK_URL_MAX_LENGTH;
/** What the log keeps of a receiver's answer. */
export const ANSWER_CHARACTERS = 1024;
/** A receiver gets this long to answer, body included. */
export const REQUEST_TIMEOUT_MS = 10_000;

export const webhookMessages = {
  notFound: 'Webhook introuvable.',
  deliveryNotFound: 'Envoi de webhook introuvable.',
  deleted: 'Ce webhook a été supprimé : ses envois ne peuvent plus être renvoyés.',
  tooMany: `${MAX_WEBHOOKS} webhooks au plus : supprimez-en un avant d’en ajouter un autre.`,
  urlTooLong: `L’adresse du webhook dépasse ${MAX_URL_LENGTH.toLocaleString('fr-FR')} caractères.`,
  urlInvalid: 'Adresse invalide : une URL complète en https:// est attendue.',
  urlCredentials: 'L’adresse du webhook ne doit pas contenir d’identifiant ni de mot de passe.',
  httpsRequired: 'Seules les adresses https:// sont acceptées (http:// seulement pour un hôte listé dans WEBHOOK_ALLOWED_HOSTS).',
  privateAddress: 'Adresse locale ou privée refusée : seuls les hôtes listés dans WEBHOOK_ALLOWED_HOSTS peuvent en avoir une.',
  eventsRequired: 'Choisissez au moins un événement.',
  webhookDeleted: 'Webhook supprimé.',
};

// ---------------------------------------------------------------------------------------------
// Addresses (SSRF)
// ---------------------------------------------------------------------------------------------

/** Everything that is not the public Internet: loopback, private, link-local (cloud metadata), CGNAT, reserved… */
const notPublic = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  notPublic.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  // Unspecified, loopback and the deprecated IPv4-compatible addresses.
  ['::', 96],
  ['100::', 64],
  ['2001::', 23],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
] as const) {
  notPublic.addSubnet(network, prefix, 'ipv6');
}

/** The IPv4 address an IPv6 one carries (IPv4-mapped ::ffff:0:0/96, NAT64 64:ff9b::/96, 6to4 2002::/16), if any. */
function embeddedIpv4(address: string): string | null {
  const groups = expandIpv6(address);
  if (!groups) return null;
  const v4 = (high: number, low: number) => `${high >> 8}.${high & 255}.${low >> 8}.${low & 255}`;
  const zeros = (from: number, to: number) => groups.slice(from, to).every((group) => group === 0);
  if (zeros(0, 5) && groups[5] === 0xffff) return v4(groups[6], groups[7]);
  if (groups[0] === 0x64 && groups[1] === 0xff9b && zeros(2, 6)) return v4(groups[6], groups[7]);
  if (groups[0] === 0x2002) return v4(groups[1], groups[2]);
  return null;
}

/** An IPv6 address as its eight 16-bit groups (a dotted IPv4 tail included), or null when it is not one. */
function expandIpv6(address: string): number[] | null {
  if (isIP(address) !== 6) return null;
  let text = address.toLowerCase().replace(/%.*$/, '');
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number);
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.includes('::') ? text.split('::') : [text, null];
  const parts = (part: string) => (part ? part.split(':').map((group) => parseInt(group, 16)) : []);
  const left = parts(head);
  const right = tail === null ? [] : parts(tail);
  return [...left, ...Array<number>(8 - left.length - right.length).fill(0), ...right];
}

/** Whether a delivery may connect to this IP address: a public unicast one only. */
export function isPublicAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, '');
  const family = isIP(bare);
  if (family === 4) return !notPublic.check(bare, 'ipv4');
  if (family !== 6) return false;
  const v4 = embeddedIpv4(bare);
  if (v4 !== null) return isPublicAddress(v4);
  return !notPublic.check(bare.replace(/%.*$/, ''), 'ipv6');
}

/** A host of WEBHOOK_ALLOWED_HOSTS may be loopback or private and use http://; listed without a port, on every port. */
export function isListedHost(url: URL, allowedHosts: readonly string[]): boolean {
  const host = url.hostname.toLowerCase();
  const port = url.port || (url.protocol === 'https:' ? '443' : '80');
  return allowedHosts.includes(host) || allowedHosts.includes(`${host}:${port}`);
}

export type UrlCheck = { ok: true; url: string } | { ok: false; message: string };

/**
 * Whether an admin may register this URL, and again before each delivery. A host name's addresses
 * are checked when it is resolved, at each delivery (delivery.ts): they may change after creation.
 */
export function checkWebhookUrl(raw: string, allowedHosts: readonly string[]): UrlCheck {
  const text = raw.trim();
  if (text.length > MAX_URL_LENGTH) return { ok: false, message: webhookMessages.urlTooLong };
  if (!URL.canParse(text)) return { ok: false, message: webhookMessages.urlInvalid };
  const url = new URL(text);
  if ((url.protocol !== 'https:' && url.protocol !== 'http:') || !url.hostname) return { ok: false, message: webhookMessages.urlInvalid };
  if (url.username || url.password) return { ok: false, message: webhookMessages.urlCredentials };
  const listed = isListedHost(url, allowedHosts);
  if (url.protocol === 'http:' && !listed) return { ok: false, message: webhookMessages.httpsRequired };
  const literal = url.hostname.replace(/^\[|\]$/g, '');
  if (!listed && isIP(literal) !== 0 && !isPublicAddress(literal)) return { ok: false, message: webhookMessages.privateAddress };
  return { ok: true, url: url.href };
}

/** The events asked, each once in the screen's order; null when none. */
export function checkEvents(events: readonly WebhookEvent[]): WebhookEvent[] | null {
  const chosen = WEBHOOK_EVENTS.filter((event) => events.includes(event));
  return chosen.length > 0 ? chosen : null;
}

// ---------------------------------------------------------------------------------------------
// Retries
// ---------------------------------------------------------------------------------------------

/** The waits after each failed try; the last one repeats. */
export const RETRY_DELAYS_MS = [60_000, 5 * 60_000, 30 * 60_000, 2 * 3_600_000, 6 * 3_600_000] as const;
/** No try starts later than this after the first one: then the delivery is given up. */
export const RETRY_WINDOW_MS = 24 * 3_600_000;

/** When to try again after the `attempts`-th failed try (1 for the first), or null: give up. */
export function nextAttemptAt(attempts: number, firstAttemptAt: Date, now: Date): Date | null {
  const delay = RETRY_DELAYS_MS[Math.min(Math.max(attempts, 1), RETRY_DELAYS_MS.length) - 1];
  const next = new Date(now.getTime() + delay);
  return next.getTime() - firstAttemptAt.getTime() <= RETRY_WINDOW_MS ? next : null;
}

// ---------------------------------------------------------------------------------------------
// What is sent
// ---------------------------------------------------------------------------------------------

/** `X-Constats-Signature`: HMAC-SHA256 of « <timestamp>.<body> » with the webhook's secret, in hex. */
export function signature(secret: string, timestamp: string, body: string): string {
  return `sha256=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;
}

export interface RecordedDelivery {
  id: number;
  event: WebhookEvent;
  objectType: string;
  objectId: number;
  payload: unknown;
  occurredAt: Date;
}

/**
 * The JSON body, the same at every try of a delivery: its id (for the receiver to ignore a repeat),
 * the event, its instant and the object's global id (as the GraphQL API names it) with the few
 * fields recorded with it.
 */
export function deliveryBody(delivery: RecordedDelivery): string {
  const fields = typeof delivery.payload === 'object' && delivery.payload !== null ? delivery.payload : {};
  return JSON.stringify({
    deliveryId: delivery.id,
    event: eventNames[delivery.event],
    occurredAt: delivery.occurredAt.toISOString(),
    data: { id: Buffer.from(`${delivery.objectType}:${delivery.objectId}`).toString('base64'), ...fields },
  });
}

/** What the log keeps of an answer or a failure: its first kilobyte. */
export function boundedAnswer(text: string): string {
  return text.length > ANSWER_CHARACTERS ? `${text.slice(0, ANSWER_CHARACTERS - 1)}…` : text;
}
