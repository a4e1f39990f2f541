import { useId, useState, type KeyboardEvent } from 'react';
import { Button, SearchBox, Select, Text, makeStyles, tokens } from '@fluentui/react-components';
import { ChevronLeftRegular } from '@fluentui/react-icons/svg/chevron-left';
import { ChevronRightRegular } from '@fluentui/react-icons/svg/chevron-right';
import { fr } from '../i18n/fr';
import type { DataTablePagination, DataTableSearch } from './DataTable';

// The DataTable's search box and pager, the same in its table and its cards.
const useStyles = makeStyles({
  search: {
    width: '280px',
    maxWidth: '100%',
  },
  footer: {
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'space-between',
    flexWrap: 'wrap',
    columnGap: tokens.spacingHorizontalL,
    rowGap: tokens.spacingVerticalS,
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalL}`,
    borderTop: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
  },
  rowsPerPage: {
    display: 'flex',
    alignItems: 'center',
    columnGap: tokens.spacingHorizontalS,
    color: tokens.colorNeutralForeground2,
  },
  rowsPerPageLabel: {
    fontSize: tokens.fontSizeBase200,
    lineHeight: tokens.lineHeightBase200,
  },
  pager: {
    display: 'flex',
    alignItems: 'center',
    columnGap: tokens.spacingHorizontalXS,
    color: tokens.colorNeutralForeground2,
  },
});

export function SearchField({ search }: { search: DataTableSearch }) {
  const styles = useStyles();
  const [value, setValue] = useState(search.defaultValue ?? '');
  const [submitted, setSubmitted] = useState(search.defaultValue ?? '');
  const submit = (next: string) => {
    if (next.trim() === submitted.trim()) return;
    setSubmitted(next);
    search.onSearch(next.trim());
  };
  return (
    <SearchBox
      className={styles.search}
      placeholder={search.placeholder ?? fr.table.search}
      aria-label={search.placeholder ?? fr.table.search}
      value={value}
      onChange={(_, data) => {
        setValue(data.value);
        // The clear button empties the box: everything comes back at once.
        if (data.value === '') submit('');
      }}
      onBlur={() => submit(value)}
      onKeyDown={(event: KeyboardEvent<HTMLInputElement>) => {
        if (event.key === 'Enter') submit(value);
      }}
    />
  );
}

export function Pager({ pagination, loading }: { pagination: DataTablePagination; loading: boolean }) {
  const styles = useStyles();
  const selectId = useId();
  const { page, rowsPerPage, total } = pagination;
  const from = total === 0 ? 0 : page * rowsPerPage + 1;
  const to = Math.min(total, (page + 1) * rowsPerPage);
  const lastPage = Math.max(0, Math.ceil(total / rowsPerPage) - 1);
  return (
    <div className={styles.footer}>
      <div className={styles.rowsPerPage}>
        <label htmlFor={selectId} className={styles.rowsPerPageLabel}>
          {fr.table.rowsPerPage}
        </label>
        <Select
          id={selectId}
          size="small"
          value={String(rowsPerPage)}
          onChange={(_, data) => pagination.onRowsPerPageChange(Number(data.value))}
        >
          {pagination.rowsPerPageOptions.map((option) => (
            <option key={option} value={option}>
              {option}
            </option>
          ))}
        </Select>
      </div>
      <div className={styles.pager}>
        <Text size={200} aria-live="polite">
          {fr.table.range(from, to, total)}
        </Text>
        <Button
          appearance="subtle"
          size="small"
          icon={<ChevronLeftRegular />}
          aria-label={fr.table.previousPage}
          disabled={page === 0 || loading}
          onClick={() => pagination.onPageChange(page - 1)}
        />
        <Button
          appearance="subtle"
          size="small"
          icon={<ChevronRightRegular />}
          aria-label={fr.table.nextPage}
          disabled={page >= lastPage || loading}
          onClick={() => pagination.onPageChange(page + 1)}
        />
      </div>
    </div>
  );
}
