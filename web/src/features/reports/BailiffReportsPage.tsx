import { useCallback } from 'react';
import { Button } from '@fluentui/react-components';
import { CalendarAddRegular } from '@fluentui/react-icons/svg/calendar-add';
import { graphql, useLazyLoadQuery, useRelayEnvironment } from 'react-relay/hooks';
import { useNavigate } from 'react-router';
import { fetchQuery } from 'relay-runtime';
import type { BailiffReportsPageArchivedQuery } from '../../__generated__/BailiffReportsPageArchivedQuery.graphql';
import type { BailiffReportsPageQuery } from '../../__generated__/BailiffReportsPageQuery.graphql';
import { fr } from '../../i18n/fr';
import { PageHeader } from '../../ui/PageHeader';
import { BailiffTiles } from './BailiffTiles';
import { ReportsTable, initialFilter } from './ReportsTable';

const inProgressQuery = graphql`
  query BailiffReportsPageQuery($filter: ReportFilter!, $count: Int!) {
    reportHeaders(filter: $filter) {
      ...BailiffTilesFragment
    }
    ...ReportsTableFragment @arguments(filter: $filter, count: $count, withAccounts: false)
  }
`;

const archivedQuery = graphql`
  query BailiffReportsPageArchivedQuery($filter: ReportFilter!, $count: Int!) {
    ...ReportsTableFragment @arguments(filter: $filter, count: $count, withAccounts: false)
  }
`;

/** Spec §2: 'Signaler une absence ou un congé', on both of the bailiff's lists. */
function ReportAbsenceButton() {
  const navigate = useNavigate();
  return (
    <Button icon={<CalendarAddRegular />} onClick={() => navigate('/dashboard/createanalert')}>
      {fr.titles.createAlert}
    </Button>
  );
}

/** Spec §2, bailiff 'Mes constats en cours' (his default screen): tiles and his EC and TE constats. */
export function BailiffInProgressReportsPage() {
  const environment = useRelayEnvironment();
  const variables = { filter: initialFilter('bailiffInProgress'), count: 10 };
  const data = useLazyLoadQuery<BailiffReportsPageQuery>(inProgressQuery, variables, { fetchPolicy: 'store-and-network' });
  // An archived constat changes the month's tiles: read them again into the store.
  const refresh = useCallback(() => {
    fetchQuery<BailiffReportsPageQuery>(environment, inProgressQuery, variables).subscribe({ error: () => {} });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [environment]);
  return (
    <section>
      <PageHeader title={fr.titles.bailiffInProgress} actions={<ReportAbsenceButton />} />
      <BailiffTiles headers={data.reportHeaders} />
      <ReportsTable view="bailiffInProgress" query={data} onChanged={refresh} />
    </section>
  );
}

/** Spec §2, bailiff 'Mes constats archivés': his archive, files read-only. */
export function BailiffArchivedReportsPage() {
  const data = useLazyLoadQuery<BailiffReportsPageArchivedQuery>(
    archivedQuery,
    { filter: initialFilter('bailiffArchived'), count: 10 },
    { fetchPolicy: 'store-and-network' },
  );
  return (
    <section>
      <PageHeader title={fr.titles.bailiffArchived} actions={<ReportAbsenceButton />} />
      <ReportsTable view="bailiffArchived" query={data} />
    </section>
  );
}
