import { Combobox, Field, Option } from '@fluentui/react-components';
import { useState } from 'react';
import { graphql, useLazyLoadQuery } from 'react-relay/hooks';
import type { TokenGroupsFieldQuery } from '../../__generated__/TokenGroupsFieldQuery.graphql';
import { fr } from '../../i18n/fr';
import { matchesSearch } from '../../ui/search';

const a = fr.apiTokens;

/**
 * An admin's token limited to some études (none chosen: all of them): every étude, never a first
 * page (product.md §15), filtered as one types. Loaded only when an admin opens the dialog.
 */
export function TokenGroupsField({
  value,
  error,
  onChange,
}: {
  value: readonly string[];
  error: string | undefined;
  onChange: (groupIds: string[]) => void;
}) {
  const data = useLazyLoadQuery<TokenGroupsFieldQuery>(
    graphql`
      query TokenGroupsFieldQuery {
        groupChoices {
          id
          name
          city
        }
      }
    `,
    {},
    { fetchPolicy: 'store-and-network' },
  );
  const [query, setQuery] = useState('');
  const label = (group: { name: string; city: string }) => `${group.name} (${group.city})`;
  const chosen = data.groupChoices.filter((group) => value.includes(group.id));
  const shown = query ? data.groupChoices.filter((group) => matchesSearch(label(group), query)) : data.groupChoices;
  return (
    <Field label={a.groups} hint={a.groupsHint} validationMessage={error}>
      <Combobox
        multiselect
        placeholder={chosen.length > 0 ? chosen.map(label).join(', ') : a.groupsPlaceholder}
        value={query}
        selectedOptions={[...value]}
        onChange={(event) => setQuery(event.target.value)}
        onOptionSelect={(_, data) => {
          onChange(data.selectedOptions);
          setQuery('');
        }}
      >
        {shown.map((group) => (
          <Option key={group.id} value={group.id} text={label(group)}>
            {label(group)}
          </Option>
        ))}
      </Combobox>
    </Field>
  );
}
