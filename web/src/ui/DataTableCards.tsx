import type { ReactNode } from 'react';
import { Button, Spinner, makeStyles, tokens } from '@fluentui/react-components';
import { ChevronDownRegular } from '@fluentui/react-icons/svg/chevron-down';
import { ChevronRightRegular } from '@fluentui/react-icons/svg/chevron-right';
import { fr } from '../i18n/fr';
import type { DataTableColumn } from './DataTable';
import { cardParts } from './dataTableLayout';

// The DataTable's rows on a narrow screen: one card per row, what matters first (title and status on
// top, labelled facts under them, the actions and the detail button last), the detail at the card's
// full width. A list of list items for screen readers, the title a heading to jump between rows.
const useStyles = makeStyles({
  list: {
    listStyleType: 'none',
    margin: 0,
    padding: 0,
  },
  card: {
    display: 'flex',
    flexDirection: 'column',
    rowGap: tokens.spacingVerticalS,
    padding: `${tokens.spacingVerticalM} ${tokens.spacingHorizontalL}`,
    borderBottom: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    overflowWrap: 'anywhere',
  },
  head: {
    display: 'flex',
    alignItems: 'flex-start',
    justifyContent: 'space-between',
    columnGap: tokens.spacingHorizontalS,
  },
  title: {
    flexGrow: 1,
    margin: 0,
    minWidth: 0,
    fontSize: tokens.fontSizeBase400,
    lineHeight: tokens.lineHeightBase400,
    fontWeight: tokens.fontWeightSemibold,
  },
  // On the right, even on a card without a title (a news item's star).
  status: {
    marginInlineStart: 'auto',
    display: 'flex',
    alignItems: 'center',
    flexShrink: 0,
    columnGap: tokens.spacingHorizontalS,
  },
  facts: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fill, minmax(140px, 1fr))',
    columnGap: tokens.spacingHorizontalL,
    rowGap: tokens.spacingVerticalS,
    margin: 0,
  },
  fact: { minWidth: 0 },
  label: {
    fontSize: tokens.fontSizeBase200,
    lineHeight: tokens.lineHeightBase200,
    color: tokens.colorNeutralForeground3,
  },
  value: { margin: 0 },
  actions: {
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'space-between',
    flexWrap: 'wrap',
    columnGap: tokens.spacingHorizontalS,
  },
  buttons: {
    display: 'flex',
    alignItems: 'center',
    flexWrap: 'wrap',
    marginInlineStart: 'auto',
    columnGap: tokens.spacingHorizontalXS,
  },
  detail: {
    marginInline: `calc(-1 * ${tokens.spacingHorizontalL})`,
    padding: `${tokens.spacingVerticalM} ${tokens.spacingHorizontalM}`,
    backgroundColor: tokens.colorNeutralBackground2,
    minWidth: 0,
  },
  message: {
    padding: `${tokens.spacingVerticalXXL} ${tokens.spacingHorizontalL}`,
    textAlign: 'center',
    color: tokens.colorNeutralForeground3,
  },
});

interface DataTableCardsProps<Row> {
  label: string;
  columns: readonly DataTableColumn<Row>[];
  rows: readonly Row[];
  getRowId: (row: Row) => string;
  emptyText: string;
  loading: boolean;
  isExpandable: (row: Row) => boolean;
  isExpanded: (id: string) => boolean;
  onToggle: (id: string) => void;
  renderExpanded?: (row: Row) => ReactNode;
}

export function DataTableCards<Row>(props: DataTableCardsProps<Row>) {
  const styles = useStyles();
  const { rows, getRowId, renderExpanded } = props;
  if (rows.length === 0) {
    return <div className={styles.message}>{props.loading ? <Spinner size="small" label={fr.table.loading} /> : props.emptyText}</div>;
  }
  const parts = cardParts(props.columns);
  return (
    <ul className={styles.list} aria-label={props.label} aria-busy={props.loading}>
      {rows.map((row) => {
        const id = getRowId(row);
        const expandable = renderExpanded !== undefined && props.isExpandable(row);
        const open = expandable && props.isExpanded(id);
        return (
          <li key={id} className={styles.card}>
            {parts.title.length + parts.status.length > 0 ? (
              <div className={styles.head}>
                {parts.title.length > 0 ? (
                  <h2 className={styles.title}>
                    {parts.title.map((column) => (
                      <span key={column.id}>{column.cell(row)} </span>
                    ))}
                  </h2>
                ) : null}
                {parts.status.length > 0 ? (
                  <div className={styles.status}>
                    {parts.status.map((column) => (
                      <span key={column.id}>{column.cell(row)}</span>
                    ))}
                  </div>
                ) : null}
              </div>
            ) : null}
            {parts.meta.length > 0 ? (
              <dl className={styles.facts}>
                {parts.meta.map((column) => (
                  <div key={column.id} className={styles.fact}>
                    <dt className={styles.label}>{column.header}</dt>
                    <dd className={styles.value}>{column.cell(row)}</dd>
                  </div>
                ))}
              </dl>
            ) : null}
            {parts.body.map((column) => (
              <div key={column.id}>{column.cell(row)}</div>
            ))}
            {expandable || parts.actions.length > 0 ? (
              <div className={styles.actions}>
                {expandable ? (
                  <Button
                    appearance="subtle"
                    size="small"
                    icon={open ? <ChevronDownRegular /> : <ChevronRightRegular />}
                    aria-expanded={open}
                    onClick={() => props.onToggle(id)}
                  >
                    {open ? fr.table.collapse : fr.table.expand}
                  </Button>
                ) : null}
                <div className={styles.buttons}>
                  {parts.actions.map((column) => (
                    <span key={column.id}>{column.cell(row)}</span>
                  ))}
                </div>
              </div>
            ) : null}
            {open && renderExpanded ? <div className={styles.detail}>{renderExpanded(row)}</div> : null}
          </li>
        );
      })}
    </ul>
  );
}
