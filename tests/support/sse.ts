// Subscriptions over server-sent events (Accept: text/event-stream on /graphql), read as a client
// would: each `next` event's data, and whether the server ended the stream.

export interface EventStream {
  status: number;
  /** The `data` of every `next` event received so far, parsed. */
  events: any[];
  /** Settles when the server ends the stream (its `complete` event, or the body's end). */
  ended: Promise<void>;
  /** Leaves the stream, as a client closing its page. */
  leave(): void;
}

/**
 * Opens a subscription over server-sent events, POST (JSON body) or GET (query string), and
 * resolves once the server answered its headers, that is once the subscription is running.
 */
export async function openEventStream(
  baseUrl: string,
  token: string | undefined,
  query: string,
  method: 'POST' | 'GET' = 'POST',
): Promise<EventStream> {
  const abort = new AbortController();
  const headers: Record<string, string> = { accept: 'text/event-stream', ...(token && { authorization: `Bearer ${token}` }) };
  const url = method === 'GET' ? `${baseUrl}/graphql?query=${encodeURIComponent(query)}` : `${baseUrl}/graphql`;
  const response = await fetch(url, {
    method,
    headers: method === 'POST' ? { ...headers, 'content-type': 'application/json' } : headers,
    body: method === 'POST' ? JSON.stringify({ query }) : undefined,
    signal: abort.signal,
  });
  const events: any[] = [];
  const ended = (async () => {
    const decoder = new TextDecoder();
    let buffered = '';
    try {
      for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
        buffered += decoder.decode(chunk, { stream: true });
        let end: number;
        while ((end = buffered.indexOf('\n\n')) >= 0) {
          const block = buffered.slice(0, end);
          buffered = buffered.slice(end + 2);
          const lines = block.split('\n');
          const kind = lines
            .find((line) => line.startsWith('event:'))
            ?.slice(6)
            .trim();
          const data = lines.filter((line) => line.startsWith('data:')).map((line) => line.slice(5).trim());
          if (kind === 'complete') return;
          if (kind === 'next' || (kind === undefined && data.length > 0)) events.push(JSON.parse(data.join('\n')));
        }
      }
    } catch {
      // left by the test (abort): the stream is over either way
    }
  })();
  return { status: response.status, events, ended, leave: () => abort.abort() };
}

/** Whether the stream ends within `ms` milliseconds. */
export async function endedWithin(stream: EventStream, ms: number): Promise<'ended' | 'open'> {
  return Promise.race([stream.ended.then(() => 'ended' as const), new Promise<'open'>((resolve) => setTimeout(() => resolve('open'), ms))]);
}
