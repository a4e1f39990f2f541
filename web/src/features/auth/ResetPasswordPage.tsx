import { Suspense, useState, type FormEvent } from 'react';
import { Button, Field, MessageBar, MessageBarBody, MessageBarTitle, Spinner, makeStyles, tokens } from '@fluentui/react-components';
import { graphql, useLazyLoadQuery } from 'react-relay/hooks';
import { useNavigate, useSearchParams } from 'react-router';
import type { ResetPasswordPageMutation } from '../../__generated__/ResetPasswordPageMutation.graphql';
import type { ResetPasswordPageQuery } from '../../__generated__/ResetPasswordPageQuery.graphql';
import { fr } from '../../i18n/fr';
import { authText } from '../../i18n/auth';
import { useCommit } from '../../relay/commit';
import { PasswordInput } from '../../ui/PasswordInput';
import { RouterLink } from '../../ui/RouterLink';
import { useFormFields } from '../../ui/useFormFields';
import { useToast } from '../../ui/toasts';
import { PublicLayout } from './PublicLayout';
import { validateNewPassword, type NewPasswordValues } from './validation';

const useStyles = makeStyles({
  form: {
    display: 'flex',
    flexDirection: 'column',
    rowGap: tokens.spacingVerticalL,
  },
  loading: {
    paddingBlock: tokens.spacingVerticalXXL,
  },
});

const resetMutation = graphql`
  mutation ResetPasswordPageMutation($input: ResetPasswordInput!) {
    resetPassword(input: $input) {
      message
    }
  }
`;

const m = authText.resetPassword;

function InvalidLink() {
  return (
    <MessageBar intent="warning" layout="multiline">
      <MessageBarBody>
        <MessageBarTitle>{m.invalidLinkTitle}</MessageBarTitle>
        {m.invalidLink}{' '}
        <RouterLink to="/recover/request" inline>
          {m.newRequest}
        </RouterLink>
      </MessageBarBody>
    </MessageBar>
  );
}

function NewPasswordForm({ token }: { token: string }) {
  const styles = useStyles();
  const commit = useCommit();
  const toast = useToast();
  const navigate = useNavigate();
  const { passwordResetTokenValid } = useLazyLoadQuery<ResetPasswordPageQuery>(
    graphql`
      query ResetPasswordPageQuery($token: String!) {
        passwordResetTokenValid(token: $token)
      }
    `,
    { token },
    { fetchPolicy: 'network-only' },
  );
  // Once the form was sent, the messages follow what is typed.
  const form = useFormFields<keyof NewPasswordValues>(
    { password: '', confirmation: '' },
    (field, current) => validateNewPassword(current)[field] ?? null,
    { afterSubmit: true },
  );
  const { values, change } = form;
  const [sending, setSending] = useState(false);

  if (!passwordResetTokenValid) return <InvalidLink />;

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!form.validate(['password', 'confirmation'])) return;
    setSending(true);
    try {
      // product.md §8: a failure shows the server's message (the default error toast).
      await commit<ResetPasswordPageMutation>({
        mutation: resetMutation,
        variables: { input: { token, password: values.password } },
      });
      toast('success', m.success);
      void navigate('/login', { replace: true });
    } catch {
      setSending(false);
    }
  };

  return (
    <form className={styles.form} noValidate onSubmit={handleSubmit}>
      <Field
        label={m.password}
        required
        validationMessage={form.errorOf('password') ?? undefined}
        hint={form.errorOf('password') ? undefined : m.hint}
      >
        <PasswordInput
          name="password"
          autoComplete="new-password"
          value={values.password}
          onChange={(_, data) => change('password', data.value)}
          // eslint-disable-next-line jsx-a11y/no-autofocus -- a public page whose one form is its whole purpose starts in its first field, as the keyboard e2e asserts (signed-in screens focus their title instead, ui/titleFocus.ts)
          autoFocus
        />
      </Field>
      <Field label={m.confirmation} required validationMessage={form.errorOf('confirmation') ?? undefined}>
        <PasswordInput
          name="confirmation"
          autoComplete="new-password"
          value={values.confirmation}
          onChange={(_, data) => change('confirmation', data.value)}
        />
      </Field>
      <Button
        type="submit"
        appearance="primary"
        size="large"
        disabled={sending}
        icon={sending ? <Spinner size="tiny" appearance="inverted" /> : undefined}
      >
        {m.submit}
      </Button>
    </form>
  );
}

/** product.md §2 change-password screen, /reset-password?token=… (docs/decisions.md). */
export default function ResetPasswordPage() {
  const styles = useStyles();
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  return (
    <PublicLayout
      title={m.title}
      subtitle={m.subtitle}
      documentTitle={m.title}
      links={<RouterLink to="/login">{m.backToLogin}</RouterLink>}
    >
      {token ? (
        <Suspense fallback={<Spinner className={styles.loading} label={fr.loading} />}>
          <NewPasswordForm token={token} />
        </Suspense>
      ) : (
        <InvalidLink />
      )}
    </PublicLayout>
  );
}
