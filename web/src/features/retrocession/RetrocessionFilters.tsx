import { Field, makeStyles, tokens } from '@fluentui/react-components';
import { graphql, useFragment } from 'react-relay/hooks';
import type { RetrocessionFiltersFragment$key } from '../../__generated__/RetrocessionFiltersFragment.graphql';
import { fr } from '../../i18n/fr';
import { ChoiceSelect } from '../../ui/ChoiceSelect';
import { MonthSelect, YearSelect } from '../../ui/PeriodSelects';
import { FIRST_YEAR, retrocessionText } from '../../i18n/retrocession';
import type { RetrocessionPeriodFilter } from './pageVariables';

const t = retrocessionText.filters;

const useStyles = makeStyles({
  root: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'flex-end',
    columnGap: tokens.spacingHorizontalM,
    rowGap: tokens.spacingVerticalS,
  },
  select: { minWidth: '150px' },
  secretary: { minWidth: '240px' },
});

/** product.md §2: the rétrocession filters, year (2020 to now), month (French names) and, for admins, the secretary. */
export function RetrocessionFilters({
  value,
  onChange,
  secretaries,
  wholeYear = false,
}: {
  value: RetrocessionPeriodFilter;
  onChange: (next: RetrocessionPeriodFilter) => void;
  /** The secretary select's options (admin screens); absent, no secretary select. */
  secretaries?: RetrocessionFiltersFragment$key;
  /** Offers "Toute l'année" as a month. */
  wholeYear?: boolean;
}) {
  const styles = useStyles();
  return (
    <div className={styles.root} role="group" aria-label={t.label}>
      <YearSelect
        className={styles.select}
        firstYear={FIRST_YEAR}
        value={value.year}
        onChange={(year) => year !== null && onChange({ ...value, year })}
      />
      <MonthSelect
        className={styles.select}
        value={value.month}
        emptyLabel={wholeYear ? fr.periods.wholeYear : undefined}
        onChange={(month) => onChange({ ...value, month })}
      />
      {secretaries ? (
        <SecretarySelect
          query={secretaries}
          className={styles.secretary}
          value={value.secretaryId}
          onChange={(secretaryId) => onChange({ ...value, secretaryId })}
        />
      ) : null}
    </div>
  );
}

function SecretarySelect({
  query,
  value,
  onChange,
  className,
}: {
  query: RetrocessionFiltersFragment$key;
  value: string | null;
  onChange: (secretaryId: string | null) => void;
  className?: string;
}) {
  const data = useFragment(
    graphql`
      fragment RetrocessionFiltersFragment on Query {
        # Every secretary but those awaiting validation, never a first page (product.md §15).
        secretaries: peopleChoices(role: SECRETARY) {
          id
          fullName
        }
      }
    `,
    query,
  );
  return (
    <Field label={t.secretary} className={className}>
      <ChoiceSelect
        choices={data.secretaries.map((secretary) => ({ id: secretary.id, label: secretary.fullName }))}
        value={value ?? ''}
        onChange={(next) => onChange(next || null)}
        emptyLabel={t.selectSecretary}
      />
    </Field>
  );
}
