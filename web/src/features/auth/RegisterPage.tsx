import { useState, type FormEvent } from 'react';
import { Button, Field, Input, Select, Spinner, Text, makeStyles, tokens } from '@fluentui/react-components';
import { InfoRegular } from '@fluentui/react-icons/svg/info';
import { graphql } from 'react-relay/hooks';
import { useNavigate } from 'react-router';
import type { RegisterPageMutation } from '../../__generated__/RegisterPageMutation.graphql';
import { fr } from '../../i18n/fr';
import { authText } from '../../i18n/auth';
import { ApiError } from '../../relay/ApiError';
import { useCommit } from '../../relay/commit';
import { CIVILITIES } from '../../ui/CivilityField';
import { PasswordInput } from '../../ui/PasswordInput';
import { RouterLink } from '../../ui/RouterLink';
import { useFormFields } from '../../ui/useFormFields';
import { useToast } from '../../ui/toasts';
import { PublicLayout } from './PublicLayout';
import { validateRegistration, type RegistrationField, type RegistrationValues } from './validation';

const useStyles = makeStyles({
  form: {
    display: 'flex',
    flexDirection: 'column',
    rowGap: tokens.spacingVerticalXL,
  },
  section: {
    display: 'grid',
    gridTemplateColumns: 'repeat(2, minmax(0, 1fr))',
    alignItems: 'start',
    columnGap: tokens.spacingHorizontalL,
    rowGap: tokens.spacingVerticalM,
    margin: 0,
    padding: 0,
    border: 'none',
    '@media (max-width: 600px)': {
      gridTemplateColumns: 'minmax(0, 1fr)',
    },
  },
  legend: {
    gridColumn: '1 / -1',
    fontSize: tokens.fontSizeBase300,
    fontWeight: tokens.fontWeightSemibold,
    padding: 0,
    marginBottom: tokens.spacingVerticalXS,
    paddingBottom: tokens.spacingVerticalXS,
    width: '100%',
    color: tokens.colorBrandForeground1,
    borderBottom: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
  },
  full: {
    gridColumn: '1 / -1',
  },
  civility: {
    maxWidth: '200px',
  },
  passwordRule: {
    gridColumn: '1 / -1',
    display: 'flex',
    alignItems: 'flex-start',
    columnGap: tokens.spacingHorizontalXS,
    color: tokens.colorNeutralForeground3,
  },
  passwordRuleIcon: {
    flexShrink: 0,
    marginTop: '2px',
  },
  actions: {
    display: 'flex',
    justifyContent: 'flex-end',
  },
});

const registerMutation = graphql`
  mutation RegisterPageMutation($input: RegisterInput!) {
    register(input: $input) {
      message
    }
  }
`;

const r = authText.register;

const emptyForm: RegistrationValues = {
  // product.md §5: Monsieur by default.
  civility: 'MONSIEUR',
  lastName: '',
  firstName: '',
  telephone: '',
  email: '',
  address: '',
  zip: '',
  city: '',
  identity: '',
  password: '',
  confirmation: '',
};

const FIELDS = Object.keys(emptyForm) as (keyof RegistrationValues)[];

/** product.md §2 /createaccount: a bailiff asks for an account, which an administrator validates. */
export default function RegisterPage() {
  const styles = useStyles();
  const commit = useCommit();
  const toast = useToast();
  const navigate = useNavigate();
  // Once the form was sent, each message follows what is typed; the server's stay until the field changes.
  const form = useFormFields<keyof RegistrationValues>(
    emptyForm,
    (field, current) => (field === 'civility' ? null : (validateRegistration(current as RegistrationValues)[field] ?? null)),
    { afterSubmit: true },
  );
  const values = form.values as RegistrationValues;
  const errorOf = (field: RegistrationField) => form.errorOf(field) ?? undefined;
  const [sending, setSending] = useState(false);

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!form.validate(FIELDS)) return;

    setSending(true);
    const { confirmation: _confirmation, ...input } = values;
    try {
      await commit<RegisterPageMutation>(
        {
          mutation: registerMutation,
          variables: {
            input: {
              ...input,
              lastName: input.lastName.trim(),
              firstName: input.firstName.trim(),
              telephone: input.telephone.trim(),
              email: input.email.trim(),
              address: input.address.trim(),
              zip: input.zip.trim(),
              city: input.city.trim(),
              identity: input.identity.trim(),
            },
          },
        },
        {
          // Field errors show on the form; anything else is the generic message. A taken address
          // or identifier is answered like a free one (the server e-mails the address instead).
          errorToast: (error) => {
            if (error instanceof ApiError && Object.keys(error.fields).length > 0) return null;
            return r.failed;
          },
        },
      );
      toast('success', r.sent, { timeout: 10_000 });
      void navigate('/login');
    } catch (error) {
      if (error instanceof ApiError) form.setServerErrors(error.fields);
      setSending(false);
    }
  };

  const textField = (
    field: RegistrationField,
    label: string,
    options: {
      autoComplete?: string;
      inputMode?: 'tel' | 'email' | 'numeric';
      placeholder?: string;
      hint?: string;
      full?: boolean;
    } = {},
  ) => (
    <Field
      label={label}
      required
      validationMessage={errorOf(field)}
      hint={errorOf(field) ? undefined : options.hint}
      className={options.full ? styles.full : undefined}
    >
      <Input
        name={field}
        value={values[field]}
        autoComplete={options.autoComplete}
        inputMode={options.inputMode}
        placeholder={options.placeholder}
        onChange={(_, data) => form.change(field, data.value)}
      />
    </Field>
  );

  return (
    <PublicLayout
      title={r.title}
      subtitle={r.subtitle}
      documentTitle={r.title}
      wide
      links={
        <Text>
          {r.haveAccount} <RouterLink to="/login">{r.signIn}</RouterLink>
        </Text>
      }
    >
      <form className={styles.form} noValidate onSubmit={handleSubmit}>
        <fieldset className={styles.section}>
          <legend className={styles.legend}>{r.sectionIdentity}</legend>
          <Field label={r.civility} className={styles.full}>
            <Select
              name="civility"
              className={styles.civility}
              value={values.civility}
              onChange={(_, data) => form.change('civility', data.value)}
            >
              {CIVILITIES.map((civility) => (
                <option key={civility} value={civility}>
                  {fr.civilities[civility]}
                </option>
              ))}
            </Select>
          </Field>
          {textField('lastName', r.lastName, { autoComplete: 'family-name' })}
          {textField('firstName', r.firstName, { autoComplete: 'given-name' })}
        </fieldset>

        <fieldset className={styles.section}>
          <legend className={styles.legend}>{r.sectionAddress}</legend>
          {textField('telephone', r.telephone, {
            autoComplete: 'tel',
            inputMode: 'tel',
            placeholder: r.telephonePlaceholder,
          })}
          {textField('email', r.email, { autoComplete: 'email', inputMode: 'email', placeholder: r.emailPlaceholder })}
          {textField('address', r.address, { autoComplete: 'street-address', full: true })}
          {textField('zip', r.zip, { autoComplete: 'postal-code', inputMode: 'numeric' })}
          {textField('city', r.city, { autoComplete: 'address-level2' })}
        </fieldset>

        <fieldset className={styles.section}>
          <legend className={styles.legend}>{r.sectionAccount}</legend>
          {textField('identity', r.identity, { autoComplete: 'username', hint: r.identityHint, full: true })}
          <Field label={r.password} required validationMessage={errorOf('password')}>
            <PasswordInput
              name="password"
              autoComplete="new-password"
              value={values.password}
              onChange={(_, data) => form.change('password', data.value)}
            />
          </Field>
          <Field label={r.confirmation} required validationMessage={errorOf('confirmation')}>
            <PasswordInput
              name="confirmation"
              autoComplete="new-password"
              value={values.confirmation}
              onChange={(_, data) => form.change('confirmation', data.value)}
            />
          </Field>
          <Text size={200} className={styles.passwordRule}>
            <InfoRegular className={styles.passwordRuleIcon} aria-hidden />
            {r.passwordHint}
          </Text>
        </fieldset>

        <div className={styles.actions}>
          <Button
            type="submit"
            appearance="primary"
            size="large"
            disabled={sending}
            icon={sending ? <Spinner size="tiny" appearance="inverted" /> : undefined}
          >
            {r.submit}
          </Button>
        </div>
      </form>
    </PublicLayout>
  );
}
