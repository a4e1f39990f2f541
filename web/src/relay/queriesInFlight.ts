/**
 * The queries an environment has sent and not had answered yet. A screen refreshing on a live
 * event waits for them (`settled`): Relay joins a refetch to a request in flight with the same
 * variables (its `fetchQueryDeduped`), whose answer may predate the change the event announces, and
 * the refresh would then show the data as it was before that change, for good.
 */
export interface QueriesInFlight {
  /** Follows a query's answer until it arrives or fails. */
  track(answer: Promise<unknown>): void;
  /** Resolves once every query in flight now has been answered (or has failed); not later ones. */
  settled(): Promise<void>;
}

export function createQueriesInFlight(): QueriesInFlight {
  const inFlight = new Set<Promise<void>>();
  return {
    track(answer) {
      const done = answer.then(
        () => {},
        () => {},
      );
      inFlight.add(done);
      void done.then(() => inFlight.delete(done));
    },
    async settled() {
      await Promise.all([...inFlight]);
    },
  };
}
