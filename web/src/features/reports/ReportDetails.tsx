/**
 * The expanded row of a reports table (product.md §2): counters, then deposited and returned items.
 *
 * `<ReportDetails reportId={row.id} readOnly={…} />`
 * - `reportId`: the report's global id; its details are loaded when the row opens, so that a
 *   page of rows does not carry every file's signed links.
 * - `readOnly`: terminated and archived lists: no upload, no deletion (the counters follow
 *   `viewerCan`: a terminated report is still billed).
 * - `withCounters`: false where the screen shows its own counts entry (the secretary's lists)
 *   or none (the bailiff's).
 * - `returnedOnceDone`: the bailiff's lists (see ReportFiles).
 * The automatic counting line (DetectedCounts) comes first, for whoever may set counts.
 */
import { Suspense } from 'react';
import { Spinner, makeStyles, tokens } from '@fluentui/react-components';
import { graphql, useLazyLoadQuery } from 'react-relay/hooks';
import type { ReportDetailsQuery } from '../../__generated__/ReportDetailsQuery.graphql';
import { fr } from '../../i18n/fr';
import { DetectedCounts } from './DetectedCounts';
import { ReportCounters } from './ReportCounters';
import { ReportFiles } from './ReportFiles';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', rowGap: tokens.spacingVerticalL, minWidth: 0 },
  loading: { padding: tokens.spacingVerticalM },
});

function Details({
  reportId,
  readOnly,
  withCounters,
  returnedOnceDone,
}: {
  reportId: string;
  readOnly: boolean;
  withCounters: boolean;
  returnedOnceDone: boolean;
}) {
  const styles = useStyles();
  const data = useLazyLoadQuery<ReportDetailsQuery>(
    graphql`
      query ReportDetailsQuery($id: ID!) {
        node(id: $id) {
          ... on Report @alias(as: "report") {
            ...ReportCountersFragment
            ...ReportFilesFragment
            ...DetectedCountsFragment
          }
        }
      }
    `,
    { id: reportId },
    { fetchPolicy: 'store-and-network' },
  );
  const report = data.node?.report;
  if (!report) return null;
  return (
    <div className={styles.root}>
      <DetectedCounts report={report} />
      {withCounters ? <ReportCounters report={report} /> : null}
      <ReportFiles report={report} readOnly={readOnly} returnedOnceDone={returnedOnceDone} />
    </div>
  );
}

export function ReportDetails({
  reportId,
  readOnly = false,
  withCounters = true,
  returnedOnceDone = false,
}: {
  reportId: string;
  readOnly?: boolean;
  withCounters?: boolean;
  returnedOnceDone?: boolean;
}) {
  const styles = useStyles();
  return (
    <Suspense fallback={<Spinner size="small" className={styles.loading} label={fr.loading} />}>
      <Details reportId={reportId} readOnly={readOnly} withCounters={withCounters} returnedOnceDone={returnedOnceDone} />
    </Suspense>
  );
}
