import { useMemo, useState, useTransition } from 'react';
import { makeStyles } from '@fluentui/react-components';
import { graphql, readInlineData, usePaginationFragment } from 'react-relay/hooks';
import type { ReportsTableArchiveMutation } from '../../__generated__/ReportsTableArchiveMutation.graphql';
import type { ReportsTableAssignMutation } from '../../__generated__/ReportsTableAssignMutation.graphql';
import type { ReportsTableFragment$key } from '../../__generated__/ReportsTableFragment.graphql';
import type { ReportsTablePaginationQuery } from '../../__generated__/ReportsTablePaginationQuery.graphql';
import type { ReportsTableRowFragment$key } from '../../__generated__/ReportsTableRowFragment.graphql';
import type { ReportsTableUnarchiveMutation } from '../../__generated__/ReportsTableUnarchiveMutation.graphql';
import { useCommit } from '../../relay/commit';
import type { Choice } from '../../ui/ChoiceSelect';
import { useConfirm } from '../../ui/ConfirmDialog';
import { CsvExportButton } from '../../ui/CsvExportButton';
import { DESKTOP_WIDTH } from '../../ui/breakpoints';
import { DataTable } from '../../ui/DataTable';
import { useToast } from '../../ui/toasts';
import { ROWS_PER_PAGE, ROWS_PER_PAGE_BAILIFF, useConnectionPages } from '../../ui/useConnectionPages';
import { ReportDetails } from './ReportDetails';
import { ReportsAdvancedSearch } from './ReportsAdvancedSearch';
import { RetrocessionEntry } from './RetrocessionEntry';
import { columnsFor, useColumnStyles, type ReportRow, type RowActions } from './reportColumns';
import {
  belongsTo,
  defaultFilters,
  isBailiffView,
  isSecretaryView,
  keepsArchived,
  toExportFilter,
  toFilter,
  type Filters,
  type ReportsView,
} from './reportsViews';
import { removeReportFromConnection, useReportChanged } from './useReportChanged';
import { reportsText as t } from '../../i18n/reports';

const useStyles = makeStyles({
  // Every list fits a 1280 px screen beside the menu; narrower, it scrolls sideways instead of
  // squeezing the names.
  wide: { '& table': { minWidth: '930px' } },
  secretary: { '& table': { minWidth: '940px' } },
  // The bailiff's (no 'Huissier', comments beside 'Archiver') fit it too.
  bailiff: { '& table': { minWidth: '900px' } },
});

/**
 * What a row of every reports list shows: read by the table, and spread by the live updates
 * (useReportChanged) and by the table's mutations, so that each refreshes the whole row.
 */
const rowFragment = graphql`
  fragment ReportsTableRowFragment on Report @inline {
    id
    name
    createdAt
    updatedAt
    alert
    status
    awaitingSecretary
    bailiff {
      id
      fullName
      ...UserInfoLinkFragment
    }
    secretary {
      id
      fullName
    }
    deposited {
      count
      totalSize
      archiveUrl
    }
    returned {
      count
      totalSize
      archiveUrl
    }
    viewerCan {
      assignSecretary
      archive
      unarchive
    }
    ...RetrocessionEntryFragment
    ...ReturnedFilesCellFragment
    ...ReportCommentsFragment
  }
`;

const readRow = (row: ReportsTableRowFragment$key): ReportRow => readInlineData(rowFragment, row);
const choicesOf = (people: readonly { readonly id: string; readonly fullName: string }[] | null | undefined): Choice[] =>
  (people ?? []).map((person) => ({ id: person.id, label: person.fullName }));

export interface ReportsTableProps {
  view: ReportsView;
  query: ReportsTableFragment$key;
  /** Called after an action that changes the lists' figures (the page refreshes its cards). */
  onChanged?: () => void;
  /**
   * Called after the secretary's counts or return, which change the figures but not which rows
   * are listed (a returned constat stays on screen); onChanged by default.
   */
  onFiguresChanged?: () => void;
}

/**
 * The reports table of product.md §2 (admin 'Constats en cours' / 'terminés' / 'archivés', the
 * secretary's and the bailiff's lists): search, advanced search, alert bullet, secretary
 * assignment, deposited and returned items, status, comments, archive / unarchive; the columns
 * are the role's (reportColumns.tsx).
 */
export function ReportsTable({ view, query, onChanged, onFiguresChanged = onChanged }: ReportsTableProps) {
  const styles = useStyles();
  const columnStyles = useColumnStyles();
  const commit = useCommit();
  const toast = useToast();
  const { confirm, dialog } = useConfirm();
  const [searching, startSearch] = useTransition();
  const [search, setSearch] = useState('');
  const [filters, setFilters] = useState<Filters>(defaultFilters(view));
  const { data, hasNext, isLoadingNext, loadNext, refetch } = usePaginationFragment<ReportsTablePaginationQuery, ReportsTableFragment$key>(
    graphql`
      fragment ReportsTableFragment on Query
      @refetchable(queryName: "ReportsTablePaginationQuery")
      @argumentDefinitions(
        count: { type: "Int", defaultValue: 10 }
        cursor: { type: "String" }
        filter: { type: "ReportFilter" }
        withAccounts: { type: "Boolean", defaultValue: true }
        withAssignedBailiffs: { type: "Boolean", defaultValue: false }
      ) {
        # The account lists (advanced search, assignment) are the admin's only: every account,
        # never a first page (product.md §15); only active secretaries can be assigned.
        bailiffs: peopleChoices(role: BAILIFF) @include(if: $withAccounts) {
          id
          fullName
        }
        secretaries: peopleChoices(role: SECRETARY) @include(if: $withAccounts) {
          id
          fullName
        }
        assignable: peopleChoices(role: SECRETARY, activeOnly: true) @include(if: $withAccounts) {
          id
          fullName
        }
        # A secretary's advanced search offers the bailiffs of her constats.
        assignedBailiffs @include(if: $withAssignedBailiffs) {
          id
          fullName
        }
        reports(filter: $filter, first: $count, after: $cursor) @connection(key: "ReportsTable_reports", filters: ["filter"]) {
          __id
          totalCount
          edges {
            node {
              ...ReportsTableRowFragment
            }
          }
        }
      }
    `,
    query,
  );
  const { rows, loading, pagination, resetPage } = useConnectionPages(
    data.reports,
    { hasNext, isLoadingNext, loadNext },
    // product.md §9: the bailiff's lists show 10 to 50 rows.
    { rowsPerPageOptions: isBailiffView(view) ? ROWS_PER_PAGE_BAILIFF : ROWS_PER_PAGE },
  );
  const connectionId = data.reports.__id;
  const bailiffs = useMemo(() => choicesOf(data.bailiffs ?? data.assignedBailiffs), [data.bailiffs, data.assignedBailiffs]);
  const secretaries = useMemo(() => choicesOf(data.secretaries), [data.secretaries]);
  const assignable = useMemo(() => choicesOf(data.assignable), [data.assignable]);

  // Another user's change (assignment, counts, files, comments, status) shows without a reload.
  useReportChanged({ connectionIds: [connectionId], belongs: belongsTo(view), onMembershipChange: onChanged });

  const apply = (nextSearch: string, nextFilters: Filters) => {
    // The criteria change at once, outside the transition: while the previous results still show,
    // the next search (the box emptied, then « Recherche avancée » applied) starts from them, not
    // from the criteria of the results on screen.
    setSearch(nextSearch);
    setFilters(nextFilters);
    startSearch(() => {
      resetPage();
      refetch({ filter: toFilter(view, nextSearch, nextFilters), count: pagination.rowsPerPage });
    });
  };

  const assign = (row: ReportRow, secretaryId: string) =>
    commit<ReportsTableAssignMutation>({
      mutation: graphql`
        mutation ReportsTableAssignMutation($input: AssignSecretaryInput!) {
          assignSecretary(input: $input) {
            report {
              ...ReportsTableRowFragment
            }
          }
        }
      `,
      variables: { input: { reportId: row.id, secretaryId } },
    }).then(() => toast('success', t.assigned));

  const archive = async (row: ReportRow) => {
    if (!(await confirm({ message: t.archiveConfirm }))) return;
    await commit<ReportsTableArchiveMutation>({
      mutation: graphql`
        mutation ReportsTableArchiveMutation($input: ArchiveReportInput!) {
          archiveReport(input: $input) {
            report {
              ...ReportsTableRowFragment
            }
          }
        }
      `,
      variables: { input: { reportId: row.id } },
      updater: (store) => {
        if (!keepsArchived(view, filters)) removeReportFromConnection(store, connectionId, row.id);
      },
    });
    toast('success', t.archived);
    onChanged?.();
  };

  const unarchive = async (row: ReportRow) => {
    await commit<ReportsTableUnarchiveMutation>({
      mutation: graphql`
        mutation ReportsTableUnarchiveMutation($input: UnarchiveReportInput!) {
          unarchiveReport(input: $input) {
            report {
              ...ReportsTableRowFragment
            }
          }
        }
      `,
      variables: { input: { reportId: row.id } },
      updater: (store) => void removeReportFromConnection(store, connectionId, row.id),
    });
    toast('success', t.unarchived);
    onChanged?.();
  };

  const rowActions: RowActions = {
    assignable,
    assign,
    archive: (row) => void archive(row).catch(() => null),
    unarchive: (row) => void unarchive(row).catch(() => null),
    onFiguresChanged,
  };

  const expanded = (row: ReportRow) => {
    if (isBailiffView(view)) {
      return <ReportDetails reportId={row.id} readOnly={view === 'bailiffArchived'} withCounters={false} returnedOnceDone />;
    }
    if (!isSecretaryView(view)) return <ReportDetails reportId={row.id} readOnly={view !== 'inProgress'} />;
    const readOnly = view === 'secretaryAll';
    return (
      <>
        <RetrocessionEntry report={row} readOnly={readOnly} onSaved={onFiguresChanged} />
        <ReportDetails reportId={row.id} readOnly={readOnly} withCounters={false} />
      </>
    );
  };

  return (
    <div className={isSecretaryView(view) ? styles.secretary : isBailiffView(view) ? styles.bailiff : styles.wide}>
      <CsvExportButton params={{ list: 'reports', ...toExportFilter(view, search, filters) }} />
      <DataTable
        label={t.columns.name}
        columns={columnsFor(view, columnStyles, rowActions)}
        rows={rows.map(readRow)}
        getRowId={(row) => row.id}
        emptyText={t.empty}
        dense
        cardsBelow={DESKTOP_WIDTH}
        loading={loading || searching}
        pagination={pagination}
        search={{ onSearch: (value) => apply(value, filters) }}
        renderExpanded={expanded}
        advancedSearch={
          <ReportsAdvancedSearch view={view} bailiffs={bailiffs} secretaries={secretaries} onApply={(next) => apply(search, next)} />
        }
      />
      {dialog}
    </div>
  );
}
