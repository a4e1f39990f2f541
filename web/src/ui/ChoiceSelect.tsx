// The selectors of people and études (assignment, list filters, « Créer un constat », « Lier à »).
// They offer every choice the server lists (peopleChoices, groupChoices: never a first page); past
// SEARCHABLE_FROM choices a select is too long to scroll, so it becomes a combobox filtered as one
// types (product.md §15).
import { useState } from 'react';
import { Combobox, Option, Select } from '@fluentui/react-components';
import { fr } from '../i18n/fr';
import { matchesSearch } from './search';

/** Up to this many choices a plain select; more, a searchable combobox. */
export const SEARCHABLE_FROM = 50;

export interface Choice {
  readonly id: string;
  readonly label: string;
}

export interface ChoiceSelectProps {
  choices: readonly Choice[];
  /** The chosen id; '' for the empty choice. */
  value: string;
  onChange: (value: string) => void;
  /** The empty choice's text (« Tous », « Sélectionner la secrétaire »…). */
  emptyLabel: string;
  disabled?: boolean;
  onBlur?: () => void;
  className?: string;
  'aria-label'?: string;
}

/** A select (or, past SEARCHABLE_FROM choices, a searchable combobox) of `choices`, inside a Field or labelled. */
export function ChoiceSelect(props: ChoiceSelectProps) {
  const { choices, value, onChange, emptyLabel, ...rest } = props;
  if (choices.length > SEARCHABLE_FROM) return <SearchableChoice {...props} />;
  return (
    <Select {...rest} value={value} onChange={(_, data) => onChange(data.value)}>
      <option value="">{emptyLabel}</option>
      {choices.map((choice) => (
        <option key={choice.id} value={choice.id}>
          {choice.label}
        </option>
      ))}
    </Select>
  );
}

function SearchableChoice({ choices, value, onChange, emptyLabel, ...rest }: ChoiceSelectProps) {
  // null while nothing is typed: the field shows the chosen label and the list every choice.
  const [query, setQuery] = useState<string | null>(null);
  const chosen = choices.find((choice) => choice.id === value);
  const shown = query ? choices.filter((choice) => matchesSearch(choice.label, query)) : choices;
  return (
    <Combobox
      {...rest}
      value={query ?? chosen?.label ?? ''}
      placeholder={emptyLabel}
      selectedOptions={[value]}
      onChange={(event) => setQuery(event.target.value)}
      onOptionSelect={(_, data) => {
        // Typing a text no choice matches clears the selection (no optionValue): the query stays.
        if (data.optionValue === undefined) return;
        setQuery(null);
        onChange(data.optionValue);
      }}
      onOpenChange={(_, data) => {
        if (!data.open) setQuery(null);
      }}
    >
      {query ? null : (
        <Option value="" text={emptyLabel}>
          {emptyLabel}
        </Option>
      )}
      {shown.map((choice) => (
        <Option key={choice.id} value={choice.id} text={choice.label}>
          {choice.label}
        </Option>
      ))}
      {shown.length === 0 ? (
        <Option value={NO_MATCH} text="" disabled>
          {fr.choices.noMatch}
        </Option>
      ) : null}
    </Combobox>
  );
}

/** The disabled « Aucun résultat » line's value (no id looks like it). */
const NO_MATCH = '\u0000';
