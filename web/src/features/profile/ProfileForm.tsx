import { useState, type FormEvent } from 'react';
import { Field, Input, Text, Textarea } from '@fluentui/react-components';
import { graphql, useFragment } from 'react-relay/hooks';
import { useNavigate } from 'react-router';
import type { ProfileFormFragment$key } from '../../__generated__/ProfileFormFragment.graphql';
import type { ProfileFormMutation } from '../../__generated__/ProfileFormMutation.graphql';
import { fr } from '../../i18n/fr';
import { accountsText } from '../../i18n/accounts';
import { ApiError, describeUploadError } from '../../relay/ApiError';
import { useUpload } from '../../relay/useUpload';
import { AvatarPicker, keepAvatar, type AvatarChoice } from '../../ui/AvatarPicker';
import { CivilityField, type Civility } from '../../ui/CivilityField';
import { FormActions, FormCard, FormSection, FormWide } from '../../ui/FormLayout';
import { PageHeader } from '../../ui/PageHeader';
import { useToast } from '../../ui/toasts';
import { useCurrentPassword } from '../../ui/useCurrentPassword';
import { useFormFields } from '../../ui/useFormFields';
import { RichTextEditor } from '../news/RichTextEditor';
import { PROFILE_FIELDS, validateProfileField, type ProfileField, type ProfileValues } from './validation';

const t = fr.profile;

const profileMutation = graphql`
  mutation ProfileFormMutation($input: UpdateMyProfileInput!) {
    updateMyProfile(input: $input) {
      message
      user {
        ...ProfileFormFragment
        # The shell's menus read these: the new name and picture show there at once.
        fullName
        firstName
        lastName
        avatarUrl
      }
    }
  }
`;

/**
 * product.md §2/§5 'MON PROFIL' of the signed-in user, for the three roles: what the role may change
 * (validated live, product.md §5 messages), the read-only rest disabled, and the profile picture.
 * product.md §6: the admin stays on the page after saving, the others go to /dashboard. A new password
 * needs the current one; a login-as session (`impersonated`) cannot change it (docs/decisions.md).
 */
export function ProfileForm({
  user,
  title,
  impersonated,
}: {
  user: ProfileFormFragment$key;
  title: string;
  /** A login-as session: the password fields give way to a sentence saying why. */
  impersonated: boolean;
}) {
  const navigate = useNavigate();
  const toast = useToast();
  const upload = useUpload();
  const data = useFragment(
    graphql`
      fragment ProfileFormFragment on User {
        id
        role
        civility
        lastName
        firstName
        fullName
        telephone
        email
        identity
        description
        instructions
        siret
        address
        zip
        city
        secretaryPricePage
        secretaryPricePhoto
        avatarUrl
        group {
          name
          telephone
          email
        }
      }
    `,
    user,
  );
  const { role } = data;
  const [stored, setStored] = useState<ProfileValues>(() => ({
    lastName: data.lastName,
    firstName: data.firstName,
    telephone: data.telephone ?? '',
    identity: data.identity ?? '',
    description: data.description ?? '',
    siret: data.siret ?? '',
    address: data.address ?? '',
    zip: data.zip ?? '',
    city: data.city ?? '',
    password: '',
    passwordConfirmation: '',
  }));
  const form = useFormFields<ProfileField>(stored, (field, values) => validateProfileField(role, field, values, stored));
  const [civility, setCivility] = useState<Civility>(data.civility);
  const [instructions, setInstructions] = useState(data.instructions ?? '');
  const [avatar, setAvatar] = useState<AvatarChoice>(keepAvatar);
  const [saving, setSaving] = useState(false);
  const current = useCurrentPassword();
  const fields = PROFILE_FIELDS[role].filter((field) => !impersonated || (field !== 'password' && field !== 'passwordConfirmation'));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const { values } = form;
    const fieldsValid = form.validate(fields);
    if (!fieldsValid || (values.password && !current.validate())) {
      toast('error', fr.forms.incomplete);
      return;
    }
    const sent: Partial<Record<ProfileField, string>> = {};
    for (const field of fields) {
      if (field === 'password' || field === 'passwordConfirmation') {
        // product.md §5: the password is sent only when filled.
        if (values.password) sent[field] = values[field];
      } else sent[field] = values[field].trim();
    }
    setSaving(true);
    try {
      const response = await upload.start<ProfileFormMutation>(
        {
          mutation: profileMutation,
          variables: {
            input: {
              civility,
              ...sent,
              ...(values.password && { currentPassword: current.value }),
              ...(role === 'BAILIFF' && { instructions }),
              ...(avatar.file && { avatar: null }),
              ...(avatar.remove && { removeAvatar: true }),
            },
          },
          uploadables: avatar.file ? { 'input.avatar': avatar.file } : undefined,
        },
        {
          errorToast: (error) =>
            error instanceof ApiError && Object.keys(error.fields).length > 0 ? fr.forms.incomplete : describeUploadError(error),
        },
      );
      toast('success', response.updateMyProfile.message || t.saved);
      if (role !== 'ADMIN') {
        void navigate('/dashboard');
        return;
      }
      // The admin stays (product.md §6): the saved values become the reference, the password is emptied.
      const saved = { ...values, password: '', passwordConfirmation: '' };
      setStored(saved);
      form.change('password', '');
      form.change('passwordConfirmation', '');
      current.reset();
      setAvatar(keepAvatar);
      setSaving(false);
    } catch (error) {
      if (error instanceof ApiError) {
        form.setServerErrors(error.fields);
        current.showServerErrors(error.fields);
      }
      setSaving(false);
    }
  };

  const f = t.fields;
  const text = (field: ProfileField, options: { type?: 'tel' | 'password'; hint?: string; required?: boolean } = {}) =>
    fields.includes(field)
      ? form.textField(field, {
          label: f[field],
          type: options.type,
          hint: options.hint,
          required: options.required,
          autoComplete: options.type === 'password' ? 'new-password' : undefined,
        })
      : null;
  const shown = (label: string, value: string | null | undefined) => (
    <Field label={label} hint={t.readOnlyHint}>
      {/* Disabled: shown and announced as not editable, never sent. */}
      <Input value={value ?? ''} disabled />
    </Field>
  );

  return (
    <section>
      <PageHeader title={title} />
      <FormCard onSubmit={(event) => void submit(event)}>
        <FormSection>
          <AvatarPicker
            name={data.fullName}
            currentUrl={data.avatarUrl ?? null}
            value={avatar}
            onChange={setAvatar}
            disabled={saving}
            progress={upload.progress}
          />
          <CivilityField label={accountsText.form.civility} value={civility} onChange={setCivility} />
        </FormSection>

        <FormSection title={t.identity}>
          {text('lastName')}
          {text('firstName')}
          {text('telephone', { type: 'tel', required: role !== 'ADMIN' })}
          {role === 'ADMIN' ? <FormWide>{descriptionField()}</FormWide> : null}
        </FormSection>

        {role === 'BAILIFF' ? (
          <FormSection title={t.study}>
            {shown(f.studyName, data.group?.name)}
            {shown(f.studyPhone, data.group?.telephone)}
            {shown(f.studyEmail, data.group?.email)}
          </FormSection>
        ) : null}

        {role === 'SECRETARY' ? (
          <FormSection title={t.secretary}>
            {text('siret')}
            <FormWide>{text('address')}</FormWide>
            {text('zip')}
            {text('city')}
            {shown(f.pricePage, data.secretaryPricePage)}
            {shown(f.pricePhoto, data.secretaryPricePhoto)}
          </FormSection>
        ) : null}

        <FormSection title={t.signIn}>
          {shown(f.email, data.email)}
          {text('identity')}
          {impersonated ? (
            <FormWide>
              <Text>{t.impersonatedPassword}</Text>
            </FormWide>
          ) : (
            <>
              {text('password', { type: 'password', hint: t.passwordHint, required: false })}
              {text('passwordConfirmation', { type: 'password', required: false })}
              {form.values.password ? current.field : null}
            </>
          )}
        </FormSection>

        {role === 'BAILIFF' ? (
          <Field label={f.instructions}>
            {(props) => <RichTextEditor {...props} defaultValue={data.instructions ?? ''} onChange={setInstructions} />}
          </Field>
        ) : null}

        <FormActions saving={saving} />
      </FormCard>
    </section>
  );

  function descriptionField() {
    const error = form.errorOf('description');
    return (
      <Field label={f.description} validationState={error ? 'error' : 'none'} validationMessage={error ?? undefined}>
        <Textarea
          value={form.values.description}
          resize="vertical"
          onChange={(_, d) => form.change('description', d.value)}
          onBlur={() => form.touch('description')}
        />
      </Field>
    );
  }
}
