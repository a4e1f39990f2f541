import { useState, type FormEvent } from 'react';
import { Button, Field, Input, Spinner, makeStyles, tokens } from '@fluentui/react-components';
import { graphql } from 'react-relay/hooks';
import { useNavigate } from 'react-router';
import type { RecoverRequestPageMutation } from '../../__generated__/RecoverRequestPageMutation.graphql';
import { authText } from '../../i18n/auth';
import { useCommit } from '../../relay/commit';
import { RouterLink } from '../../ui/RouterLink';
import { useFormFields } from '../../ui/useFormFields';
import { useToast } from '../../ui/toasts';
import { PublicLayout } from './PublicLayout';
import { validateRecovery } from './validation';

const useStyles = makeStyles({
  form: {
    display: 'flex',
    flexDirection: 'column',
    rowGap: tokens.spacingVerticalL,
  },
});

const requestMutation = graphql`
  mutation RecoverRequestPageMutation($input: RequestPasswordResetInput!) {
    requestPasswordReset(input: $input) {
      message
    }
  }
`;

/** product.md §2 /recover/request: asks for a password-reset e-mail. */
export default function RecoverRequestPage() {
  const styles = useStyles();
  const commit = useCommit();
  const toast = useToast();
  const navigate = useNavigate();
  // Once the form was sent, the message follows what is typed.
  const form = useFormFields({ email: '' }, (field, values) => validateRecovery(values)[field] ?? null, { afterSubmit: true });
  const email = form.values.email;
  const [sending, setSending] = useState(false);

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!form.validate(['email'])) return;

    setSending(true);
    try {
      // product.md §8: any failure gets the same toast, which asks the user to check the address.
      await commit<RecoverRequestPageMutation>(
        { mutation: requestMutation, variables: { input: { email: email.trim() } } },
        { errorToast: () => authText.recover.failed },
      );
      toast('success', authText.recover.sent);
      void navigate('/forgotpassword');
    } catch {
      setSending(false);
    }
  };

  return (
    <PublicLayout
      title={authText.recover.title}
      subtitle={authText.recover.subtitle}
      documentTitle={authText.recover.title}
      links={<RouterLink to="/login">{authText.recover.backToLogin}</RouterLink>}
    >
      <form className={styles.form} noValidate onSubmit={handleSubmit}>
        <Field label={authText.recover.email} required validationMessage={form.errorOf('email') ?? undefined}>
          <Input
            name="email"
            type="email"
            autoComplete="email"
            autoCapitalize="none"
            spellCheck={false}
            placeholder={authText.recover.emailPlaceholder}
            value={email}
            onChange={(_, data) => form.change('email', data.value)}
            // eslint-disable-next-line jsx-a11y/no-autofocus -- a public page whose one form is its whole purpose starts in its first field, as the keyboard e2e asserts (signed-in screens focus their title instead, ui/titleFocus.ts)
            autoFocus
          />
        </Field>
        <Button
          type="submit"
          appearance="primary"
          size="large"
          disabled={sending}
          icon={sending ? <Spinner size="tiny" appearance="inverted" /> : undefined}
        >
          {authText.recover.submit}
        </Button>
      </form>
    </PublicLayout>
  );
}
