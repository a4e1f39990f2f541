import { useCallback, useEffect, useState } from 'react';
import { fetchQuery, graphql, useRelayEnvironment } from 'react-relay/hooks';
import type { useDictationFactsQuery } from '../../__generated__/useDictationFactsQuery.graphql';
import type { useDictationFactsSaveMutation } from '../../__generated__/useDictationFactsSaveMutation.graphql';
import { commit } from '../../relay/commit';

export interface DictationFacts {
  /** The server's length of the recording, in seconds (null: not known yet, or not told by its format). */
  duration: number | null;
  /** Where the signed-in user stopped listening (null: never saved). */
  listenedUntil: number | null;
}

/**
 * The dictation players' facts of a constat's deposited files (product.md §16): each one's length
 * and where the signed-in user stopped, by file id. Asked apart from the expanded row's query (whose
 * 1,000 files' links already take most of the server's cost limit), at each showing — the position
 * may have been saved on another computer since — and without suspending: the players show at once,
 * their lengths and positions when they come.
 */
export function useDictationFacts(reportId: string, dictationIds: readonly string[]): ReadonlyMap<string, DictationFacts> | null {
  const environment = useRelayEnvironment();
  const [facts, setFacts] = useState<ReadonlyMap<string, DictationFacts> | null>(null);
  const key = dictationIds.join(',');
  useEffect(() => {
    if (!key) return;
    const subscription = fetchQuery<useDictationFactsQuery>(
      environment,
      graphql`
        query useDictationFactsQuery($id: ID!) {
          node(id: $id) {
            ... on Report @alias(as: "report") {
              deposited {
                files {
                  id
                  duration
                  listenedUntil
                }
              }
            }
          }
        }
      `,
      { id: reportId },
      { fetchPolicy: 'network-only' },
    ).subscribe({
      next: (data) =>
        setFacts(
          new Map(
            (data.node?.report?.deposited.files ?? []).map((file) => [
              file.id,
              { duration: file.duration ?? null, listenedUntil: file.listenedUntil ?? null },
            ]),
          ),
        ),
      // Without them the players start from the beginning and read the length from the recording.
      error: () => setFacts(new Map()),
    });
    return () => subscription.unsubscribe();
  }, [environment, reportId, key]);
  return facts;
}

/** Saves where the signed-in user is in the dictation `fileId`; rejects when the server refused. */
export function useSaveDictationPosition(): (fileId: string, seconds: number) => Promise<unknown> {
  const environment = useRelayEnvironment();
  return useCallback(
    (fileId: string, seconds: number) =>
      commit<useDictationFactsSaveMutation>(environment, {
        mutation: graphql`
          mutation useDictationFactsSaveMutation($input: SaveDictationPositionInput!) {
            saveDictationPosition(input: $input) {
              file {
                id
                listenedUntil
              }
            }
          }
        `,
        variables: { input: { fileId, seconds } },
      }),
    [environment],
  );
}
