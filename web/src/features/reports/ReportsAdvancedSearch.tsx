import { useState, type ReactNode } from 'react';
import { Button, Field, Select, makeStyles, tokens } from '@fluentui/react-components';
import { fr } from '../../i18n/fr';
import { ChoiceSelect, type Choice } from '../../ui/ChoiceSelect';
import { yearsSince } from '../../ui/periods';
import { AWAITING, defaultFilters, isBailiffView, isSecretaryView, viewStatuses, type Filters, type ReportsView } from './reportsViews';
import { reportsText as t } from '../../i18n/reports';

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
});

const FIRST_YEAR = 2020;

/**
 * A reports list's advanced search: bailiff, secretary, year, month and status. The admin filters
 * by any bailiff and secretary; a secretary by the bailiffs of her constats (a secretary filter
 * could only name herself); a bailiff's lists are his own.
 */
export function ReportsAdvancedSearch({
  view,
  bailiffs,
  secretaries,
  onApply,
}: {
  view: ReportsView;
  bailiffs: readonly Choice[];
  secretaries: readonly Choice[];
  onApply: (filters: Filters) => void;
}) {
  const styles = useStyles();
  const [filters, setFilters] = useState<Filters>(defaultFilters(view));
  const set = (key: keyof Filters) => (value: string) => setFilters((current) => ({ ...current, [key]: value }));
  const select = (key: keyof Filters, label: string, options: ReactNode) => (
    <Field label={label} className={styles.filter}>
      <Select value={filters[key]} onChange={(_, data) => set(key)(data.value)}>
        <option value="">{t.filters.all}</option>
        {options}
      </Select>
    </Field>
  );
  const people = (key: 'bailiffId' | 'secretaryId', label: string, choices: readonly Choice[]) => (
    <Field label={label} className={styles.filter}>
      <ChoiceSelect choices={choices} value={filters[key]} onChange={set(key)} emptyLabel={t.filters.all} />
    </Field>
  );
  return (
    <div className={styles.filters}>
      {isBailiffView(view) ? null : people('bailiffId', t.filters.bailiff, bailiffs)}
      {isSecretaryView(view) || isBailiffView(view) ? null : people('secretaryId', t.filters.secretary, secretaries)}
      {select(
        'year',
        t.filters.year,
        yearsSince(FIRST_YEAR).map((year) => (
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
      {viewStatuses(view).length > 1
        ? select(
            'status',
            t.filters.status,
            <>
              {viewStatuses(view).map((status) => (
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
