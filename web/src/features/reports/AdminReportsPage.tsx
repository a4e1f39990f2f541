import { useCallback } from 'react';
import { Button } from '@fluentui/react-components';
import { AddRegular } from '@fluentui/react-icons/svg/add';
import { graphql, useLazyLoadQuery, useRelayEnvironment } from 'react-relay/hooks';
import { useNavigate } from 'react-router';
import { fetchQuery } from 'relay-runtime';
import type { AdminReportsPageQuery } from '../../__generated__/AdminReportsPageQuery.graphql';
import { fr } from '../../i18n/fr';
import { PageHeader } from '../../ui/PageHeader';
import { ReportCards } from './ReportCards';
import { ReportsTable, baseFilter, type AdminReportsView } from './ReportsTable';

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

/** Spec §2, admin 'Constats en cours' / 'Constats terminés' / 'Constats archivés'. */
function AdminReportsPage({ view }: { view: AdminReportsView }) {
  const navigate = useNavigate();
  const environment = useRelayEnvironment();
  const variables = { filter: baseFilter[view], count: 10 };
  const data = useLazyLoadQuery<AdminReportsPageQuery>(pageQuery, variables, { fetchPolicy: 'store-and-network' });
  // After an archive or unarchive the cards' figures change: read them again into the store.
  const refresh = useCallback(() => {
    fetchQuery<AdminReportsPageQuery>(environment, pageQuery, variables).subscribe({ error: () => {} });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [environment, view]);
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

export function AdminInProgressReportsPage() {
  return <AdminReportsPage view="inProgress" />;
}

export function AdminDoneReportsPage() {
  return <AdminReportsPage view="done" />;
}

export function AdminArchivedReportsPage() {
  return <AdminReportsPage view="archived" />;
}

export default AdminInProgressReportsPage;
