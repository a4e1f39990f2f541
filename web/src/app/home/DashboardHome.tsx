import { Card, Text, makeStyles, tokens } from '@fluentui/react-components';
import { DocumentBulletListRegular } from '@fluentui/react-icons/svg/document-bullet-list';
import { fr } from '../../i18n/fr';

const useStyles = makeStyles({
  root: {
    display: 'flex',
    flexDirection: 'column',
    rowGap: tokens.spacingVerticalL,
  },
  title: {
    margin: 0,
  },
  card: {
    display: 'flex',
    flexDirection: 'row',
    alignItems: 'center',
    columnGap: tokens.spacingHorizontalL,
    padding: tokens.spacingHorizontalXL,
  },
  text: {
    display: 'flex',
    flexDirection: 'column',
    rowGap: tokens.spacingVerticalXXS,
  },
  intro: {
    color: tokens.colorNeutralForeground2,
  },
  icon: {
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
    flexShrink: 0,
    width: '48px',
    height: '48px',
    borderRadius: tokens.borderRadiusCircular,
    fontSize: '24px',
    backgroundColor: tokens.colorBrandBackground2,
    color: tokens.colorBrandForeground2,
  },
});

/** The landing page of /dashboard until the per-role home pages exist. */
export function DashboardHome() {
  const styles = useStyles();
  return (
    <section className={styles.root}>
      <Text as="h1" size={700} weight="semibold" className={styles.title}>
        {fr.dashboard.title}
      </Text>
      <Card className={styles.card}>
        <span className={styles.icon} aria-hidden>
          <DocumentBulletListRegular />
        </span>
        <div className={styles.text}>
          <Text weight="semibold">{fr.dashboard.welcome}</Text>
          <Text className={styles.intro}>{fr.dashboard.intro}</Text>
        </div>
      </Card>
    </section>
  );
}
