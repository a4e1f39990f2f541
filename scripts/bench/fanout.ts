// Fan-out: N graphql-ws clients (secretaries and admins, one session each) subscribed to
// newsPublished with the web app's subscription; an admin publishes a news item over HTTP; each
// client notes when the item reaches it. Latency = arrival − the moment the mutation was sent.
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { createClient, type Client } from 'graphql-ws';
import WebSocket from 'ws';
import { benchTokens } from './dataset.js';
import { median, percentile } from './load.js';
import { graphql } from './process.js';
import { CREATE_NEWS, NEWS_SUBSCRIPTION } from './queries.js';
import type { Row } from './report.js';

export interface FanoutRun {
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  received: number;
  load1: number;
}

export interface FanoutFigure {
  clients: number;
  connectSeconds: number;
  rssBeforeBytes: number;
  rssWithSocketsBytes: number;
  median: FanoutRun;
  runs: FanoutRun[];
}

interface Subscriber {
  client: Client;
  /** news id → arrival time */
  arrivals: Map<string, number>;
}

export async function measureFanout(
  url: string,
  options: { clients: number; runs: number; rss: () => number; log: (message: string) => void },
): Promise<FanoutFigure> {
  const { log } = options;
  const rssBeforeBytes = options.rss();
  const subscribers: Subscriber[] = [];
  const waiters = new Set<() => void>();
  const connectStarted = performance.now();
  try {
    // Connect in waves, as offices opening the app do; each socket checks its session once.
    const WAVE = 100;
    for (let start = 0; start < options.clients; start += WAVE) {
      await Promise.all(
        Array.from({ length: Math.min(WAVE, options.clients - start) }, async (_, offset) => {
          const index = start + offset;
          let connected!: () => void;
          let failed!: (error: unknown) => void;
          const ready = new Promise<void>((resolve, reject) => ((connected = resolve), (failed = reject)));
          const client = createClient({
            url: `${url.replace('http', 'ws')}/graphql`,
            webSocketImpl: WebSocket,
            connectionParams: { authorization: `Bearer ${benchTokens.fanout(index)}` },
            retryAttempts: 0,
            lazy: false,
            on: { connected: () => connected(), closed: (event) => failed(new Error(`socket ${index} closed: ${JSON.stringify(event)}`)) },
          });
          const subscriber: Subscriber = { client, arrivals: new Map() };
          subscribers.push(subscriber);
          await ready;
          client.subscribe(
            { query: NEWS_SUBSCRIPTION },
            {
              next: (message) => {
                const id = (message.data as { newsPublished?: { id: string } } | null)?.newsPublished?.id;
                if (id) subscriber.arrivals.set(id, performance.now());
                for (const wake of waiters) wake();
              },
              error: (error) => log(`  subscription ${index} failed: ${JSON.stringify(error).slice(0, 200)}`),
              complete: () => {},
            },
          );
        }),
      );
    }
    const connectSeconds = (performance.now() - connectStarted) / 1000;
    log(`  ${subscribers.length} graphql-ws clients connected in ${connectSeconds.toFixed(1)} s`);

    const publish = async (label: string) => {
      const sentAt = performance.now();
      const result = await graphql<{ createNews: { news: { id: string } | null } | null }>(url, benchTokens.admin, CREATE_NEWS, {
        input: { title: `Banc d’essai : ${label}`, body: `<p>Diffusion ${label} à ${subscribers.length} clients.</p>`, important: false },
      });
      const id = result.data?.createNews?.news?.id;
      if (!id) throw new Error(`createNews failed: ${JSON.stringify(result.errors)}`);
      // Wait until every client has it, or 30 s.
      const deadline = sentAt + 30_000;
      while (subscribers.some((subscriber) => !subscriber.arrivals.has(id)) && performance.now() < deadline) {
        await new Promise<void>((resolve) => {
          const wake = () => (waiters.delete(wake), resolve());
          waiters.add(wake);
          setTimeout(wake, 100);
        });
      }
      const latencies = subscribers
        .map((subscriber) => subscriber.arrivals.get(id))
        .filter((arrival): arrival is number => arrival !== undefined)
        .map((arrival) => arrival - sentAt)
        .sort((a, b) => a - b);
      return { latencies, id };
    };

    // Warm-up items: the first proves every subscription is registered before anything is timed,
    // the next ones let the server's JIT settle on this path, as on a server that has been up a while.
    for (let round = 1; round <= 3; round++) {
      const warm = await publish(`warm-up ${round}`);
      if (warm.latencies.length < subscribers.length) log(`  warm-up ${round}: ${warm.latencies.length}/${subscribers.length} clients served in 30 s`);
    }
    const rssWithSocketsBytes = options.rss();

    const runs: FanoutRun[] = [];
    for (let run = 1; run <= options.runs; run++) {
      await new Promise((resolve) => setTimeout(resolve, 500));
      const { latencies } = await publish(`mesure ${run}`);
      const result: FanoutRun = {
        p50Ms: percentile(latencies, 0.5) ?? NaN,
        p99Ms: latencies.length === subscribers.length ? percentile(latencies, 0.99) : NaN,
        maxMs: latencies.length === subscribers.length ? latencies[latencies.length - 1] : NaN,
        received: latencies.length,
        load1: os.loadavg()[0],
      };
      log(`  fan-out #${run}: ${result.received}/${subscribers.length} received, p50 ${result.p50Ms.toFixed(0)} ms, p99 ${result.p99Ms.toFixed(0)} ms, last ${result.maxMs.toFixed(0)} ms (load ${result.load1.toFixed(2)})`);
      runs.push(result);
    }
    return {
      clients: subscribers.length,
      connectSeconds,
      rssBeforeBytes,
      rssWithSocketsBytes,
      runs,
      median: {
        p50Ms: median(runs.map((run) => run.p50Ms)),
        p99Ms: median(runs.map((run) => run.p99Ms)),
        maxMs: median(runs.map((run) => run.maxMs)),
        received: Math.min(...runs.map((run) => run.received)),
        load1: median(runs.map((run) => run.load1)),
      },
    };
  } finally {
    await Promise.all(subscribers.map(async (subscriber) => subscriber.client.dispose()));
  }
}

const signed = (value: number) => `${value >= 0 ? '+' : '−'}${Math.abs(value).toFixed(0)}`;

export function fanoutRows(fanout: FanoutFigure): Row[] {
  const m = fanout.median;
  const complete = m.received === fanout.clients;
  return [
    { key: 'fanout.p50', figure: `Fan-out to ${fanout.clients} clients: p50`, value: m.p50Ms, display: `${m.p50Ms.toFixed(0)} ms`, target: '—', pass: null, load1: m.load1 },
    { key: 'fanout.p99', figure: `Fan-out to ${fanout.clients} clients: p99`, value: m.p99Ms, display: complete ? `${m.p99Ms.toFixed(0)} ms` : `${m.received}/${fanout.clients} received`, target: '≤ 250 ms', pass: complete && m.p99Ms <= 250, load1: m.load1 },
    { key: 'fanout.last', figure: 'Fan-out: last client served', value: m.maxMs, display: `${m.maxMs.toFixed(0)} ms`, target: '—', pass: null, load1: m.load1 },
    {
      key: 'fanout.rss',
      figure: `Server RSS, ${fanout.clients} open sockets`,
      value: fanout.rssWithSocketsBytes,
      display: `${(fanout.rssWithSocketsBytes / 1048576).toFixed(0)} MiB (${signed((fanout.rssWithSocketsBytes - fanout.rssBeforeBytes) / 1048576)} MiB)`,
      target: '—',
      pass: null,
      load1: null,
    },
  ];
}
