import { createHmac } from 'node:crypto';
import { encodeGlobalID } from '@pothos/plugin-relay';
import {
  ANSWER_CHARACTERS,
  boundedAnswer,
  checkEvents,
  checkWebhookUrl,
  deliveryBody,
  isListedHost,
  isPublicAddress,
  MAX_URL_LENGTH,
  nextAttemptAt,
  RETRY_WINDOW_MS,
  signature,
  webhookMessages,
} from '../../api/src/modules/webhooks/rules.js';

describe('addresses a delivery may reach', () => {
  it.each([
    ['93.184.216.34'],
    ['8.8.8.8'],
    ['172.32.0.1'],
    ['100.128.0.1'],
    ['2606:4700:4700::1111'],
    ['2a00:1450:4007:80f::200e'],
    ['::ffff:93.184.216.34'],
  ])('%s is public', (address) => {
    expect(isPublicAddress(address)).toBe(true);
  });

  it.each([
    ['127.0.0.1', 'loopback'],
    ['127.255.255.254', 'loopback'],
    ['0.0.0.0', 'unspecified'],
    ['10.1.2.3', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['192.168.1.1', 'private'],
    ['169.254.169.254', 'cloud metadata (link-local)'],
    ['100.64.0.1', 'CGNAT'],
    ['198.18.0.1', 'benchmarking'],
    ['224.0.0.1', 'multicast'],
    ['255.255.255.255', 'broadcast'],
    ['::1', 'IPv6 loopback'],
    ['::', 'IPv6 unspecified'],
    ['fe80::1', 'IPv6 link-local'],
    ['fd00::1', 'unique local'],
    ['fc12:3456::1', 'unique local'],
    ['ff02::1', 'IPv6 multicast'],
    ['::ffff:127.0.0.1', 'IPv4-mapped loopback'],
    ['::ffff:7f00:1', 'IPv4-mapped loopback, hexadecimal'],
    ['::ffff:169.254.169.254', 'IPv4-mapped metadata'],
    ['::ffff:10.0.0.1', 'IPv4-mapped private'],
    ['64:ff9b::a00:1', 'NAT64 of a private address'],
    ['2002:c0a8:101::1', '6to4 of a private address'],
    ['::127.0.0.1', 'IPv4-compatible'],
    ['[::1]', 'bracketed as in a URL'],
    ['fe80::1%eth0', 'with a zone'],
    ['2001:db8::1', 'documentation'],
    ['not an address', 'not an address'],
  ])('%s is refused (%s)', (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });
});

describe('the URLs an admin may register', () => {
  const allowed = ['127.0.0.2', 'hooks.internal:8080'];

  it('accepts a public https URL, normalised', () => {
    expect(checkWebhookUrl(' https://Example.com/hooks?x=1 ', [])).toEqual({ ok: true, url: 'https://example.com/hooks?x=1' });
  });

  it.each([
    ['http://example.com/', webhookMessages.httpsRequired],
    ['ftp://example.com/', webhookMessages.urlInvalid],
    ['javascript:alert(1)', webhookMessages.urlInvalid],
    ['example.com/hooks', webhookMessages.urlInvalid],
    ['https://', webhookMessages.urlInvalid],
    ['', webhookMessages.urlInvalid],
    ['https://user:pass@example.com/', webhookMessages.urlCredentials],
    ['https://127.0.0.1/', webhookMessages.privateAddress],
    ['https://10.0.0.8:8443/', webhookMessages.privateAddress],
    ['https://169.254.169.254/latest/meta-data', webhookMessages.privateAddress],
    ['https://[::1]/', webhookMessages.privateAddress],
    ['https://[::ffff:127.0.0.1]/', webhookMessages.privateAddress],
    ['https://0x7f000001/', webhookMessages.privateAddress],
    ['https://2130706433/', webhookMessages.privateAddress],
    ['https://hooks.internal:9090/', null],
    [`https://example.com/${'a'.repeat(MAX_URL_LENGTH)}`, webhookMessages.urlTooLong],
  ])('%s: %s', (url, message) => {
    const checked = checkWebhookUrl(url, allowed);
    if (message === null) expect(checked.ok).toBe(true);
    else expect(checked).toEqual({ ok: false, message });
  });

  it('lets a listed host use http:// and a loopback or private address', () => {
    expect(checkWebhookUrl('http://127.0.0.2:4000/hook', allowed)).toEqual({ ok: true, url: 'http://127.0.0.2:4000/hook' });
    expect(checkWebhookUrl('http://hooks.internal:8080/', allowed).ok).toBe(true);
  });

  it('matches a listed host:port on that port only, a bare host on every port', () => {
    expect(isListedHost(new URL('http://hooks.internal:8080/'), allowed)).toBe(true);
    expect(isListedHost(new URL('http://hooks.internal:8081/'), allowed)).toBe(false);
    expect(isListedHost(new URL('http://127.0.0.2:1234/'), allowed)).toBe(true);
    expect(isListedHost(new URL('https://HOOKS.internal:8080/'), allowed)).toBe(true);
    expect(isListedHost(new URL('https://example.com/'), ['example.com:443'])).toBe(true);
  });

  it('keeps each event once, in the screen’s order; none is refused', () => {
    expect(checkEvents(['BILL_PAID', 'REPORT_CREATED', 'BILL_PAID'])).toEqual(['REPORT_CREATED', 'BILL_PAID']);
    expect(checkEvents([])).toBeNull();
  });
});

describe('retries', () => {
  const first = new Date('2026-11-29T10:00:00Z');
  const minutes = (date: Date | null) => (date ? (date.getTime() - first.getTime()) / 60_000 : null);

  it('waits 1 min, 5 min, 30 min, 2 h, then 6 h between tries', () => {
    let now = first;
    const schedule: (number | null)[] = [];
    for (let attempts = 1; attempts <= 6; attempts++) {
      const next = nextAttemptAt(attempts, first, now)!;
      schedule.push((next.getTime() - now.getTime()) / 60_000);
      now = next;
    }
    expect(schedule).toEqual([1, 5, 30, 120, 360, 360]);
  });

  it('tries until 24 hours after the first try, then gives up', () => {
    let now = first;
    let attempts = 1;
    const tries = [0];
    for (let next = nextAttemptAt(attempts, first, now); next; next = nextAttemptAt(++attempts, first, now)) {
      now = next;
      tries.push(minutes(now)!);
    }
    expect(tries).toEqual([0, 1, 6, 36, 156, 516, 876, 1236]);
    expect(tries.at(-1)! * 60_000).toBeLessThanOrEqual(RETRY_WINDOW_MS);
    expect(nextAttemptAt(attempts, first, now)).toBeNull();
  });
});

describe('what is sent', () => {
  it('signs « timestamp.body » with HMAC-SHA256 of the secret, in hex', () => {
    const body = '{"event":"report.created"}';
    const expected = createHmac('sha256', 'whsec_test').update(`1764410400.${body}`).digest('hex');
    expect(signature('whsec_test', '1764410400', body)).toBe(`sha256=${expected}`);
    expect(signature('whsec_other', '1764410400', body)).not.toBe(`sha256=${expected}`);
    expect(signature('whsec_test', '1764410401', body)).not.toBe(`sha256=${expected}`);
  });

  it('carries the delivery, the event’s dotted name, its instant and the object’s global id', () => {
    const body = deliveryBody({
      id: 7,
      event: 'REPORT_TERMINATED',
      objectType: 'Report',
      objectId: 42,
      payload: { databaseId: 42, name: 'Dupont', status: 'TE' },
      occurredAt: new Date('2026-11-29T10:00:00.123Z'),
    });
    expect(JSON.parse(body)).toEqual({
      deliveryId: 7,
      event: 'report.terminated',
      occurredAt: '2026-11-29T10:00:00.123Z',
      data: { id: encodeGlobalID('Report', 42), databaseId: 42, name: 'Dupont', status: 'TE' },
    });
  });

  it('keeps the first kilobyte of an answer', () => {
    expect(boundedAnswer('ok')).toBe('ok');
    const long = boundedAnswer('x'.repeat(5000));
    expect(long).toHaveLength(ANSWER_CHARACTERS);
    expect(long.endsWith('…')).toBe(true);
  });
});
