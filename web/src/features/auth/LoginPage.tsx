import { useEffect, useLayoutEffect, useRef, useState, type FormEvent } from 'react';
import { Button, Checkbox, Field, Input, MessageBar, MessageBarBody, Spinner, makeStyles, tokens } from '@fluentui/react-components';
import { useLocation, useSearchParams } from 'react-router';
import { takePrerenderedEntry, takingOver } from '../../app/prerender/takeover';
import { useSession } from '../../app/session/sessionContext';
import { accountsText } from '../../i18n/accounts';
import { authText } from '../../i18n/auth';
import { describeError } from '../../relay/ApiError';
import { PasswordInput } from '../../ui/PasswordInput';
import { RouterLink } from '../../ui/RouterLink';
import { useFormFields } from '../../ui/useFormFields';
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

/** product.md §5: the login form checks only that both fields are filled (a failed login shows no message). */
const loginRule = (field: 'email' | 'password', values: Record<'email' | 'password', string>) => {
  if (field === 'email') return values.email.trim() ? null : authText.login.emailRequired;
  return values.password ? null : authText.login.passwordRequired;
};

// product.md §2's toasts for /login?action=…: requests are now decided in the app (docs/decisions.md), the routes stay.
const accountRequestToasts = {
  denyUser: { intent: 'info', message: accountsText.request.denied },
  approveUser: { intent: 'success', message: accountsText.request.approved },
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
  const form = useFormFields({ email: '', password: '' }, loginRule, { afterSubmit: true });
  const { email, password } = form.values;
  const [remember, setRemember] = useState(true);
  const [submitting, setSubmitting] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const passwordInput = useRef<HTMLInputElement>(null);

  // The page may have been prerendered and used before the app took it over (app/prerender): the
  // visitor's entries and focus carry over, and a press on « Connexion » is honoured once they are
  // in the live form. Read in a layout effect, in the very commit that replaced that markup:
  // nothing typed can slip in between.
  const formElement = useRef<HTMLFormElement>(null);
  // Taking over, the focus goes back where the visitor had it, not to the first field.
  const [autoFocus] = useState(() => !takingOver());
  const [submitTakenOver, setSubmitTakenOver] = useState(false);
  /* eslint-disable react-hooks/set-state-in-effect -- the prerendered markup is an outside system
     read once, at the commit that replaced it: its state cannot be known before then. */
  useLayoutEffect(() => {
    const entry = takePrerenderedEntry();
    if (!entry) return;
    if (entry.values.email) form.change('email', entry.values.email);
    if (entry.values.password) form.change('password', entry.values.password);
    if (entry.checked.remember !== undefined) setRemember(entry.checked.remember);
    entry.restoreFocus();
    setSubmitTakenOver(entry.submitted);
    // Once, at the takeover: `form` is a new object at each render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  /* eslint-enable react-hooks/set-state-in-effect */
  useEffect(() => {
    if (submitTakenOver) formElement.current?.requestSubmit();
  }, [submitTakenOver]);

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
      { replace: true, state: location.state as unknown },
    );
  }, [action, toast, setSearchParams, location.state]);

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const trimmedEmail = email.trim();
    if (!form.validate(['email', 'password'])) return;

    setSubmitting(true);
    setFailure(null);
    try {
      // On success the session changes and the login route navigates away.
      await signIn({ email: trimmedEmail, password, remember });
    } catch (error) {
      // The server's words: « Identifiant ou mot de passe incorrect. », the same for an unknown account
      // (docs/decisions.md: the spec showed nothing), or why it could not answer. The password is
      // offered for a new attempt.
      setFailure(describeError(error));
      setSubmitting(false);
      passwordInput.current?.select();
    }
  };

  return (
    <PublicLayout
      title={authText.login.title}
      subtitle={authText.login.subtitle}
      links={<RouterLink to="/createaccount">{authText.login.register}</RouterLink>}
    >
      {/* `method="dialog"` outside a dialog never submits: pressed in the prerendered page before the
          app has loaded, Enter must not send the password in the address (the app submits it). */}
      <form ref={formElement} className={styles.form} method="dialog" noValidate onSubmit={handleSubmit}>
        <Field label={authText.login.email} required validationMessage={form.errorOf('email') ?? undefined}>
          {/* The server accepts the e-mail address or the account's identifier. */}
          <Input
            name="email"
            inputMode="email"
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            placeholder={authText.login.emailPlaceholder}
            value={email}
            onChange={(_, data) => form.change('email', data.value)}
            // eslint-disable-next-line jsx-a11y/no-autofocus -- a public page whose one form is its whole purpose starts in its first field, as the keyboard e2e asserts (signed-in screens focus their title instead, ui/titleFocus.ts)
            autoFocus={autoFocus}
          />
        </Field>
        <Field label={authText.login.password} required validationMessage={form.errorOf('password') ?? undefined}>
          <PasswordInput
            ref={passwordInput}
            name="password"
            autoComplete="current-password"
            value={password}
            onChange={(_, data) => form.change('password', data.value)}
          />
        </Field>
        <div className={styles.options}>
          <Checkbox
            name="remember"
            className={styles.remember}
            label={authText.login.remember}
            checked={remember}
            onChange={(_, data) => setRemember(data.checked === true)}
          />
          <RouterLink to="/recover/request">{authText.login.forgotPassword}</RouterLink>
        </div>
        {failure ? (
          <MessageBar intent="error" politeness="assertive">
            <MessageBarBody>{failure}</MessageBarBody>
          </MessageBar>
        ) : null}
        <Button
          type="submit"
          appearance="primary"
          size="large"
          disabled={submitting}
          icon={submitting ? <Spinner size="tiny" appearance="inverted" /> : undefined}
        >
          {authText.login.submit}
        </Button>
      </form>
    </PublicLayout>
  );
}
