import { Button } from '@fluentui/react-components';
import { AddRegular } from '@fluentui/react-icons/svg/add';
import { graphql } from 'react-relay/hooks';
import { useNavigate } from 'react-router';
import type { AdminReportsPageQuery } from '../../__generated__/AdminReportsPageQuery.graphql';
import type { ScreenProps } from '../../app/routing/screen';
import { fr } from '../../i18n/fr';
import { PageHeader } from '../../ui/PageHeader';
import { ReportCards } from './ReportCards';
import { ReportsTable } from './ReportsTable';
import type { AdminReportsView } from './reportsViews';
import { useReportsPage } from './useReportsPage';

const pageQuery = graphql`
  query AdminReportsPageQuery($filter: ReportFilter!, $count: Int!) {
    reportHeaders(filter: $filter) {
      ...ReportCardsFragment
    }
    ...ReportsTableFragment @arguments(filter: $filter, count: $count)
  }
`;

const titles: Record<AdminReportsView, string> = {
  inProgress: fr.titles.reportsInProgress,
  done: fr.titles.reportsDone,
  archived: fr.titles.reportsArchived,
};

/** product.md §2, admin 'Constats en cours' / 'Constats terminés' / 'Constats archivés'. */
function AdminReportsPage({ view, queryRef }: ScreenProps<AdminReportsPageQuery> & { view: AdminReportsView }) {
  const navigate = useNavigate();
  // After an archive or unarchive the cards' figures change: `refresh` reads them again.
  const { data, refresh } = useReportsPage<AdminReportsPageQuery>(pageQuery, queryRef);
  return (
    <section>
      <PageHeader
        title={titles[view]}
        actions={
          <Button appearance="primary" icon={<AddRegular />} onClick={() => navigate('/dashboard/creer-un-constat-admin')}>
            {fr.titles.createReport}
          </Button>
        }
      />
      <ReportCards headers={data.reportHeaders} />
      <ReportsTable key={view} view={view} query={data} onChanged={refresh} />
    </section>
  );
}

export function AdminInProgressReportsPage({ queryRef }: ScreenProps<AdminReportsPageQuery>) {
  return <AdminReportsPage view="inProgress" queryRef={queryRef} />;
}

export function AdminDoneReportsPage({ queryRef }: ScreenProps<AdminReportsPageQuery>) {
  return <AdminReportsPage view="done" queryRef={queryRef} />;
}

export function AdminArchivedReportsPage({ queryRef }: ScreenProps<AdminReportsPageQuery>) {
  return <AdminReportsPage view="archived" queryRef={queryRef} />;
}

export default AdminInProgressReportsPage;
