import { useState, type FormEvent } from 'react';
import { graphql, useFragment } from 'react-relay/hooks';
import { useNavigate } from 'react-router';
import type { GroupFormCreateMutation } from '../../__generated__/GroupFormCreateMutation.graphql';
import type { GroupFormFragment$key } from '../../__generated__/GroupFormFragment.graphql';
import type { GroupFormUpdateMutation } from '../../__generated__/GroupFormUpdateMutation.graphql';
import { fr } from '../../i18n/fr';
import { groupsText } from '../../i18n/groups';
import { ApiError, describeError } from '../../relay/ApiError';
import { useCommit } from '../../relay/commit';
import { FormActions, FormCard, FormSection, FormWide } from '../../ui/FormLayout';
import { PageHeader } from '../../ui/PageHeader';
import { useToast } from '../../ui/toasts';
import { useFormFields } from '../../ui/useFormFields';
import { BUYER_FIELDS, GROUP_FIELDS, validateGroupField, zipDigits, type GroupField, type GroupValues } from './validation';

const g = groupsText;

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
  vatNumber: '',
  billingAddress: '',
  billingZip: '',
  billingCity: '',
  electronicAddress: '',
};

/**
 * product.md §2 'CRÉATION D'UN GROUPE' and the group edit form: the étude's identity, address,
 * accounting e-mail and tariffs, with the live messages of §5 and the server's per-field errors.
 */
export function GroupForm({ group }: { group: GroupFormFragment$key | null }) {
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
        vatNumber
        billingAddress
        billingZip
        billingCity
        electronicAddress
      }
    `,
    group,
  );
  const editing = data !== null && data !== undefined;
  const form = useFormFields<GroupField>(
    data ? { ...empty, ...pick(data) } : empty,
    (field, values) => validateGroupField(field, values[field]),
    // product.md §2: the postal code strips every non-digit.
    { normalize: (field, value) => (field === 'zip' || field === 'billingZip' ? zipDigits(value) : value) },
  );
  const [saving, setSaving] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!form.validate(GROUP_FIELDS)) {
      toast('error', fr.forms.incomplete);
      return;
    }
    const fields = Object.fromEntries([...GROUP_FIELDS, ...BUYER_FIELDS].map((field) => [field, form.values[field].trim()])) as GroupValues;
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
      void navigate('/dashboard/voirlesgroupes');
    } catch (error) {
      if (error instanceof ApiError) form.setServerErrors(error.fields);
      setSaving(false);
    }
  };

  const field = (name: GroupField, label: string, extra: { inputMode?: 'numeric' | 'decimal'; hint?: string } = {}) =>
    form.textField(name, { label, ...extra });

  return (
    <section>
      <PageHeader title={editing ? fr.titles.editGroup : fr.titles.createGroup} description={g.formDescription} />
      <FormCard onSubmit={(event) => void submit(event)}>
        <FormSection title={g.identity}>
          {field('name', g.fields.name)}
          {field('siret', g.fields.siret)}
          <FormWide>{field('address', g.fields.address)}</FormWide>
          {field('zip', g.fields.zip, { inputMode: 'numeric' })}
          {field('city', g.fields.city)}
          {form.textField('telephone', {
            label: g.fields.telephone,
            type: 'tel',
          })}
          {form.textField('email', { label: g.fields.email, type: 'email' })}
        </FormSection>
        <FormSection title={g.tariffs}>
          {field('pricePage', g.fields.pricePage, {
            inputMode: 'decimal',
            hint: g.priceHint,
          })}
          {field('pricePhoto', g.fields.pricePhoto, {
            inputMode: 'decimal',
            hint: g.priceHint,
          })}
        </FormSection>
        <FormSection title={g.buyer}>
          {form.textField('vatNumber', { label: g.fields.vatNumber, hint: g.vatHint, required: false })}
          <FormWide>{form.textField('billingAddress', { label: g.fields.billingAddress, hint: g.billingHint, required: false })}</FormWide>
          {form.textField('billingZip', { label: g.fields.billingZip, inputMode: 'numeric', required: false })}
          {form.textField('billingCity', { label: g.fields.billingCity, required: false })}
          <FormWide>
            {form.textField('electronicAddress', { label: g.fields.electronicAddress, hint: g.electronicAddressHint, required: false })}
          </FormWide>
        </FormSection>
        <FormActions saving={saving} onCancel={() => navigate(editing ? '/dashboard/facturation' : '/dashboard/seetheaccount')} />
      </FormCard>
    </section>
  );
}

function pick(group: Partial<Record<keyof GroupValues, string | null>>): GroupValues {
  return Object.fromEntries([...GROUP_FIELDS, ...BUYER_FIELDS].map((field) => [field, group[field] ?? ''])) as GroupValues;
}

/** Per-field errors show under their fields; anything else is a toast. */
function toastUnlessFields(error: unknown): string | null {
  if (error instanceof ApiError && Object.keys(error.fields).length > 0) return fr.forms.incomplete;
  return describeError(error);
}
