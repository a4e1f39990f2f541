import { useEffect, useRef, type ReactNode } from 'react';
import { Text, makeStyles, tokens } from '@fluentui/react-components';
import { takeTitleFocus } from './titleFocus';

const useStyles = makeStyles({
  root: {
    display: 'flex',
    alignItems: 'flex-end',
    justifyContent: 'space-between',
    flexWrap: 'wrap',
    columnGap: tokens.spacingHorizontalL,
    rowGap: tokens.spacingVerticalM,
    marginBottom: tokens.spacingVerticalXL,
  },
  text: {
    display: 'flex',
    flexDirection: 'column',
    rowGap: tokens.spacingVerticalXS,
    minWidth: 0,
  },
  // product.md §2: screen titles are shown in capitals (« MES CONSTATS EN COURS », « TOUTES LES
  // NOTIFICATIONS »); the text stays in sentence case for screen readers, which would spell out
  // capital letters.
  title: {
    margin: 0,
    // An empty title (the prerendered skeleton's, filled in by its starter) keeps its line's height.
    minHeight: tokens.lineHeightHero700,
    letterSpacing: '0.01em',
    textTransform: 'uppercase',
    // Focused by script after a navigation (titleFocus.ts) for screen readers and the next Tab; a
    // title is no control, so no ring (a page opened afresh would otherwise show one around it).
    ':focus': { outline: 'none' },
  },
  description: {
    color: tokens.colorNeutralForeground2,
  },
  actions: {
    display: 'flex',
    flexWrap: 'wrap',
    columnGap: tokens.spacingHorizontalS,
    rowGap: tokens.spacingVerticalS,
  },
});

interface PageHeaderProps {
  title: string;
  description?: ReactNode;
  /** Buttons on the right ('Créer un compte', 'Signaler une absence ou un congé'…). */
  actions?: ReactNode;
  /**
   * Drawn in a screen's skeleton while the screen loads: the same place and look, but no heading
   * (hidden from assistive technologies, which hear the skeleton's « Chargement... » instead) and no
   * focus taken: both are the screen's own title's, once it arrives.
   */
  placeholder?: boolean;
}

/** The title block of a dashboard screen. */
export function PageHeader({ title, description, actions, placeholder = false }: PageHeaderProps) {
  const styles = useStyles();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    // preventScroll: the shell has just scrolled the new screen to its top.
    if (!placeholder && takeTitleFocus()) heading.current?.focus({ preventScroll: true });
  }, [placeholder]);
  // data-screen-title: where the prerendered dashboard's starter writes the title (app/prerender).
  const element = placeholder
    ? ({ as: 'p', 'data-screen-title': '', 'aria-hidden': true } as const)
    : ({ as: 'h1', tabIndex: -1 } as const);
  return (
    <header className={styles.root}>
      <div className={styles.text}>
        {/* The heading's tabIndex -1: focusable by the script above only, not a Tab stop. */}
        <Text ref={heading} size={700} weight="semibold" className={styles.title} {...element}>
          {title}
        </Text>
        {description ? <Text className={styles.description}>{description}</Text> : null}
      </div>
      {actions ? <div className={styles.actions}>{actions}</div> : null}
    </header>
  );
}
