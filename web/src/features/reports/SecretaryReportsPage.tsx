import { useCallback } from 'react';
import { Button } from '@fluentui/react-components';
import { CalendarAddRegular } from '@fluentui/react-icons/svg/calendar-add';
import { graphql, useLazyLoadQuery, useRelayEnvironment } from 'react-relay/hooks';
import { useNavigate } from 'react-router';
import { fetchQuery } from 'relay-runtime';
import type { SecretaryReportsPageQuery } from '../../__generated__/SecretaryReportsPageQuery.graphql';
import type { SecretaryReportsPageTilesQuery } from '../../__generated__/SecretaryReportsPageTilesQuery.graphql';
import { fr } from '../../i18n/fr';
import { PageHeader } from '../../ui/PageHeader';
import { ReportsTable, baseFilter, type SecretaryReportsView } from './ReportsTable';
import { SecretaryTiles } from './SecretaryTiles';

const pageQuery = graphql`
  query SecretaryReportsPageQuery($filter: ReportFilter!, $count: Int!) {
    reportHeaders(filter: $filter) {
      ...SecretaryTilesFragment
    }
    ...ReportsTableFragment @arguments(filter: $filter, count: $count, withAccounts: false, withAssignedBailiffs: true)
  }
`;

// The tiles alone: reading the whole page again would drop the constat she just returned.
const tilesQuery = graphql`
  query SecretaryReportsPageTilesQuery($filter: ReportFilter!) {
    reportHeaders(filter: $filter) {
      ...SecretaryTilesFragment
    }
  }
`;

const titles: Record<SecretaryReportsView, string> = {
  secretaryInProgress: fr.titles.reportsInProgress,
  secretaryAll: fr.titles.secretaryMonthReports,
};

/** Spec §2 'Secretary screens': the tiles above 'Constats en cours' / 'Tous mes constats'. */
function SecretaryReportsPage({ view }: { view: SecretaryReportsView }) {
  const navigate = useNavigate();
  const environment = useRelayEnvironment();
  const variables = { filter: baseFilter[view], count: 10 };
  const data = useLazyLoadQuery<SecretaryReportsPageQuery>(pageQuery, variables, { fetchPolicy: 'store-and-network' });
  // Counts sent or files returned change the tiles: read them again into the store.
  const refresh = useCallback(() => {
    fetchQuery<SecretaryReportsPageQuery>(environment, pageQuery, variables).subscribe({ error: () => {} });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [environment, view]);
  const refreshTiles = useCallback(() => {
    fetchQuery<SecretaryReportsPageTilesQuery>(environment, tilesQuery, { filter: variables.filter }).subscribe({ error: () => {} });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [environment, view]);
  return (
    <section>
      <PageHeader
        title={titles[view]}
        actions={
          view === 'secretaryInProgress' ? (
            <Button icon={<CalendarAddRegular />} onClick={() => navigate('/dashboard/createanalert')}>
              {fr.titles.createAlert}
            </Button>
          ) : null
        }
      />
      <SecretaryTiles headers={data.reportHeaders} />
      <ReportsTable key={view} view={view} query={data} onChanged={refresh} onFiguresChanged={refreshTiles} />
    </section>
  );
}

export function SecretaryInProgressReportsPage() {
  return <SecretaryReportsPage view="secretaryInProgress" />;
}

export function SecretaryAllReportsPage() {
  return <SecretaryReportsPage view="secretaryAll" />;
}
