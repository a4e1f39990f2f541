import { Field, Link, Text, makeStyles, tokens } from '@fluentui/react-components';
import { graphql, useFragment } from 'react-relay/hooks';
import { useNavigate } from 'react-router';
import type { AccountGroupFieldFragment$key } from '../../__generated__/AccountGroupFieldFragment.graphql';
import { accountsText } from '../../i18n/accounts';
import { ChoiceSelect } from '../../ui/ChoiceSelect';
import { FormWide } from '../../ui/FormLayout';

const t = accountsText.form;

const useStyles = makeStyles({
  groupInfo: { color: tokens.colorNeutralForeground2 },
});

/**
 * A bailiff's « Lier à » (product.md §2, §5: required): every étude, never a first page (product.md §15),
 * a link to create one, and the chosen étude's contact details below.
 */
export function AccountGroupField({
  groups,
  value,
  error,
  onChange,
  onBlur,
}: {
  groups: AccountGroupFieldFragment$key;
  value: string;
  error: string | null | undefined;
  onChange: (groupId: string) => void;
  onBlur: () => void;
}) {
  const styles = useStyles();
  const navigate = useNavigate();
  const data = useFragment(
    graphql`
      fragment AccountGroupFieldFragment on Query {
        groupChoices {
          id
          name
          city
          telephone
          email
        }
      }
    `,
    groups,
  );
  const selected = data.groupChoices.find((group) => group.id === value);
  return (
    <>
      <Field
        label={t.group}
        required
        validationState={error ? 'error' : 'none'}
        validationMessage={error ?? undefined}
        hint={
          <Link as="button" type="button" onClick={() => navigate('/dashboard/creerungroupe')}>
            {t.createGroup}
          </Link>
        }
      >
        <ChoiceSelect
          choices={data.groupChoices.map((group) => ({ id: group.id, label: `${group.name} (${group.city})` }))}
          value={value}
          onChange={onChange}
          onBlur={onBlur}
          emptyLabel={t.chooseGroup}
        />
      </Field>
      {selected ? (
        <FormWide>
          <Text className={styles.groupInfo} size={200}>
            {t.groupInfo(selected.name, selected.telephone, selected.email)}
          </Text>
        </FormWide>
      ) : null}
    </>
  );
}
