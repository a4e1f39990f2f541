import { useState, type FormEvent, type ReactNode } from 'react';
import { Field, Select, makeStyles, tokens } from '@fluentui/react-components';
import { graphql, useFragment } from 'react-relay/hooks';
import { useNavigate } from 'react-router';
import type { AccountFormCreateMutation } from '../../__generated__/AccountFormCreateMutation.graphql';
import type { AccountFormFragment$key } from '../../__generated__/AccountFormFragment.graphql';
import type { AccountGroupFieldFragment$key } from '../../__generated__/AccountGroupFieldFragment.graphql';
import type { AccountFormUpdateMutation } from '../../__generated__/AccountFormUpdateMutation.graphql';
import type { Role } from '../../app/routing/dashboardRoutes';
import { useSessionUser } from '../../app/session/sessionContext';
import { fr } from '../../i18n/fr';
import { accountsText } from '../../i18n/accounts';
import { ApiError, describeUploadError } from '../../relay/ApiError';
import { useUpload } from '../../relay/useUpload';
import { AvatarPicker, keepAvatar, type AvatarChoice } from '../../ui/AvatarPicker';
import { CivilityField, type Civility } from '../../ui/CivilityField';
import { PageHeader } from '../../ui/PageHeader';
import { FormActions, FormCard, FormSection, FormWide } from '../../ui/FormLayout';
import { RouterLink } from '../../ui/RouterLink';
import { uploadablesFor } from '../../relay/multipart';
import { useToast } from '../../ui/toasts';
import { useCurrentPassword } from '../../ui/useCurrentPassword';
import { useFormFields } from '../../ui/useFormFields';
import { RichTextEditor } from '../news/RichTextEditor';
import { AccountGroupField } from './AccountGroupField';
import { AccountMatricesField } from './AccountMatricesField';
import { fieldsOf, validateAccountField, type AccountField, type AccountValues } from './validation';

const t = accountsText.form;

const useStyles = makeStyles({
  breadcrumb: { color: tokens.colorNeutralForeground3 },
});

/** product.md §2: the account type selector leads to the three creation routes. */
export const createPathOf: Record<Role, string> = {
  BAILIFF: '/dashboard/bailiffaccount',
  ADMIN: '/dashboard/adminaccount',
  SECRETARY: '/dashboard/secretary',
};

const emptyValues: AccountValues = {
  lastName: '',
  firstName: '',
  telephone: '',
  groupId: '',
  email: '',
  identity: '',
  password: '',
  passwordConfirmation: '',
  siret: '',
  address: '',
  zip: '',
  city: '',
  rib: '',
  secretaryPricePage: '',
  secretaryPricePhoto: '',
};

/**
 * product.md §2 account form: 'CRÉATION' or 'MODIFICATION D'UN COMPTE UTILISATEUR' for the three
 * account types, with the live rules of §5 and the server's per-field errors under the fields.
 * An admin giving his own account a new password also types the current one.
 */
export function AccountForm({
  role,
  account,
  groups,
  banner,
}: {
  role: Role;
  account: AccountFormFragment$key | null;
  groups: AccountGroupFieldFragment$key;
  /** Shown above the form (a pending registration's decision). */
  banner?: ReactNode;
}) {
  const styles = useStyles();
  const navigate = useNavigate();
  const upload = useUpload();
  const toast = useToast();
  const data = useFragment(
    graphql`
      fragment AccountFormFragment on User {
        id
        role
        civility
        lastName
        firstName
        telephone
        email
        identity
        instructions
        siret
        address
        zip
        city
        rib
        secretaryPricePage
        secretaryPricePhoto
        fullName
        avatarUrl
        matrices {
          id
          name
          downloadUrl
        }
        group {
          id
          name
          telephone
          email
        }
      }
    `,
    account,
  );
  const editing = Boolean(data);
  const [civility, setCivility] = useState<Civility>(data?.civility ?? 'MONSIEUR');
  const form = useFormFields<AccountField>(
    data
      ? {
          ...emptyValues,
          lastName: data.lastName,
          firstName: data.firstName,
          telephone: data.telephone ?? '',
          groupId: data.group?.id ?? '',
          email: data.email ?? '',
          identity: data.identity ?? '',
          siret: data.siret ?? '',
          address: data.address ?? '',
          zip: data.zip ?? '',
          city: data.city ?? '',
          rib: data.rib ?? '',
          secretaryPricePage: data.secretaryPricePage ?? '',
          secretaryPricePhoto: data.secretaryPricePhoto ?? '',
        }
      : emptyValues,
    (field, current) => validateAccountField(field, current, { role, editing }),
  );
  const [instructions, setInstructions] = useState(data?.instructions ?? '');
  const [newMatrices, setNewMatrices] = useState<File[]>([]);
  const [removedMatrices, setRemovedMatrices] = useState<ReadonlySet<string>>(new Set());
  const [avatar, setAvatar] = useState<AvatarChoice>(keepAvatar);
  const [saving, setSaving] = useState(false);
  const current = useCurrentPassword();
  const me = useSessionUser();
  const ownAccount = data?.id === me.id;
  const fields = fieldsOf(role);

  const { values } = form;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const fieldsValid = form.validate(fields);
    if (!fieldsValid || (ownAccount && values.password && !current.validate())) {
      toast('error', fr.forms.incomplete);
      return;
    }
    const sent: Record<string, string> = {};
    for (const field of fields) {
      if (field === 'email' && editing) continue;
      if ((field === 'password' || field === 'passwordConfirmation') && !values.password) continue;
      sent[field] = field === 'password' || field === 'passwordConfirmation' ? values[field] : values[field].trim();
    }
    if (role === 'BAILIFF') sent.instructions = instructions;
    const matrices = role === 'BAILIFF' && newMatrices.length > 0 ? uploadablesFor('input.matrices', newMatrices) : null;
    const removeMatrixIds = [...removedMatrices];
    const files = {
      ...matrices?.uploadables,
      ...(avatar.file && { 'input.avatar': avatar.file }),
    };
    const uploadables = Object.keys(files).length > 0 ? files : undefined;
    const avatarInput = {
      ...(avatar.file && { avatar: null }),
      ...(avatar.remove && { removeAvatar: true }),
    };
    const errorToast = (error: unknown) =>
      error instanceof ApiError && Object.keys(error.fields).length > 0 ? fr.forms.incomplete : describeUploadError(error);
    setSaving(true);
    try {
      if (data) {
        const response = await upload.start<AccountFormUpdateMutation>(
          {
            mutation: graphql`
              mutation AccountFormUpdateMutation($input: UpdateAccountInput!) {
                updateAccount(input: $input) {
                  message
                  user {
                    ...AccountFormFragment
                    # An admin editing his own account: the shell's menus show the new name and picture.
                    firstName
                    lastName
                  }
                }
              }
            `,
            variables: {
              input: {
                id: data.id,
                ...sent,
                ...(ownAccount && values.password && { currentPassword: current.value }),
                ...(matrices && { matrices: matrices.placeholders }),
                ...(removeMatrixIds.length > 0 && { removeMatrixIds }),
                ...avatarInput,
              },
            },
            uploadables,
          },
          { errorToast },
        );
        toast('success', response.updateAccount.message || t.updated);
      } else {
        const response = await upload.start<AccountFormCreateMutation>(
          {
            mutation: graphql`
              mutation AccountFormCreateMutation($input: CreateAccountInput!) {
                createAccount(input: $input) {
                  message
                  user {
                    id
                  }
                }
              }
            `,
            variables: {
              input: {
                role,
                civility,
                ...sent,
                ...(matrices && { matrices: matrices.placeholders }),
                ...avatarInput,
              },
            },
            uploadables,
          },
          { errorToast },
        );
        toast('success', response.createAccount.message || t.created);
      }
      void navigate('/dashboard/seetheaccount');
    } catch (error) {
      if (error instanceof ApiError) {
        form.setServerErrors(error.fields);
        current.showServerErrors(error.fields);
      }
      setSaving(false);
    }
  };

  const text = (
    field: AccountField,
    extra: {
      type?: 'email' | 'tel';
      readOnly?: boolean;
      hint?: string;
      required?: boolean;
    } = {},
  ) =>
    fields.includes(field)
      ? form.textField(field, {
          label: t.fields[field],
          ...extra,
        })
      : null;
  const password = (field: 'password' | 'passwordConfirmation') =>
    form.textField(field, {
      label: t.fields[field],
      type: 'password',
      required: !editing,
      hint: field === 'password' && editing ? t.passwordHint : undefined,
      autoComplete: 'new-password',
    });

  return (
    <section>
      <PageHeader
        title={editing ? fr.titles.editAccount : fr.titles.createAccount}
        description={
          editing ? undefined : (
            <span className={styles.breadcrumb}>
              {fr.menu.accounts} › <RouterLink to="/dashboard/seetheaccount">{fr.menu.accountsList}</RouterLink>
            </span>
          )
        }
      />
      {banner}
      <FormCard onSubmit={(event) => void submit(event)}>
        <FormSection>
          <Field label={t.type}>
            <Select value={role} disabled={editing} onChange={(_, d) => navigate(createPathOf[d.value as Role])}>
              <option value="BAILIFF">{t.types.BAILIFF}</option>
              <option value="ADMIN">{t.types.ADMIN}</option>
              <option value="SECRETARY">{t.types.SECRETARY}</option>
            </Select>
          </Field>
          <CivilityField label={t.civility} value={civility} disabled={editing} onChange={setCivility} />
        </FormSection>

        <FormSection title={t.identity}>
          {text('lastName')}
          {text('firstName')}
          {text('telephone', { type: 'tel', hint: t.phoneHints[role] })}
          {role === 'BAILIFF' ? (
            <AccountGroupField
              groups={groups}
              value={values.groupId}
              error={form.errorOf('groupId')}
              onChange={(groupId) => {
                form.change('groupId', groupId);
                form.touch('groupId');
              }}
              onBlur={() => form.touch('groupId')}
            />
          ) : null}
        </FormSection>

        {role === 'SECRETARY' ? (
          <FormSection title={t.secretary}>
            {text('secretaryPricePage', { required: false, hint: t.priceHint })}
            {text('secretaryPricePhoto', {
              required: false,
              hint: t.priceHint,
            })}
            {text('rib')}
            {text('siret')}
            <FormWide>{text('address')}</FormWide>
            {text('zip')}
            {text('city')}
          </FormSection>
        ) : null}

        <FormSection title={t.signIn}>
          {text('email', { type: 'email', readOnly: editing })}
          {text('identity')}
          {password('password')}
          {password('passwordConfirmation')}
          {ownAccount && values.password ? current.field : null}
        </FormSection>

        {role === 'BAILIFF' ? (
          <Field label={t.instructions}>
            {(props) => <RichTextEditor {...props} defaultValue={data?.instructions ?? ''} onChange={setInstructions} />}
          </Field>
        ) : null}

        {role === 'BAILIFF' ? (
          <AccountMatricesField
            current={data?.matrices ?? []}
            removed={removedMatrices}
            onRemovedChange={setRemovedMatrices}
            added={newMatrices}
            onAddedChange={setNewMatrices}
            disabled={saving}
          />
        ) : null}

        <AvatarPicker
          name={data?.fullName ?? `${values.firstName} ${values.lastName}`.trim()}
          currentUrl={data?.avatarUrl ?? null}
          value={avatar}
          onChange={setAvatar}
          disabled={saving}
          progress={upload.progress}
        />

        <FormActions saving={saving} onCancel={() => navigate('/dashboard/seetheaccount')} />
      </FormCard>
    </section>
  );
}
