import { Button, makeStyles, tokens } from '@fluentui/react-components';
import { MailCheckmarkRegular } from '@fluentui/react-icons/svg/mail-checkmark';
import { useNavigate } from 'react-router';
import { authText } from '../../i18n/auth';
import { RouterLink } from '../../ui/RouterLink';
import { PublicLayout } from './PublicLayout';

const useStyles = makeStyles({
  actions: {
    display: 'flex',
    flexDirection: 'column',
    rowGap: tokens.spacingVerticalL,
  },
});

/** product.md §2 /forgotpassword: the reset e-mail is on its way. */
export default function ForgotPasswordPage() {
  const styles = useStyles();
  const navigate = useNavigate();
  return (
    <PublicLayout
      icon={<MailCheckmarkRegular />}
      title={authText.forgotPassword.title}
      subtitle={authText.forgotPassword.text}
      documentTitle={authText.recover.title}
      links={<RouterLink to="/recover/request">{authText.forgotPassword.resend}</RouterLink>}
    >
      <div className={styles.actions}>
        <Button appearance="primary" size="large" onClick={() => navigate('/login')}>
          {authText.forgotPassword.backToLogin}
        </Button>
      </div>
    </PublicLayout>
  );
}
