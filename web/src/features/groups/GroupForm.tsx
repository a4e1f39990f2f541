import { useState, type FormEvent } from 'react';
import { Button, Card, Field, Input, Spinner, Text, makeStyles, tokens } from '@fluentui/react-components';
import { graphql, useFragment } from 'react-relay/hooks';
import { useNavigate } from 'react-router';
import type { GroupFormCreateMutation } from '../../__generated__/GroupFormCreateMutation.graphql';
import type { GroupFormFragment$key } from '../../__generated__/GroupFormFragment.graphql';
import type { GroupFormUpdateMutation } from '../../__generated__/GroupFormUpdateMutation.graphql';
import { fr } from '../../i18n/fr';
import { ApiError, describeError } from '../../relay/ApiError';
import { useCommit } from '../../relay/commit';
import { PageHeader } from '../../ui/PageHeader';
import { useToast } from '../../ui/toasts';
import {
  GROUP_FIELDS,
  validateGroup,
  validateGroupField,
  zipDigits,
  type GroupField,
  type GroupValues,
} from './validation';

const g = fr.groups;

export const useFormStyles = makeStyles({
  card: {
    maxWidth: '880px',
    padding: tokens.spacingHorizontalXXL,
    rowGap: tokens.spacingVerticalL,
  },
  sectionTitle: {
    margin: 0,
    color: tokens.colorNeutralForeground2,
    textTransform: 'uppercase',
    letterSpacing: '0.05em',
  },
  grid: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fit, minmax(320px, 1fr))',
    alignItems: 'start',
    columnGap: tokens.spacingHorizontalXL,
    rowGap: tokens.spacingVerticalM,
  },
  wide: { gridColumn: '1 / -1' },
  actions: {
    display: 'flex',
    justifyContent: 'flex-end',
    columnGap: tokens.spacingHorizontalS,
    borderTop: `1px solid ${tokens.colorNeutralStroke2}`,
    paddingTop: tokens.spacingVerticalL,
  },
});

const empty: GroupValues = {
  name: '',
  siret: '',
  address: '',
  zip: '',
  city: '',
  telephone: '',
  email: '',
  pricePage: '',
  pricePhoto: '',
};

/**
 * Spec §2 'CRÉATION D'UN GROUPE' and the group edit form: the étude's identity, address,
 * accounting e-mail and tariffs, with the live messages of §5 and the server's per-field errors.
 */
export function GroupForm({ group }: { group: GroupFormFragment$key | null }) {
  const styles = useFormStyles();
  const navigate = useNavigate();
  const commit = useCommit();
  const toast = useToast();
  const data = useFragment(
    graphql`
      fragment GroupFormFragment on Group {
        id
        name
        siret
        address
        zip
        city
        telephone
        email
        pricePage
        pricePhoto
      }
    `,
    group,
  );
  const editing = data !== null && data !== undefined;
  const [values, setValues] = useState<GroupValues>(() => (data ? { ...empty, ...pick(data) } : empty));
  const [touched, setTouched] = useState<ReadonlySet<GroupField>>(new Set());
  const [serverErrors, setServerErrors] = useState<Partial<Record<string, string>>>({});
  const [saving, setSaving] = useState(false);

  const errorOf = (field: GroupField) =>
    serverErrors[field] ?? (touched.has(field) ? validateGroupField(field, values[field]) : null);

  const change = (field: GroupField, value: string) => {
    setValues((current) => ({
      ...current,
      [field]: field === 'zip' ? zipDigits(value) : value,
    }));
    setServerErrors(({ [field]: _, ...rest }) => rest);
  };
  const blur = (field: GroupField) => setTouched((current) => new Set(current).add(field));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTouched(new Set(GROUP_FIELDS));
    if (Object.keys(validateGroup(values)).length > 0) {
      toast('error', fr.forms.incomplete);
      return;
    }
    const fields = Object.fromEntries(GROUP_FIELDS.map((field) => [field, values[field].trim()])) as GroupValues;
    setSaving(true);
    try {
      if (data) {
        const response = await commit<GroupFormUpdateMutation>(
          {
            mutation: graphql`
              mutation GroupFormUpdateMutation($input: UpdateGroupInput!) {
                updateGroup(input: $input) {
                  message
                  group {
                    ...GroupFormFragment
                    memberCount
                  }
                }
              }
            `,
            variables: { input: { id: data.id, ...fields } },
          },
          { errorToast: toastUnlessFields },
        );
        toast('success', response.updateGroup.message || g.updated);
      } else {
        const response = await commit<GroupFormCreateMutation>(
          {
            mutation: graphql`
              mutation GroupFormCreateMutation($input: CreateGroupInput!) {
                createGroup(input: $input) {
                  message
                  group {
                    id
                  }
                }
              }
            `,
            variables: { input: fields },
          },
          { errorToast: toastUnlessFields },
        );
        toast('success', response.createGroup.message || g.created);
      }
      navigate('/dashboard/voirlesgroupes');
    } catch (error) {
      if (error instanceof ApiError) setServerErrors(error.fields);
      setSaving(false);
    }
  };

  const field = (
    name: GroupField,
    label: string,
    extra: {
      type?: 'email' | 'tel';
      inputMode?: 'numeric' | 'decimal';
      hint?: string;
    } = {},
  ) => {
    const error = errorOf(name);
    return (
      <Field
        label={label}
        required
        validationState={error ? 'error' : 'none'}
        validationMessage={error ?? undefined}
        hint={extra.hint}
      >
        <Input
          value={values[name]}
          type={extra.type}
          inputMode={extra.inputMode}
          onChange={(_, d) => change(name, d.value)}
          onBlur={() => blur(name)}
        />
      </Field>
    );
  };

  return (
    <section>
      <PageHeader title={editing ? fr.titles.editGroup : fr.titles.createGroup} description={g.formDescription} />
      <Card className={styles.card}>
        <form onSubmit={(event) => void submit(event)} noValidate>
          <div
            style={{
              display: 'flex',
              flexDirection: 'column',
              rowGap: tokens.spacingVerticalXL,
            }}
          >
            <Text as="h2" size={300} weight="semibold" className={styles.sectionTitle}>
              {g.identity}
            </Text>
            <div className={styles.grid}>
              {field('name', g.fields.name)}
              {field('siret', g.fields.siret)}
              <div className={styles.wide}>{field('address', g.fields.address)}</div>
              {field('zip', g.fields.zip, { inputMode: 'numeric' })}
              {field('city', g.fields.city)}
              {field('telephone', g.fields.telephone, { type: 'tel' })}
              {field('email', g.fields.email, { type: 'email' })}
            </div>
            <Text as="h2" size={300} weight="semibold" className={styles.sectionTitle}>
              {g.tariffs}
            </Text>
            <div className={styles.grid}>
              {field('pricePage', g.fields.pricePage, {
                inputMode: 'decimal',
                hint: g.priceHint,
              })}
              {field('pricePhoto', g.fields.pricePhoto, {
                inputMode: 'decimal',
                hint: g.priceHint,
              })}
            </div>
            <div className={styles.actions}>
              <Button
                type="button"
                disabled={saving}
                onClick={() => navigate(editing ? '/dashboard/facturation' : '/dashboard/seetheaccount')}
              >
                {fr.forms.cancel}
              </Button>
              <Button
                type="submit"
                appearance="primary"
                disabled={saving}
                icon={saving ? <Spinner size="tiny" /> : undefined}
              >
                {fr.forms.submit}
              </Button>
            </div>
          </div>
        </form>
      </Card>
    </section>
  );
}

function pick(group: GroupValues): GroupValues {
  return Object.fromEntries(GROUP_FIELDS.map((field) => [field, group[field] ?? ''])) as GroupValues;
}

/** Per-field errors show under their fields; anything else is a toast. */
function toastUnlessFields(error: unknown): string | null {
  if (error instanceof ApiError && Object.keys(error.fields).length > 0) return fr.forms.incomplete;
  return describeError(error);
}
