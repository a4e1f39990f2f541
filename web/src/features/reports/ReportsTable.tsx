import { useMemo, useState, useTransition, type ReactNode } from 'react';
import { Button, Field, Select, Text, makeStyles, tokens } from '@fluentui/react-components';
import { ArchiveRegular } from '@fluentui/react-icons/svg/archive';
import { ArrowUndoRegular } from '@fluentui/react-icons/svg/arrow-undo';
import { graphql, usePaginationFragment } from 'react-relay/hooks';
import type { ReportsTableArchiveMutation } from '../../__generated__/ReportsTableArchiveMutation.graphql';
import type { ReportsTableAssignMutation } from '../../__generated__/ReportsTableAssignMutation.graphql';
import type { ReportsTableFragment$key } from '../../__generated__/ReportsTableFragment.graphql';
import type { ReportFilter, ReportsTablePaginationQuery } from '../../__generated__/ReportsTablePaginationQuery.graphql';
import type { ReportsTableUnarchiveMutation } from '../../__generated__/ReportsTableUnarchiveMutation.graphql';
import { useCommit } from '../../relay/commit';
import { useConfirm } from '../../ui/ConfirmDialog';
import { CsvExportButton } from '../../ui/CsvExportButton';
import { DataTable, type DataTableColumn } from '../../ui/DataTable';
import { formatDateTime } from '../../ui/format';
import { useToast } from '../../ui/toasts';
import { ROWS_PER_PAGE, ROWS_PER_PAGE_BAILIFF, useConnectionPages } from '../../ui/useConnectionPages';
import { yearsSince } from '../../ui/periods';
import { VisuallyHidden } from '../../ui/VisuallyHidden';
import { fr } from '../../i18n/fr';
import {
  AlertDot,
  FileGroupCell,
  SecretaryAssign,
  isDone,
  StatusBadge,
  type ReportStatus,
  type SecretaryOption,
} from './ReportCells';
import { RetrocessionEntry } from './RetrocessionEntry';
import { ReturnedFilesCell } from './ReturnedFilesCell';
import { ReportComments } from './ReportComments';
import { ReportDetails } from './ReportDetails';
import { removeReportFromConnection, useReportChanged } from './useReportChanged';
import { UserInfoLink } from './UserInfoDialog';
import { reportsText as t } from './text';

const useStyles = makeStyles({
  filters: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'flex-end',
    columnGap: tokens.spacingHorizontalM,
    rowGap: tokens.spacingVerticalS,
  },
  filter: { minWidth: '160px' },
  buttons: { display: 'flex', columnGap: tokens.spacingHorizontalM },
  // Every list fits a 1280 px screen beside the menu; narrower, it scrolls sideways instead of
  // squeezing the names.
  wide: { '& table': { minWidth: '930px' } },
  secretary: { '& table': { minWidth: '940px' } },
  // The bailiff's (no 'Huissier', comments beside 'Archiver') fit it too.
  bailiff: { '& table': { minWidth: '900px' } },
  name: { fontWeight: tokens.fontWeightSemibold },
  muted: { color: tokens.colorNeutralForeground3 },
});

/** The three admin lists of spec §2 (and §4: which statuses each one loads). */
export type AdminReportsView = 'inProgress' | 'done' | 'archived';
/** The secretary's 'Constats en cours' (EC, RS) and 'Tous mes constats' (EC, RS, TE, AR). */
export type SecretaryReportsView = 'secretaryInProgress' | 'secretaryAll';
/** The bailiff's 'Mes constats en cours' (EC, TE) and 'Mes constats archivés'. */
export type BailiffReportsView = 'bailiffInProgress' | 'bailiffArchived';
export type ReportsView = AdminReportsView | SecretaryReportsView | BailiffReportsView;

const isSecretaryView = (view: ReportsView): view is SecretaryReportsView =>
  view === 'secretaryInProgress' || view === 'secretaryAll';
const isBailiffView = (view: ReportsView): view is BailiffReportsView =>
  view === 'bailiffInProgress' || view === 'bailiffArchived';

export const baseFilter: Record<ReportsView, ReportFilter> = {
  // NA only exists in older data and becomes EC once a secretary is assigned (decisions.md):
  // it is listed with the in-progress reports so that it can be assigned.
  inProgress: { statuses: ['NA', 'EC', 'RS'], archived: false },
  done: { statuses: ['TE'], archived: false },
  archived: { archived: true },
  secretaryInProgress: { statuses: ['EC', 'RS'], archived: false },
  secretaryAll: { statuses: ['EC', 'RS', 'TE', 'AR'] },
  // Spec §4: the bailiff loads his EC, RS and TE constats; for him EC stands for NA and RS too.
  bailiffInProgress: { statuses: ['EC', 'TE'], archived: false },
  // His archive opens on the archived constats (defaultStatus); its status filter (EC, TE, AR,
  // spec §6) searches his whole history, 'Tous' every status (docs/decisions.md).
  bailiffArchived: {},
};

/** The status selected when a list opens ('' is every status of its base filter). */
const defaultStatus: Partial<Record<ReportsView, ReportStatus>> = { bailiffArchived: 'AR' };

const viewStatuses: Record<ReportsView, readonly ReportStatus[]> = {
  inProgress: ['NA', 'EC', 'RS'],
  done: ['TE'],
  archived: ['AR'],
  secretaryInProgress: ['EC', 'RS'],
  secretaryAll: ['EC', 'RS', 'TE', 'AR'],
  bailiffInProgress: ['EC', 'TE'],
  bailiffArchived: ['EC', 'TE', 'AR'],
};

const FIRST_YEAR = 2020;

interface Filters {
  bailiffId: string;
  secretaryId: string;
  year: string;
  month: string;
  status: string;
}

const defaultFilters = (view: ReportsView): Filters => ({
  bailiffId: '',
  secretaryId: '',
  year: '',
  month: '',
  status: defaultStatus[view] ?? '',
});

/** The status select's extra choice (admin, in progress): every constat waiting for a secretary. */
const AWAITING = 'AWAITING';

function toFilter(view: ReportsView, search: string, filters: Filters): ReportFilter {
  const base = baseFilter[view];
  const awaiting = filters.status === AWAITING;
  return {
    ...base,
    awaitingSecretary: awaiting || null,
    search: search || null,
    bailiffId: filters.bailiffId || null,
    secretaryId: filters.secretaryId || null,
    year: filters.year ? Number(filters.year) : null,
    month: filters.year && filters.month ? Number(filters.month) : null,
    statuses: filters.status && !awaiting ? [filters.status as ReportStatus] : (base.statuses ?? null),
  };
}

/** The filter a list opens with: the page query must load the connection the table shows. */
export const initialFilter = (view: ReportsView): ReportFilter => toFilter(view, '', defaultFilters(view));

/** Whether an archived constat still belongs to a list filtered so. */
const keepsArchived = (filter: ReportFilter) => filter.archived !== false && (!filter.statuses || filter.statuses.includes('AR'));

function AdvancedSearch({
  view,
  bailiffs,
  secretaries,
  onApply,
}: {
  view: ReportsView;
  bailiffs: readonly SecretaryOption[];
  secretaries: readonly SecretaryOption[];
  onApply(filters: Filters): void;
}) {
  const styles = useStyles();
  const [filters, setFilters] = useState<Filters>(defaultFilters(view));
  const years = yearsSince(FIRST_YEAR);
  const set = (key: keyof Filters) => (_: unknown, data: { value: string }) =>
    setFilters((current) => ({ ...current, [key]: data.value }));
  const select = (key: keyof Filters, label: string, options: ReactNode) => (
    <Field label={label} className={styles.filter}>
      <Select value={filters[key]} onChange={set(key)}>
        <option value="">{t.filters.all}</option>
        {options}
      </Select>
    </Field>
  );
  const people = (users: readonly SecretaryOption[]) =>
    users.map((user) => (
      <option key={user.id} value={user.id}>
        {user.fullName}
      </option>
    ));
  // The admin filters by any bailiff and secretary; a secretary by the bailiffs of her constats
  // (a secretary filter could only name herself); a bailiff's lists are his own.
  return (
    <div className={styles.filters}>
      {isBailiffView(view) ? null : select('bailiffId', t.filters.bailiff, people(bailiffs))}
      {isSecretaryView(view) || isBailiffView(view) ? null : select('secretaryId', t.filters.secretary, people(secretaries))}
      {select(
        'year',
        t.filters.year,
        years.map((year) => (
          <option key={year} value={year}>
            {year}
          </option>
        )),
      )}
      {select(
        'month',
        t.filters.month,
        fr.periods.months.map((month, index) => (
          <option key={month} value={index + 1}>
            {month}
          </option>
        )),
      )}
      {viewStatuses[view].length > 1
        ? select(
            'status',
            t.filters.status,
            <>
              {viewStatuses[view].map((status) => (
                <option key={status} value={status}>
                  {t.status[status]}
                </option>
              ))}
              {view === 'inProgress' ? <option value={AWAITING}>{t.filters.awaitingSecretary}</option> : null}
            </>,
          )
        : null}
      {/* The two buttons wrap together, never one on each line. */}
      <div className={styles.buttons}>
        <Button appearance="primary" onClick={() => onApply(filters)}>
          {t.filters.apply}
        </Button>
        <Button
          onClick={() => {
            setFilters(defaultFilters(view));
            onApply(defaultFilters(view));
          }}
        >
          {t.filters.reset}
        </Button>
      </div>
    </div>
  );
}

export interface ReportsTableProps {
  view: ReportsView;
  query: ReportsTableFragment$key;
  /** Called after an action that changes the lists' figures (the page refreshes its cards). */
  onChanged?(): void;
  /**
   * Called after the secretary's counts or return, which change the figures but not which rows
   * are listed (a returned constat stays on screen); onChanged by default.
   */
  onFiguresChanged?(): void;
}

/**
 * The reports table of spec §2 (admin 'Constats en cours' / 'terminés' / 'archivés'): search,
 * advanced search, alert bullet, secretary assignment, deposited and returned items, status,
 * comments, archive / unarchive.
 */
export function ReportsTable({ view, query, onChanged, onFiguresChanged = onChanged }: ReportsTableProps) {
  const styles = useStyles();
  const commit = useCommit();
  const toast = useToast();
  const { confirm, dialog } = useConfirm();
  const [searching, startSearch] = useTransition();
  const [search, setSearch] = useState('');
  const [filters, setFilters] = useState<Filters>(defaultFilters(view));
  const { data, hasNext, isLoadingNext, loadNext, refetch } = usePaginationFragment<
    ReportsTablePaginationQuery,
    ReportsTableFragment$key
  >(
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
        # The account lists (advanced search, assignment) are the admin's only.
        bailiffs: users(role: BAILIFF, selectable: true, first: 40) @include(if: $withAccounts) {
          edges {
            node {
              id
              fullName
            }
          }
        }
        secretaries: users(role: SECRETARY, selectable: true, first: 40) @include(if: $withAccounts) {
          edges {
            node {
              id
              fullName
            }
          }
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
          }
        }
      }
    `,
    query,
  );
  const { rows, loading, pagination, resetPage } = useConnectionPages(
    data.reports,
    { hasNext, isLoadingNext, loadNext },
    // Spec §9: the bailiff's lists show 10 to 50 rows.
    { rowsPerPageOptions: isBailiffView(view) ? ROWS_PER_PAGE_BAILIFF : ROWS_PER_PAGE },
  );
  const connectionId = data.reports.__id;
  const bailiffs = useMemo(
    () => data.bailiffs?.edges.map((edge) => edge.node) ?? data.assignedBailiffs ?? [],
    [data.bailiffs, data.assignedBailiffs],
  );
  const secretaries = useMemo(() => data.secretaries?.edges.map((edge) => edge.node) ?? [], [data.secretaries]);
  type Row = (typeof rows)[number];

  // Another user's change (assignment, counts, files, comments, status) shows without a reload.
  useReportChanged({
    connectionIds: [connectionId],
    // The secretary's and the bailiff's lists keep a row that changed status, to show it.
    belongs: isSecretaryView(view) || isBailiffView(view)
      ? undefined
      : (report) =>
          viewStatuses[view].includes(report.status as ReportStatus) &&
          (baseFilter[view].archived == null || report.isArchived === baseFilter[view].archived),
    onMembershipChange: onChanged,
  });

  const apply = (nextSearch: string, nextFilters: Filters) =>
    startSearch(() => {
      resetPage();
      setSearch(nextSearch);
      setFilters(nextFilters);
      refetch({ filter: toFilter(view, nextSearch, nextFilters), count: pagination.rowsPerPage });
    });

  const assign = (row: Row, secretaryId: string) =>
    commit<ReportsTableAssignMutation>({
      mutation: graphql`
        mutation ReportsTableAssignMutation($input: AssignSecretaryInput!) {
          assignSecretary(input: $input) {
            report {
              id
              status
              awaitingSecretary
              alert
              updatedAt
              secretary {
                id
                fullName
              }
              viewerCan {
                assignSecretary
                archive
                unarchive
              }
            }
          }
        }
      `,
      variables: { input: { reportId: row.id, secretaryId } },
    }).then(() => toast('success', t.assigned));

  const archive = async (row: Row) => {
    if (!(await confirm({ message: t.archiveConfirm }))) return;
    await commit<ReportsTableArchiveMutation>({
      mutation: graphql`
        mutation ReportsTableArchiveMutation($input: ArchiveReportInput!) {
          archiveReport(input: $input) {
            report {
              id
              status
              alert
              viewerCan {
                archive
                unarchive
              }
            }
          }
        }
      `,
      variables: { input: { reportId: row.id } },
      updater: (store) => {
        if (!keepsArchived(toFilter(view, search, filters))) removeReportFromConnection(store, connectionId, row.id);
      },
    });
    toast('success', t.archived);
    onChanged?.();
  };

  const unarchive = async (row: Row) => {
    await commit<ReportsTableUnarchiveMutation>({
      mutation: graphql`
        mutation ReportsTableUnarchiveMutation($input: UnarchiveReportInput!) {
          unarchiveReport(input: $input) {
            report {
              id
              status
              alert
              viewerCan {
                archive
                unarchive
              }
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

  // Each list must fit a 1280 px screen: narrow columns (the date wraps before its time; each cell
  // adds 8 px of padding to its width, the table being dense). Widths are given as admin,
  // secretary, bailiff.
  // The admin's and bailiff's comments sit beside 'Archiver' instead of in a column of their own.
  const width = (admin: string, secretary: string, bailiff = admin) =>
    isSecretaryView(view) ? secretary : isBailiffView(view) ? bailiff : admin;
  const commentsButton = (row: Row) => <ReportComments report={row} />;
  const columns: DataTableColumn<Row>[] = [
    { id: 'alert', header: <VisuallyHidden>{t.columns.alert}</VisuallyHidden>, width: width('20px', '36px', '24px'), cell: (row) => <AlertDot level={row.alert} /> },
    // Spec §2: the secretary's in-progress list dates a constat by its last update, every other
    // list by its deposit; the header says which (issue 18).
    {
      id: 'date',
      header: view === 'secretaryInProgress' ? t.columns.updated : t.columns.created,
      width: width('77px', '85px', '120px'),
      cell: (row) => formatDateTime(view === 'secretaryInProgress' ? row.updatedAt : row.createdAt),
    },
    { id: 'bailiff', header: t.columns.bailiff, width: width('85px', '95px'), cell: (row) => <UserInfoLink user={row.bailiff} /> },
    {
      id: 'secretary',
      header: t.columns.secretary,
      width: view === 'inProgress' ? '130px' : width('120px', '140px', '100px'),
      cell: (row) =>
        view === 'inProgress' && row.viewerCan.assignSecretary ? (
          <SecretaryAssign
            reportName={row.name}
            current={row.secretary ?? null}
            options={secretaries}
            onAssign={(secretaryId) => assign(row, secretaryId)}
          />
        ) : (
          (row.secretary?.fullName ?? <Text className={styles.muted}>-</Text>)
        ),
    },
    // The assignment cell gives 15 px back to the names (full secretary names wrap under 115 px).
    {
      id: 'name',
      header: t.columns.name,
      width: view === 'inProgress' ? '156px' : width('141px', '150px', '184px'),
      cell: (row) => <span className={styles.name}>{row.name}</span>,
    },
    {
      id: 'deposited',
      header: t.columns.deposited,
      width: width('84px', '90px', '90px'),
      cell: (row) => <FileGroupCell group={row.deposited} label={`${t.columns.deposited} ${row.name}`} />,
    },
    {
      id: 'returned',
      header: t.columns.returned,
      width: width('84px', '110px', '90px'),
      cell: (row) =>
        view === 'secretaryInProgress' ? (
          <ReturnedFilesCell report={row} onReturned={onFiguresChanged} />
        ) : isBailiffView(view) && !isDone(row.status) ? (
          // Spec §6: returned items reach the bailiff only once the constat is terminated.
          <Text className={styles.muted}>{t.returnedPending}</Text>
        ) : (
          <FileGroupCell group={row.returned} label={`${t.columns.returned} ${row.name}`} />
        ),
    },
    { id: 'status', header: t.columns.status, width: width('95px', '95px', '95px'), cell: (row) => <StatusBadge status={row.awaitingSecretary ? 'NA' : row.status} /> },
    {
      id: 'comments',
      header: t.columns.comments,
      width: width('110px', '100px'),
      align: 'center',
      cell: commentsButton,
    },
    {
      id: 'actions',
      header: t.columns.actions,
      width: '64px',
      align: 'end',
      cell: (row) => (
        <>
          {commentsButton(row)}
          {view === 'archived' ? (
          <Button
            appearance="subtle"
            title={t.unarchive}
            icon={<ArrowUndoRegular />}
            disabled={!row.viewerCan.unarchive}
            aria-label={`${t.unarchive} ${row.name}`}
            onClick={() => void unarchive(row).catch(() => null)}
          />
        ) : (
          <Button
            appearance="subtle"
            title={t.archive}
            icon={<ArchiveRegular />}
            disabled={!row.viewerCan.archive}
            aria-label={`${t.archive} ${row.name}`}
            onClick={() => void archive(row).catch(() => null)}
          />
          )}
        </>
      ),
    },
  ];
  // The secretary's lists have no assignment and no archiving (spec §2 'Secretary screens'); the
  // bailiff's lists are his own ('Huissier') and fit at 1280 px with the comments in 'Actions'.
  const hidden: readonly string[] = isSecretaryView(view) ? ['secretary', 'actions'] : isBailiffView(view) ? ['bailiff', 'comments'] : ['comments'];
  const shown = columns.filter((column) => !hidden.includes(column.id));

  const expanded = (row: Row) => {
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
      <CsvExportButton params={{ list: 'reports', ...toFilter(view, search, filters) }} />
      <DataTable
        label={t.columns.name}
        columns={shown}
        rows={rows}
        getRowId={(row) => row.id}
        emptyText={t.empty}
        dense
        loading={loading || searching}
        pagination={pagination}
        search={{ onSearch: (value) => apply(value, filters) }}
        renderExpanded={expanded}
        advancedSearch={
          <AdvancedSearch
            view={view}
            bailiffs={bailiffs}
            secretaries={secretaries}
            onApply={(next) => apply(search, next)}
          />
        }
      />
      {dialog}
    </div>
  );
}
