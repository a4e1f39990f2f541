// One POST to a receiver. The host name is resolved here, at each try, and the connection goes to
// the address that was checked (the `lookup` of the request): a name that resolved to a public
// address at creation and now resolves to a private one (DNS rebinding) is refused. No redirect is
// followed (node:http never does: a 3xx is a failure), the answer is read up to what the log keeps,
// and the whole exchange is bounded in time.
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { ANSWER_CHARACTERS, checkWebhookUrl, isListedHost, isPublicAddress, REQUEST_TIMEOUT_MS, webhookMessages } from './rules.js';

export interface DeliveryAnswer {
  statusCode: number;
  /** The start of the answer's body. */
  answer: string;
}

/** A try that reached no receiver: its reason is what the log shows. */
export class DeliveryRefused extends Error {}

/** A resolver that refuses, for a host not listed, any name with a non-public address. */
function checkedLookup(listed: boolean): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { all: true, family: options.family ?? 0, hints: options.hints }, (error, addresses: LookupAddress[]) => {
      if (error) return callback(error, '', 0);
      const refused = listed ? undefined : addresses.find((address) => !isPublicAddress(address.address));
      if (refused || addresses.length === 0) {
        return callback(
          new DeliveryRefused(`${webhookMessages.privateAddress} (${hostname} : ${refused?.address ?? 'aucune adresse'})`),
          '',
          0,
        );
      }
      if (options.all) return (callback as (error: null, addresses: LookupAddress[]) => void)(null, addresses);
      callback(null, addresses[0].address, addresses[0].family);
    });
  };
}

/** POSTs `body` with `headers`; the receiver's status and the start of its answer, or throws why it could not. */
export function postWebhook(
  target: string,
  body: string,
  headers: Record<string, string>,
  options: { allowedHosts: readonly string[]; signal: AbortSignal; timeoutMs?: number },
): Promise<DeliveryAnswer> {
  const checked = checkWebhookUrl(target, options.allowedHosts);
  if (!checked.ok) return Promise.reject(new DeliveryRefused(checked.message));
  const url = new URL(checked.url);
  const listed = isListedHost(url, options.allowedHosts);
  // A literal address is never looked up: checkWebhookUrl has just checked it.
  const literal = isIP(url.hostname.replace(/^\[|\]$/g, '')) !== 0;
  const client = url.protocol === 'https:' ? https : http;
  const signal = AbortSignal.any([options.signal, AbortSignal.timeout(options.timeoutMs ?? REQUEST_TIMEOUT_MS)]);
  return new Promise((resolve, reject) => {
    const request = client.request(
      url,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), ...headers },
        signal,
        // A new connection per try: a kept one could have been opened to an address checked before.
        agent: false,
        ...(!literal && { lookup: checkedLookup(listed) }),
      },
      (response) => {
        const chunks: Buffer[] = [];
        let size = 0;
        const done = () => {
          const answer = Buffer.concat(chunks).toString('utf8').slice(0, ANSWER_CHARACTERS);
          resolve({ statusCode: response.statusCode ?? 0, answer });
        };
        response.on('data', (chunk: Buffer) => {
          chunks.push(chunk);
          size += chunk.length;
          // Enough for the log (a UTF-8 character is 4 bytes at most): the rest is not read.
          if (size >= ANSWER_CHARACTERS * 4) {
            response.destroy();
            done();
          }
        });
        response.on('end', done);
        response.on('error', reject);
      },
    );
    request.on('error', (error) =>
      reject(signal.aborted && !options.signal.aborted ? new DeliveryRefused(timeoutMessage(options.timeoutMs)) : error),
    );
    request.end(body);
  });
}

const timeoutMessage = (timeoutMs = REQUEST_TIMEOUT_MS) => `Pas de réponse en ${timeoutMs / 1000} s.`;
