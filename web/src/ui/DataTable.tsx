import { Fragment, useState, type ReactNode } from 'react';
import {
  Button,
  Spinner,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  ToggleButton,
  makeStyles,
  mergeClasses,
  tokens,
} from '@fluentui/react-components';
import { ChevronDownRegular } from '@fluentui/react-icons/svg/chevron-down';
import { ChevronRightRegular } from '@fluentui/react-icons/svg/chevron-right';
import { FilterRegular } from '@fluentui/react-icons/svg/filter';
import { fr } from '../i18n/fr';
import { DESKTOP_WIDTH, PHONE_WIDTH } from './breakpoints';
import { tableMinWidth, type CardPart } from './dataTableLayout';
import { DataTableCards } from './DataTableCards';
import { Pager, SearchField } from './DataTableControls';
import { useKeptDetails } from './useKeptDetails';
import { useMediaQuery } from './useMediaQuery';

const useStyles = makeStyles({
  stale: { opacity: 0.6 },
  root: {
    display: 'flex',
    flexDirection: 'column',
    backgroundColor: tokens.colorNeutralBackground1,
    borderRadius: tokens.borderRadiusXLarge,
    boxShadow: tokens.shadow4,
    overflow: 'hidden',
  },
  toolbar: {
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'space-between',
    flexWrap: 'wrap',
    columnGap: tokens.spacingHorizontalM,
    rowGap: tokens.spacingVerticalS,
    padding: `${tokens.spacingVerticalM} ${tokens.spacingHorizontalL}`,
    borderBottom: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
  },
  toolbarStart: {
    display: 'flex',
    alignItems: 'center',
    flexWrap: 'wrap',
    columnGap: tokens.spacingHorizontalS,
    rowGap: tokens.spacingVerticalS,
  },
  toolbarEnd: {
    display: 'flex',
    alignItems: 'center',
    flexWrap: 'wrap',
    columnGap: tokens.spacingHorizontalS,
  },
  advanced: {
    padding: `${tokens.spacingVerticalM} ${tokens.spacingHorizontalL}`,
    backgroundColor: tokens.colorNeutralBackground2,
    borderBottom: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
  },
  scroll: {
    overflowX: 'auto',
  },
  table: {
    minWidth: '640px',
  },
  fitContent: { tableLayout: 'auto' },
  // Lists with many columns (the reports tables) keep 4 px a side instead of Fluent's 8, so that
  // every column fits a 1280 px screen without wrapping badges or hiding the actions.
  dense: {
    paddingLeft: tokens.spacingHorizontalXS,
    paddingRight: tokens.spacingHorizontalXS,
  },
  headerCell: {
    fontWeight: tokens.fontWeightSemibold,
    color: tokens.colorNeutralForeground2,
    backgroundColor: tokens.colorNeutralBackground2,
  },
  expandCell: {
    width: '44px',
  },
  alignEnd: {
    textAlign: 'end',
    '& > *': { justifyContent: 'flex-end' },
  },
  alignCenter: {
    textAlign: 'center',
    '& > *': { justifyContent: 'center' },
  },
  expandedRow: {
    backgroundColor: tokens.colorNeutralBackground2,
    ':hover': { backgroundColor: tokens.colorNeutralBackground2 },
  },
  expandedCell: {
    padding: `${tokens.spacingVerticalM} ${tokens.spacingHorizontalL} ${tokens.spacingVerticalL} 56px`,
  },
  message: {
    padding: `${tokens.spacingVerticalXXL} ${tokens.spacingHorizontalL}`,
    textAlign: 'center',
    color: tokens.colorNeutralForeground3,
  },
});

export interface DataTableColumn<Row> {
  id: string;
  header: ReactNode;
  cell: (row: Row) => ReactNode;
  /** A CSS width ('160px', '20%'); the rest share what is left. */
  width?: string;
  align?: 'start' | 'center' | 'end';
  /**
   * Its place on a narrow screen's card (DataTableCards): `title` heads it (the first column when no
   * column is a title or a body), `status` sits beside the title, `body` is unlabelled text at full
   * width (a message), `actions` close it; `meta` (the default) is a labelled fact; `hidden` is left
   * out (what the rest of the card says already).
   */
  card?: CardPart;
}

export interface DataTablePagination {
  /** Zero-based. */
  page: number;
  rowsPerPage: number;
  /** product.md §9: 10 to 60 (bailiff lists 10 to 50), 10 by default. */
  rowsPerPageOptions: readonly number[];
  total: number;
  onPageChange: (page: number) => void;
  onRowsPerPageChange: (rowsPerPage: number) => void;
}

export interface DataTableSearch {
  /** 'Rechercher...' by default. */
  placeholder?: string;
  defaultValue?: string;
  /** product.md §2: the search runs on blur or Enter; an empty search reloads everything. */
  onSearch: (value: string) => void;
}

export interface DataTableProps<Row> {
  /** Names the table for screen readers. */
  label: string;
  columns: readonly DataTableColumn<Row>[];
  rows: readonly Row[];
  getRowId: (row: Row) => string;
  /** product.md §8's empty texts ('Aucun constat.', 'Aucune notification associée'…). */
  emptyText: string;
  /** Rows are being fetched: a spinner instead of the empty text, the pager disabled. */
  loading?: boolean;
  search?: DataTableSearch;
  /** The filters behind the 'Recherche avancée' toggle. */
  advancedSearch?: ReactNode;
  /** Buttons on the right of the toolbar. */
  actions?: ReactNode;
  pagination?: DataTablePagination;
  /** The detail shown under a row when it is expanded. */
  renderExpanded?: (row: Row) => ReactNode;
  /** Rows without detail get no expand button (spec: hidden when there is nothing to show). */
  isExpandable?: (row: Row) => boolean;
  /** Narrower cell padding, for lists with many columns. */
  dense?: boolean;
  /**
   * Under this window width (px) the rows are cards (DataTableCards): 700 by default, where a
   * table no longer fits a phone (PHONE_WIDTH); a list needing a desktop's width for its columns asks for more.
   */
  cardsBelow?: number;
  /** Columns sized by their content (the rest by the widths given), not by the widths alone. */
  fitContent?: boolean;
}

/**
 * The app's table (product.md §2): optional search box, 'Recherche avancée' filters, expandable rows,
 * empty text, rows-per-page select and pager. Presentational: the screen owns the data (see
 * `useConnectionPages` for a Relay connection).
 */
export function DataTable<Row>(props: DataTableProps<Row>) {
  const styles = useStyles();
  const { columns, rows, getRowId, renderExpanded, isExpandable, pagination, search, advancedSearch, actions } = props;
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(new Set());
  const [advancedOpen, setAdvancedOpen] = useState(false);
  const loading = props.loading ?? false;
  const columnCount = columns.length + (renderExpanded ? 1 : 0);
  const cards = useMediaQuery(`(max-width: ${(props.cardsBelow ?? PHONE_WIDTH) - 1}px)`);
  // Under a desktop's width (a tablet) a table of fixed widths keeps room for every column and
  // scrolls in its box; a desktop's tables are sized for it and keep their layout.
  const tablet = useMediaQuery(`(max-width: ${DESKTOP_WIDTH - 1}px)`);
  const details = useKeptDetails(rows, getRowId, (row) => (isExpandable?.(row) ?? true) && expanded.has(getRowId(row)), renderExpanded);

  const toggle = (id: string) =>
    setExpanded((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  const alignClass = (align: DataTableColumn<Row>['align']) =>
    align === 'end' ? styles.alignEnd : align === 'center' ? styles.alignCenter : undefined;

  const hasToolbar = Boolean(search || advancedSearch || actions);

  return (
    <section className={styles.root} aria-label={props.label}>
      {hasToolbar ? (
        <div className={styles.toolbar}>
          <div className={styles.toolbarStart}>
            {search ? <SearchField search={search} /> : null}
            {advancedSearch ? (
              <ToggleButton
                appearance="subtle"
                icon={<FilterRegular />}
                checked={advancedOpen}
                aria-expanded={advancedOpen}
                onClick={() => setAdvancedOpen((open) => !open)}
              >
                {fr.table.advancedSearch}
              </ToggleButton>
            ) : null}
          </div>
          {actions ? <div className={styles.toolbarEnd}>{actions}</div> : null}
        </div>
      ) : null}
      {advancedSearch && advancedOpen ? <div className={styles.advanced}>{advancedSearch}</div> : null}

      {/* While the next rows load, the rows on screen are stale: they stay readable but take no action
          (on a native element: Fluent's table parts drop the attribute). */}
      <div className={mergeClasses(styles.scroll, loading && styles.stale)} inert={loading || undefined}>
        {cards ? (
          <DataTableCards
            label={props.label}
            columns={columns}
            rows={rows}
            getRowId={getRowId}
            emptyText={props.emptyText}
            loading={loading}
            isExpandable={(row) => isExpandable?.(row) ?? true}
            isExpanded={(id) => expanded.has(id)}
            onToggle={toggle}
            renderExpanded={renderExpanded && ((row) => details.slot(getRowId(row)))}
          />
        ) : (
          <Table
            className={mergeClasses(styles.table, props.fitContent && styles.fitContent)}
            style={tablet && !props.fitContent ? { minWidth: `${tableMinWidth(columns, renderExpanded !== undefined)}px` } : undefined}
            aria-label={props.label}
            aria-busy={loading}
          >
            <TableHeader>
              <TableRow>
                {renderExpanded ? <TableHeaderCell className={mergeClasses(styles.headerCell, styles.expandCell)} /> : null}
                {columns.map((column) => (
                  <TableHeaderCell
                    key={column.id}
                    className={mergeClasses(styles.headerCell, props.dense && styles.dense, alignClass(column.align))}
                    style={column.width ? { width: column.width } : undefined}
                  >
                    {column.header}
                  </TableHeaderCell>
                ))}
              </TableRow>
            </TableHeader>
            <TableBody>
              {rows.length === 0 ? (
                <TableRow>
                  <TableCell colSpan={columnCount} className={styles.message}>
                    {loading ? <Spinner size="small" label={fr.table.loading} /> : props.emptyText}
                  </TableCell>
                </TableRow>
              ) : (
                rows.map((row) => {
                  const id = getRowId(row);
                  const expandable = renderExpanded !== undefined && (isExpandable?.(row) ?? true);
                  const open = expandable && expanded.has(id);
                  return (
                    <Fragment key={id}>
                      {/* aria-expanded belongs to the button: a plain table's row may not carry it (WCAG 4.1.2). */}
                      <TableRow>
                        {renderExpanded ? (
                          <TableCell className={styles.expandCell}>
                            {expandable ? (
                              <Button
                                appearance="subtle"
                                size="small"
                                icon={open ? <ChevronDownRegular /> : <ChevronRightRegular />}
                                aria-label={open ? fr.table.collapse : fr.table.expand}
                                aria-expanded={open}
                                onClick={() => toggle(id)}
                              />
                            ) : null}
                          </TableCell>
                        ) : null}
                        {columns.map((column) => (
                          <TableCell key={column.id} className={mergeClasses(props.dense && styles.dense, alignClass(column.align))}>
                            {column.cell(row)}
                          </TableCell>
                        ))}
                      </TableRow>
                      {open ? (
                        <TableRow className={styles.expandedRow}>
                          <TableCell colSpan={columnCount} className={styles.expandedCell}>
                            {details.slot(id)}
                          </TableCell>
                        </TableRow>
                      ) : null}
                    </Fragment>
                  );
                })
              )}
            </TableBody>
          </Table>
        )}
      </div>
      {details.portals}

      {pagination ? <Pager pagination={pagination} loading={loading} /> : null}
    </section>
  );
}
