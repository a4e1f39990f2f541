import { Field, Radio, RadioGroup } from '@fluentui/react-components';
import { fr } from '../i18n/fr';

/** The API's civilities, in the order the forms offer them. */
export const CIVILITIES = ['MONSIEUR', 'MADAME', 'MAITRE'] as const;
export type Civility = (typeof CIVILITIES)[number];

/** The 'Civilité' of the dashboard forms (account, profile): Monsieur, Madame, Maître side by side. */
export function CivilityField({
  label,
  value,
  onChange,
  disabled,
}: {
  label: string;
  value: Civility;
  onChange: (civility: Civility) => void;
  disabled?: boolean;
}) {
  return (
    <Field label={label}>
      <RadioGroup layout="horizontal" value={value} disabled={disabled} onChange={(_, data) => onChange(data.value as Civility)}>
        {CIVILITIES.map((civility) => (
          <Radio key={civility} value={civility} label={fr.civilities[civility]} />
        ))}
      </RadioGroup>
    </Field>
  );
}
