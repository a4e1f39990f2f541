// The reports table's columns, one set per role (product.md §2). Each list must fit a 1280 px screen:
// narrow columns (the date wraps before its time; each cell adds 8 px of padding to its width, the
// table being dense). The admin's and the bailiff's comments sit beside 'Archiver' instead of in a
// column of their own.
import { Button, Text, makeStyles, tokens } from '@fluentui/react-components';
import { ArchiveRegular } from '@fluentui/react-icons/svg/archive';
import { ArrowUndoRegular } from '@fluentui/react-icons/svg/arrow-undo';
import { listedStatus } from '@constats/domain/report-statuses';
import type { ReportsTableRowFragment$data } from '../../__generated__/ReportsTableRowFragment.graphql';
import type { Choice } from '../../ui/ChoiceSelect';
import type { DataTableColumn } from '../../ui/DataTable';
import { formatDateTime } from '../../ui/format';
import { VisuallyHidden } from '../../ui/VisuallyHidden';
import { AlertDot, FileGroupCell, SecretaryAssign, StatusBadge, isDone } from './ReportCells';
import { ReportComments } from './ReportComments';
import { ReturnedFilesCell } from './ReturnedFilesCell';
import { UserInfoLink } from './UserInfoDialog';
import { isBailiffView, isSecretaryView, type AdminReportsView, type ReportsView, type SecretaryReportsView } from './reportsViews';
import { reportsText as t } from '../../i18n/reports';

export type ReportRow = ReportsTableRowFragment$data;
type Column = DataTableColumn<ReportRow>;

export const useColumnStyles = makeStyles({
  name: { fontWeight: tokens.fontWeightSemibold },
  muted: { color: tokens.colorNeutralForeground3 },
});
type Styles = ReturnType<typeof useColumnStyles>;

/** What the rows' buttons do (ReportsTable's mutations). */
export interface RowActions {
  /** The secretaries an admin may assign. */
  assignable: readonly Choice[];
  assign: (row: ReportRow, secretaryId: string) => Promise<unknown>;
  archive: (row: ReportRow) => void;
  unarchive: (row: ReportRow) => void;
  /** The secretary's counts or return changed the figures. */
  onFiguresChanged?: () => void;
}

const alert = (width: string): Column => ({
  id: 'alert',
  card: 'status',
  header: <VisuallyHidden>{t.columns.alert}</VisuallyHidden>,
  width,
  cell: (row) => <AlertDot level={row.alert} />,
});
/**
 * product.md §2: the secretary's in-progress list dates a constat by its last update, every other list by its deposit; the
 * header says which.
 */
const date = (width: string, byUpdate = false): Column => ({
  id: 'date',
  header: byUpdate ? t.columns.updated : t.columns.created,
  width,
  cell: (row) => formatDateTime(byUpdate ? row.updatedAt : row.createdAt),
});
const bailiff = (width: string): Column => ({
  id: 'bailiff',
  header: t.columns.bailiff,
  width,
  cell: (row) => <UserInfoLink user={row.bailiff} />,
});
const secretaryName = (styles: Styles) => (row: ReportRow) => row.secretary?.fullName ?? <Text className={styles.muted}>-</Text>;
const name = (width: string, styles: Styles): Column => ({
  id: 'name',
  header: t.columns.name,
  card: 'title',
  width,
  cell: (row) => <span className={styles.name}>{row.name}</span>,
});
const deposited = (width: string): Column => ({
  id: 'deposited',
  header: t.columns.deposited,
  width,
  cell: (row) => <FileGroupCell group={row.deposited} label={`${t.columns.deposited} ${row.name}`} />,
});
const returned = (width: string, cell?: Column['cell']): Column => ({
  id: 'returned',
  header: t.columns.returned,
  width,
  cell: cell ?? ((row) => <FileGroupCell group={row.returned} label={`${t.columns.returned} ${row.name}`} />),
});
const status: Column = {
  id: 'status',
  header: t.columns.status,
  card: 'status',
  width: '95px',
  cell: (row) => <StatusBadge status={listedStatus(row)} />,
};
/** Comments beside 'Archiver' (or 'Désarchiver' on the archived list). */
const actions = (actions: RowActions, archived: boolean): Column => ({
  id: 'actions',
  header: t.columns.actions,
  card: 'actions',
  width: '64px',
  align: 'end',
  cell: (row) => (
    <>
      <ReportComments report={row} />
      {archived ? (
        <Button
          appearance="subtle"
          title={t.unarchive}
          icon={<ArrowUndoRegular />}
          disabled={!row.viewerCan.unarchive}
          aria-label={`${t.unarchive} ${row.name}`}
          onClick={() => actions.unarchive(row)}
        />
      ) : (
        <Button
          appearance="subtle"
          title={t.archive}
          icon={<ArchiveRegular />}
          disabled={!row.viewerCan.archive}
          aria-label={`${t.archive} ${row.name}`}
          onClick={() => actions.archive(row)}
        />
      )}
    </>
  ),
});

/** The admin's lists: assignment on 'Constats en cours' (its cell gives 15 px back to the names: full secretary names wrap under 115 px). */
export function adminColumns(view: AdminReportsView, styles: Styles, rowActions: RowActions): Column[] {
  const assigning = view === 'inProgress';
  return [
    alert('20px'),
    date('77px'),
    bailiff('85px'),
    {
      id: 'secretary',
      header: t.columns.secretary,
      width: assigning ? '130px' : '120px',
      cell: (row) =>
        assigning && row.viewerCan.assignSecretary ? (
          <SecretaryAssign
            reportName={row.name}
            current={row.secretary ? { id: row.secretary.id, label: row.secretary.fullName } : null}
            options={rowActions.assignable}
            onAssign={(secretaryId) => rowActions.assign(row, secretaryId)}
          />
        ) : (
          secretaryName(styles)(row)
        ),
    },
    name(assigning ? '156px' : '141px', styles),
    deposited('84px'),
    returned('84px'),
    status,
    actions(rowActions, view === 'archived'),
  ];
}

/** The secretary's lists: no assignment and no archiving (product.md §2 'Secretary screens'); she returns files on 'Constats en cours'. */
export function secretaryColumns(view: SecretaryReportsView, styles: Styles, rowActions: RowActions): Column[] {
  const inProgress = view === 'secretaryInProgress';
  return [
    alert('36px'),
    date('85px', inProgress),
    bailiff('95px'),
    name('150px', styles),
    deposited('90px'),
    returned('110px', inProgress ? (row) => <ReturnedFilesCell report={row} onReturned={rowActions.onFiguresChanged} /> : undefined),
    status,
    {
      id: 'comments',
      header: t.columns.comments,
      width: '100px',
      align: 'center',
      card: 'actions',
      cell: (row) => <ReportComments report={row} />,
    },
  ];
}

/** The bailiff's lists are his own (no 'Huissier'); product.md §6: returned items reach him only once the constat is terminated. */
export function bailiffColumns(styles: Styles, rowActions: RowActions): Column[] {
  return [
    alert('24px'),
    date('120px'),
    { id: 'secretary', header: t.columns.secretary, width: '100px', cell: secretaryName(styles) },
    name('184px', styles),
    deposited('90px'),
    returned('90px', (row) =>
      isDone(row.status) ? (
        <FileGroupCell group={row.returned} label={`${t.columns.returned} ${row.name}`} />
      ) : (
        <Text className={styles.muted}>{t.returnedPending}</Text>
      ),
    ),
    status,
    actions(rowActions, false),
  ];
}

export function columnsFor(view: ReportsView, styles: Styles, rowActions: RowActions): Column[] {
  if (isSecretaryView(view)) return secretaryColumns(view, styles, rowActions);
  if (isBailiffView(view)) return bailiffColumns(styles, rowActions);
  return adminColumns(view, styles, rowActions);
}
