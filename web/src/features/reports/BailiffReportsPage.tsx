import { Button } from '@fluentui/react-components';
import { CalendarAddRegular } from '@fluentui/react-icons/svg/calendar-add';
import { graphql } from 'react-relay/hooks';
import { useNavigate } from 'react-router';
import type { BailiffReportsPageArchivedQuery } from '../../__generated__/BailiffReportsPageArchivedQuery.graphql';
import type { BailiffReportsPageQuery } from '../../__generated__/BailiffReportsPageQuery.graphql';
import type { ScreenProps } from '../../app/routing/screen';
import { fr } from '../../i18n/fr';
import { PageHeader } from '../../ui/PageHeader';
import { BailiffTiles } from './BailiffTiles';
import { ReportsTable } from './ReportsTable';
import { useReportsPage } from './useReportsPage';

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

/** product.md §2: 'Signaler une absence ou un congé', on both of the bailiff's lists. */
function ReportAbsenceButton() {
  const navigate = useNavigate();
  return (
    <Button icon={<CalendarAddRegular />} onClick={() => navigate('/dashboard/createanalert')}>
      {fr.titles.createAlert}
    </Button>
  );
}

/** product.md §2, bailiff 'Mes constats en cours' (his default screen): tiles and his EC and TE constats. */
export function BailiffInProgressReportsPage({ queryRef }: ScreenProps<BailiffReportsPageQuery>) {
  // An archived constat changes the month's tiles: `refresh` reads them again.
  const { data, refresh } = useReportsPage<BailiffReportsPageQuery>(inProgressQuery, queryRef);
  return (
    <section>
      <PageHeader title={fr.titles.bailiffInProgress} actions={<ReportAbsenceButton />} />
      <BailiffTiles headers={data.reportHeaders} />
      <ReportsTable view="bailiffInProgress" query={data} onChanged={refresh} />
    </section>
  );
}

/** product.md §2, bailiff 'Mes constats archivés': his archive, files read-only. */
export function BailiffArchivedReportsPage({ queryRef }: ScreenProps<BailiffReportsPageArchivedQuery>) {
  const { data } = useReportsPage<BailiffReportsPageArchivedQuery>(archivedQuery, queryRef);
  return (
    <section>
      <PageHeader title={fr.titles.bailiffArchived} actions={<ReportAbsenceButton />} />
      <ReportsTable view="bailiffArchived" query={data} />
    </section>
  );
}
