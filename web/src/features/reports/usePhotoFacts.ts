import { useEffect, useState } from 'react';
import { fetchQuery, graphql, useRelayEnvironment } from 'react-relay/hooks';
import type { usePhotoFactsQuery, usePhotoFactsQuery$data } from '../../__generated__/usePhotoFactsQuery.graphql';

type PhotoFacts = NonNullable<NonNullable<usePhotoFactsQuery$data['node']>['report']>['deposited']['files'][number];

/**
 * The gallery's facts of a constat's deposited files (product.md §16): preview link, date and
 * position, by file id. Asked apart from the expanded row's query, which carries 1,000 files' links
 * already (each query stays under the server's cost limit), again when the photos change, and
 * without suspending: the grid shows its numbered tiles at once and their previews when they come.
 */
export function usePhotoFacts(reportId: string, photoIds: readonly string[]): ReadonlyMap<string, PhotoFacts> {
  const environment = useRelayEnvironment();
  const [facts, setFacts] = useState<ReadonlyMap<string, PhotoFacts>>(new Map());
  const key = photoIds.join(',');
  useEffect(() => {
    if (!key) return;
    const subscription = fetchQuery<usePhotoFactsQuery>(
      environment,
      graphql`
        query usePhotoFactsQuery($id: ID!) {
          node(id: $id) {
            ... on Report @alias(as: "report") {
              deposited {
                files {
                  id
                  previewUrl
                  takenAt
                  position {
                    latitude
                    longitude
                  }
                }
              }
            }
          }
        }
      `,
      { id: reportId },
      { fetchPolicy: 'network-only' },
    ).subscribe({
      next: (data) => setFacts(new Map((data.node?.report?.deposited.files ?? []).map((file) => [file.id, file]))),
      // Without them the tiles keep their numbers and names; the next change of the photos asks again.
      error: () => undefined,
    });
    return () => subscription.unsubscribe();
  }, [environment, reportId, key]);
  return facts;
}
