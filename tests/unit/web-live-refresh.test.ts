import { Environment, fetchQuery, Network, Observable, RecordSource, Store, type GraphQLResponse } from 'relay-runtime';
import BillingPageQuery from '../../web/src/__generated__/BillingPageQuery.graphql.js';
import { createQueriesInFlight, type QueriesInFlight } from '../../web/src/relay/queriesInFlight.js';

const tick = () => new Promise((resolve) => setImmediate(resolve));

/** Whether `promise` has settled, asked after letting pending callbacks run. */
function settledYet(promise: Promise<void>) {
  let settled = false;
  void promise.then(() => (settled = true));
  return async () => {
    await tick();
    return settled;
  };
}

/** A Relay environment whose network tracks its queries as the app's does, each answered when the test says. */
function environmentWith(queries: QueriesInFlight) {
  const pending: { answer: () => void; fail: () => void }[] = [];
  const network = Network.create((operation) =>
    Observable.create<GraphQLResponse>((sink) => {
      // Any answer will do: an error, which fails the query as a screen would see it.
      const answer = new Promise<Error>((resolve, reject) =>
        pending.push({ answer: () => resolve(new Error('réponse')), fail: () => reject(new Error('coupure')) }),
      );
      if (operation.operationKind === 'query') queries.track(answer);
      answer.then(
        (error) => sink.error(error),
        (error: Error) => sink.error(error),
      );
    }),
  );
  const environment = new Environment({ network, store: new Store(new RecordSource()) });
  const ask = (month: number) =>
    fetchQuery(environment, BillingPageQuery, { year: 2026, month, count: 100 }, { fetchPolicy: 'network-only' })
      .toPromise()
      .catch((error: unknown) => error);
  return { pending, ask };
}

describe('a live refresh waits for the queries in flight (web)', () => {
  let queries: QueriesInFlight;
  let relay: ReturnType<typeof environmentWith>;

  beforeEach(() => {
    queries = createQueriesInFlight();
    relay = environmentWith(queries);
  });

  it('is needed: Relay joins a refetch to a request in flight with the same variables', async () => {
    const first = relay.ask(10);
    const refetch = relay.ask(10);
    await tick();
    expect(relay.pending).toHaveLength(1);
    relay.pending[0].answer();
    const [a, b] = await Promise.all([first, refetch]);
    expect(b).toBe(a);
  });

  it('resolves only once every query sent before it has been answered', async () => {
    void relay.ask(10);
    void relay.ask(9);
    await tick();
    const settled = settledYet(queries.settled());
    expect(await settled()).toBe(false);
    relay.pending[0].answer();
    expect(await settled()).toBe(false);
    relay.pending[1].answer();
    expect(await settled()).toBe(true);
  });

  it('does not wait for a query sent after it, and a failed request ends its flight too', async () => {
    void relay.ask(10);
    await tick();
    const settled = settledYet(queries.settled());
    void relay.ask(8);
    await tick();
    expect(relay.pending).toHaveLength(2);
    relay.pending[0].fail();
    expect(await settled()).toBe(true);
  });

  it('resolves at once when nothing is in flight', async () => {
    expect(await settledYet(queries.settled())()).toBe(true);
  });
});
