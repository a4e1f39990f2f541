import { useEffect, type ReactNode } from 'react';
import { Text, makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { fr } from '../../i18n/fr';
import { authText } from '../../i18n/auth';
import { Wordmark } from '../../ui/Wordmark';

const useStyles = makeStyles({
  page: {
    minHeight: '100vh',
    boxSizing: 'border-box',
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'center',
    justifyContent: 'center',
    rowGap: tokens.spacingVerticalXL,
    padding: `${tokens.spacingVerticalXXXL} ${tokens.spacingHorizontalL}`,
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
  wide: {
    maxWidth: '720px',
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
    maxWidth: '480px',
    textAlign: 'center',
  },
  icon: {
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
    width: '56px',
    height: '56px',
    marginBottom: tokens.spacingVerticalS,
    borderRadius: tokens.borderRadiusCircular,
    fontSize: '28px',
    backgroundColor: tokens.colorBrandBackground2,
    color: tokens.colorBrandForeground2,
  },
  footerLinks: {
    display: 'flex',
    justifyContent: 'center',
    flexWrap: 'wrap',
    columnGap: tokens.spacingHorizontalL,
    paddingTop: tokens.spacingVerticalL,
    borderTop: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
  },
  footer: {
    maxWidth: '420px',
    margin: 0,
    textAlign: 'center',
    color: tokens.colorNeutralForeground3,
  },
});

interface PublicLayoutProps {
  title: string;
  subtitle?: ReactNode;
  /** An icon shown above the title (confirmation pages). */
  icon?: ReactNode;
  /** Registration needs room for two columns. */
  wide?: boolean;
  /** Links under a rule at the bottom of the card. */
  links?: ReactNode;
  /** The browser tab title; the page title by default. */
  documentTitle?: string;
  children?: ReactNode;
}

/** The frame of every public page: the brand, a card with the page's title, the footer. */
export function PublicLayout({ title, subtitle, icon, wide, links, documentTitle, children }: PublicLayoutProps) {
  const styles = useStyles();
  useEffect(() => {
    document.title = documentTitle ? `${documentTitle} · ${fr.productName}` : fr.productName;
    return () => {
      document.title = fr.productName;
    };
  }, [documentTitle]);

  return (
    <div className={styles.page}>
      <main className={mergeClasses(styles.card, wide && styles.wide)}>
        <div className={styles.heading}>
          {icon ? (
            <span className={styles.icon} aria-hidden>
              {icon}
            </span>
          ) : (
            <span className={styles.wordmark}>
              <Wordmark size="large" />
            </span>
          )}
          <Text as="h1" size={500} weight="semibold" className={styles.title}>
            {title}
          </Text>
          {subtitle ? <Text className={styles.subtitle}>{subtitle}</Text> : null}
        </div>
        {children}
        {links ? <div className={styles.footerLinks}>{links}</div> : null}
      </main>
      <Text as="p" size={200} className={styles.footer}>
        {authText.login.footer}
      </Text>
    </div>
  );
}
