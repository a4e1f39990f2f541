import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Button, Checkbox, Field, Input, Spinner, makeStyles, tokens } from '@fluentui/react-components';
import { useLocation, useSearchParams } from 'react-router';
import { useSession } from '../../app/session/sessionContext';
import { fr } from '../../i18n/fr';
import { PasswordInput } from '../../ui/PasswordInput';
import { RouterLink } from '../../ui/RouterLink';
import { useToast } from '../../ui/toasts';
import { PublicLayout } from './PublicLayout';

const useStyles = makeStyles({
  form: {
    display: 'flex',
    flexDirection: 'column',
    rowGap: tokens.spacingVerticalL,
  },
  options: {
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'space-between',
    flexWrap: 'wrap',
    columnGap: tokens.spacingHorizontalM,
  },
  remember: {
    // The checkbox carries its own padding; pull it back into line with the fields.
    marginInlineStart: `calc(-1 * ${tokens.spacingHorizontalS})`,
  },
});

interface FieldErrors {
  email?: string;
  password?: string;
}

// Spec §2's toasts for /login?action=…: requests are now decided in the app (docs/decisions.md), the routes stay.
const accountRequestToasts = {
  denyUser: { intent: 'info', message: fr.accountRequest.denied },
  approveUser: { intent: 'success', message: fr.accountRequest.approved },
} as const;

function isAccountRequestAction(action: string | null): action is keyof typeof accountRequestToasts {
  return action !== null && Object.hasOwn(accountRequestToasts, action);
}

export function LoginPage() {
  const styles = useStyles();
  const { signIn } = useSession();
  const toast = useToast();
  const location = useLocation();
  const [searchParams, setSearchParams] = useSearchParams();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [remember, setRemember] = useState(true);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [submitting, setSubmitting] = useState(false);
  const passwordInput = useRef<HTMLInputElement>(null);

  const action = searchParams.get('action');
  useEffect(() => {
    if (!isAccountRequestAction(action)) return;
    const { intent, message } = accountRequestToasts[action];
    toast(intent, message, { id: action });
    // Announced once: a reload of the page must not repeat it.
    setSearchParams(
      (params) => {
        params.delete('action');
        return params;
      },
      { replace: true, state: location.state },
    );
  }, [action, toast, setSearchParams, location.state]);

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const trimmedEmail = email.trim();
    const nextErrors: FieldErrors = {
      email: trimmedEmail ? undefined : fr.login.emailRequired,
      password: password ? undefined : fr.login.passwordRequired,
    };
    setErrors(nextErrors);
    if (nextErrors.email || nextErrors.password) return;

    setSubmitting(true);
    try {
      // On success the session changes and the login route navigates away.
      await signIn({ email: trimmedEmail, password, remember });
    } catch {
      // Spec §5: a failed login shows no message; the password is offered for a new attempt.
      setSubmitting(false);
      passwordInput.current?.select();
    }
  };

  return (
    <PublicLayout
      title={fr.login.title}
      subtitle={fr.login.subtitle}
      links={<RouterLink to="/createaccount">{fr.login.register}</RouterLink>}
    >
      <form className={styles.form} noValidate onSubmit={handleSubmit}>
        <Field label={fr.login.email} required validationMessage={errors.email}>
          {/* The server accepts the e-mail address or the account's identifier. */}
          <Input
            name="email"
            inputMode="email"
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            placeholder={fr.login.emailPlaceholder}
            value={email}
            onChange={(_, data) => {
              setEmail(data.value);
              setErrors((current) => ({ ...current, email: undefined }));
            }}
            autoFocus
          />
        </Field>
        <Field label={fr.login.password} required validationMessage={errors.password}>
          <PasswordInput
            ref={passwordInput}
            name="password"
            autoComplete="current-password"
            value={password}
            onChange={(_, data) => {
              setPassword(data.value);
              setErrors((current) => ({ ...current, password: undefined }));
            }}
          />
        </Field>
        <div className={styles.options}>
          <Checkbox
            className={styles.remember}
            label={fr.login.remember}
            checked={remember}
            onChange={(_, data) => setRemember(data.checked === true)}
          />
          <RouterLink to="/recover/request">{fr.login.forgotPassword}</RouterLink>
        </div>
        <Button
          type="submit"
          appearance="primary"
          size="large"
          disabled={submitting}
          icon={submitting ? <Spinner size="tiny" appearance="inverted" /> : undefined}
        >
          {fr.login.submit}
        </Button>
      </form>
    </PublicLayout>
  );
}
