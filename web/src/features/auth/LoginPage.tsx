import { useEffect, useRef, useState, type FormEvent } from 'react';
import {
  Button,
  Checkbox,
  Field,
  Input,
  Spinner,
  Text,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { EyeRegular } from '@fluentui/react-icons/svg/eye';
import { EyeOffRegular } from '@fluentui/react-icons/svg/eye-off';
import { useLocation, useSearchParams } from 'react-router';
import { useSession } from '../../app/session/sessionContext';
import { fr } from '../../i18n/fr';
import { RouterLink } from '../../ui/RouterLink';
import { Wordmark } from '../../ui/Wordmark';
import { useToast } from '../../ui/toasts';

const useStyles = makeStyles({
  page: {
    minHeight: '100vh',
    boxSizing: 'border-box',
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'center',
    justifyContent: 'center',
    rowGap: tokens.spacingVerticalXL,
    padding: tokens.spacingHorizontalL,
    backgroundColor: tokens.colorNeutralBackground2,
    backgroundImage: `radial-gradient(ellipse at top, ${tokens.colorBrandBackground2}, transparent 60%)`,
  },
  card: {
    width: '100%',
    maxWidth: '420px',
    boxSizing: 'border-box',
    display: 'flex',
    flexDirection: 'column',
    rowGap: tokens.spacingVerticalXXL,
    padding: `${tokens.spacingVerticalXXXL} ${tokens.spacingHorizontalXXXL}`,
    backgroundColor: tokens.colorNeutralBackground1,
    borderRadius: tokens.borderRadiusXLarge,
    boxShadow: tokens.shadow16,
    '@media (max-width: 480px)': {
      padding: `${tokens.spacingVerticalXXL} ${tokens.spacingHorizontalXL}`,
    },
  },
  heading: {
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'center',
    rowGap: tokens.spacingVerticalS,
    textAlign: 'center',
  },
  wordmark: {
    marginBottom: tokens.spacingVerticalM,
  },
  title: {
    margin: 0,
  },
  subtitle: {
    color: tokens.colorNeutralForeground2,
  },
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
  register: {
    display: 'flex',
    justifyContent: 'center',
    paddingTop: tokens.spacingVerticalL,
    borderTop: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
  },
  footer: {
    maxWidth: '420px',
    textAlign: 'center',
    color: tokens.colorNeutralForeground3,
  },
});

interface FieldErrors {
  email?: string;
  password?: string;
}

// Spec §2: administrators land here from the e-mail that settles a registration request.
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
  const [passwordVisible, setPasswordVisible] = useState(false);
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
    <div className={styles.page}>
      <main className={styles.card}>
        <div className={styles.heading}>
          <span className={styles.wordmark}>
            <Wordmark size="large" />
          </span>
          <Text as="h1" size={500} weight="semibold" className={styles.title}>
            {fr.login.title}
          </Text>
          <Text className={styles.subtitle}>{fr.login.subtitle}</Text>
        </div>

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
            <Input
              ref={passwordInput}
              type={passwordVisible ? 'text' : 'password'}
              name="password"
              autoComplete="current-password"
              value={password}
              onChange={(_, data) => {
                setPassword(data.value);
                setErrors((current) => ({ ...current, password: undefined }));
              }}
              contentAfter={
                <Button
                  appearance="transparent"
                  size="small"
                  icon={passwordVisible ? <EyeOffRegular /> : <EyeRegular />}
                  aria-label={passwordVisible ? fr.login.hidePassword : fr.login.showPassword}
                  onClick={() => setPasswordVisible((visible) => !visible)}
                />
              }
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

        <div className={styles.register}>
          <RouterLink to="/createaccount">{fr.login.register}</RouterLink>
        </div>
      </main>
      <Text as="p" size={200} className={styles.footer}>
        {fr.login.footer}
      </Text>
    </div>
  );
}
