import { Button, Card, Text, makeStyles, tokens } from '@fluentui/react-components';
import { HomeRegular } from '@fluentui/react-icons/svg/home';
import { HourglassHalfRegular } from '@fluentui/react-icons/svg/hourglass-half';
import { useLocation, useNavigate } from 'react-router';
import { fr } from '../../i18n/fr';
import { PageHeader } from '../../ui/PageHeader';

const useStyles = makeStyles({
  card: {
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'center',
    rowGap: tokens.spacingVerticalM,
    padding: `${tokens.spacingVerticalXXXL} ${tokens.spacingHorizontalXXL}`,
    textAlign: 'center',
  },
  icon: {
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
    width: '64px',
    height: '64px',
    borderRadius: tokens.borderRadiusCircular,
    fontSize: '32px',
    backgroundColor: tokens.colorBrandBackground2,
    color: tokens.colorBrandForeground2,
  },
  text: {
    maxWidth: '460px',
    textAlign: 'center',
    color: tokens.colorNeutralForeground2,
  },
});

/** A /dashboard/… screen that a coming release brings: its title, and a way back. */
export function PlaceholderPage({ title }: { title: string }) {
  const styles = useStyles();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const isHome = pathname.replace(/\/+$/, '') === '/dashboard';
  return (
    <section>
      <PageHeader title={title} />
      <Card className={styles.card}>
        <span className={styles.icon} aria-hidden>
          <HourglassHalfRegular />
        </span>
        <Text as="h2" size={500} weight="semibold">
          {fr.placeholder.title}
        </Text>
        <Text className={styles.text}>{fr.placeholder.text}</Text>
        {isHome ? null : (
          <Button appearance="primary" icon={<HomeRegular />} onClick={() => navigate('/dashboard')}>
            {fr.placeholder.back}
          </Button>
        )}
      </Card>
    </section>
  );
}
