// The year and month selectors of the period filters (rétrocession, facturation, factures,
// statistiques, report searches): years newest first, months by their French names.
import { Field, Select } from '@fluentui/react-components';
import { fr } from '../i18n/fr';
import { yearsSince } from './periods';

const t = fr.periods;

export function YearSelect({
  firstYear,
  value,
  onChange,
  emptyLabel,
  className,
}: {
  firstYear: number;
  /** The selected year, or null for the empty option (only offered with an `emptyLabel`). */
  value: number | null;
  onChange: (year: number | null) => void;
  emptyLabel?: string;
  className?: string;
}) {
  return (
    <Field label={t.year} className={className}>
      <Select value={value === null ? '' : String(value)} onChange={(_, data) => onChange(data.value ? Number(data.value) : null)}>
        {emptyLabel !== undefined ? <option value="">{emptyLabel}</option> : null}
        {yearsSince(firstYear).map((year) => (
          <option key={year} value={year}>
            {year}
          </option>
        ))}
      </Select>
    </Field>
  );
}

export function MonthSelect({
  value,
  onChange,
  emptyLabel,
  className,
}: {
  /** 1 to 12, or null for the empty option (only offered with an `emptyLabel`, e.g. "Toute l'année"). */
  value: number | null;
  onChange: (month: number | null) => void;
  emptyLabel?: string;
  className?: string;
}) {
  return (
    <Field label={t.month} className={className}>
      <Select value={value === null ? '' : String(value)} onChange={(_, data) => onChange(data.value ? Number(data.value) : null)}>
        {emptyLabel !== undefined ? <option value="">{emptyLabel}</option> : null}
        {t.months.map((name, index) => (
          <option key={name} value={index + 1}>
            {name}
          </option>
        ))}
      </Select>
    </Field>
  );
}
