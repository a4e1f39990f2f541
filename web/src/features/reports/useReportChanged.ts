/**
 * Live reports lists (no polling): while a reports screen is mounted, `reportChanged` brings every
 * change another user makes to a report the viewer can see (assignment, counts, files, comments,
 * status) and Relay's store updates the row where it is shown.
 *
 * `useReportChanged({ connectionIds, belongs, onMembershipChange })`
 * - `connectionIds`: the `__id` of the screen's report connections. A report the viewer can no
 *   longer see (`report: null`, e.g. reassigned to another secretary) leaves them.
 * - `belongs(report)`: optional; false when the report no longer belongs to the screen (a
 *   terminated report on the in-progress list): it leaves them too.
 * - `onMembershipChange()`: optional; called when a row left, or when a report that belongs to the
 *   screen is not in its lists yet (a new one): the screen refreshes its cards and first page. Also
 *   called when the live socket reconnected, since changes may have been missed meanwhile.
 *
 * The subscription selects every field the reports screens show: the table's row fragment and the
 * fragments of a row's details; a screen with a row fragment of its own adds its spread below, so
 * that its rows are refreshed as well.
 */
import { useEffect, useEffectEvent } from 'react';
import { graphql, requestSubscription, useRelayEnvironment } from 'react-relay/hooks';
import { ConnectionHandler, type RecordSourceSelectorProxy } from 'relay-runtime';
import { addToCount, readValue } from '../../relay/storeValues';
import { useLiveReconnect } from '../../relay/useLiveReconnect';
import { useAnnounce } from '../../ui/LiveAnnouncer';
import { reportsText } from '../../i18n/reports';
import type {
  useReportChangedSubscription,
  useReportChangedSubscription$data,
} from '../../__generated__/useReportChangedSubscription.graphql';

const subscription = graphql`
  subscription useReportChangedSubscription {
    reportChanged {
      reportId
      report {
        # What the hook itself reads: whether the report still belongs to a list, whether it is new,
        # and what to announce.
        id
        name
        status
        isArchived
        createdAt
        ...ReportsTableRowFragment
        ...ReportFilesFragment
        ...ReportCommentsFragment
        ...ReportCountersFragment
        ...DetectedCountsFragment
      }
    }
  }
`;

export type ChangedReport = NonNullable<useReportChangedSubscription$data['reportChanged']['report']>;

export interface ReportChangedOptions {
  connectionIds: readonly string[];
  belongs?: (report: Pick<ChangedReport, 'status' | 'isArchived'>) => boolean;
  onMembershipChange?: () => void;
}

function holds(store: RecordSourceSelectorProxy, connectionId: string, reportId: string): boolean {
  const edges = store.get(connectionId)?.getLinkedRecords('edges') ?? [];
  return edges.some((edge) => edge?.getLinkedRecord('node')?.getDataID() === reportId);
}

/**
 * A report created after the first (latest) one of the list: a new one to bring in. Reports of
 * other pages or filtered out by a search are older, and do not make the screen fetch again.
 */
function isNewer(store: RecordSourceSelectorProxy, connectionId: string, createdAt: string): boolean {
  const connection = store.get(connectionId);
  if (!connection) return false;
  const node = connection.getLinkedRecords('edges')?.[0]?.getLinkedRecord('node');
  const first = node ? readValue(node, 'createdAt') : undefined;
  return typeof first !== 'string' || Date.parse(createdAt) > Date.parse(first);
}

/** Removes the report from a connection, keeping its totalCount right; true if it was there. */
export function removeReportFromConnection(store: RecordSourceSelectorProxy, connectionId: string, reportId: string): boolean {
  const connection = store.get(connectionId);
  if (!connection || !holds(store, connectionId, reportId)) return false;
  ConnectionHandler.deleteNode(connection, reportId);
  addToCount(connection, 'totalCount', -1);
  return true;
}

export function useReportChanged({ connectionIds, belongs, onMembershipChange }: ReportChangedOptions): void {
  const environment = useRelayEnvironment();
  const announce = useAnnounce();
  // Reads the latest options when an event arrives: a new page or filter does not re-subscribe.
  const update = useEffectEvent((store: RecordSourceSelectorProxy, data: useReportChangedSubscription$data | null | undefined) => {
    const event = data?.reportChanged;
    if (!event) return;
    const report = event.report;
    const stays = report != null && (belongs?.(report) ?? true);
    let membership = false;
    // A row on screen changed: screen readers hear it (product.md §13), the focus staying where it is.
    if (report != null && connectionIds.some((id) => holds(store, id, event.reportId))) {
      const text = reportsText.liveChanged(report.name, reportsText.status[report.status] ?? report.status);
      queueMicrotask(() => announce(text));
    }
    for (const id of connectionIds) {
      if (!stays) membership = removeReportFromConnection(store, id, event.reportId) || membership;
      else if (isNewer(store, id, report.createdAt)) membership = true;
    }
    // After the store update, outside of it: the screen may fetch.
    if (membership && onMembershipChange) queueMicrotask(onMembershipChange);
  });
  // What react-relay's useSubscription does, with the updater read when the event arrives.
  useEffect(() => {
    const { dispose } = requestSubscription<useReportChangedSubscription>(environment, {
      subscription,
      variables: {},
      updater: (store, data) => update(store, data),
      // Live updates are a comfort: a failure must not break the screen (product.md §8: ignored).
      onError: () => {},
    });
    return dispose;
  }, [environment]);
  useLiveReconnect(() => onMembershipChange?.());
}
