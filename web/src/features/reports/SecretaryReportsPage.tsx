import { Button } from '@fluentui/react-components';
import { CalendarAddRegular } from '@fluentui/react-icons/svg/calendar-add';
import { graphql } from 'react-relay/hooks';
import { useNavigate } from 'react-router';
import type { SecretaryReportsPageQuery } from '../../__generated__/SecretaryReportsPageQuery.graphql';
import type { ScreenProps } from '../../app/routing/screen';
import { fr } from '../../i18n/fr';
import { PageHeader } from '../../ui/PageHeader';
import { ReportsTable } from './ReportsTable';
import { initialFilter, type SecretaryReportsView } from './reportsViews';
import { useRefresh, useReportsPage } from './useReportsPage';
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

/** product.md §2 'Secretary screens': the tiles above 'Constats en cours' / 'Tous mes constats'. */
function SecretaryReportsPage({ view, queryRef }: ScreenProps<SecretaryReportsPageQuery> & { view: SecretaryReportsView }) {
  const navigate = useNavigate();
  // Counts sent or files returned change the tiles: `refresh` reads the page again, `refreshTiles`
  // the tiles alone.
  const { data, refresh } = useReportsPage<SecretaryReportsPageQuery>(pageQuery, queryRef);
  const refreshTiles = useRefresh(tilesQuery, { filter: initialFilter(view) });
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

export function SecretaryInProgressReportsPage({ queryRef }: ScreenProps<SecretaryReportsPageQuery>) {
  return <SecretaryReportsPage view="secretaryInProgress" queryRef={queryRef} />;
}

export function SecretaryAllReportsPage({ queryRef }: ScreenProps<SecretaryReportsPageQuery>) {
  return <SecretaryReportsPage view="secretaryAll" queryRef={queryRef} />;
}
