import type { ReactNode } from 'react';
import { Button, makeStyles, tokens } from '@fluentui/react-components';
import { NavigationRegular } from '@fluentui/react-icons/svg/navigation';
import { graphql, useFragment } from 'react-relay/hooks';
import { Link } from 'react-router';
import type { DashboardHeaderFragment$key } from '../../__generated__/DashboardHeaderFragment.graphql';
import { fr } from '../../i18n/fr';
import { Wordmark } from '../../ui/Wordmark';
import { UserMenu } from './UserMenu';

const useStyles = makeStyles({
  root: {
    position: 'sticky',
    top: 0,
    zIndex: 2,
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'space-between',
    columnGap: tokens.spacingHorizontalL,
    height: '64px',
    boxSizing: 'border-box',
    paddingInline: tokens.spacingHorizontalXL,
    backgroundColor: tokens.colorNeutralBackground1,
    borderBottom: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    boxShadow: tokens.shadow2,
    '@media (max-width: 640px)': {
      paddingInline: tokens.spacingHorizontalM,
    },
  },
  start: {
    display: 'flex',
    alignItems: 'center',
    columnGap: tokens.spacingHorizontalS,
  },
  home: {
    textDecoration: 'none',
    borderRadius: tokens.borderRadiusMedium,
    ':focus-visible': {
      outline: `${tokens.strokeWidthThick} solid ${tokens.colorStrokeFocus2}`,
      outlineOffset: '4px',
    },
  },
  end: {
    display: 'flex',
    alignItems: 'center',
    columnGap: tokens.spacingHorizontalS,
  },
  divider: {
    width: tokens.strokeWidthThin,
    height: '28px',
    marginInline: tokens.spacingHorizontalXS,
    backgroundColor: tokens.colorNeutralStroke2,
  },
});

interface DashboardHeaderProps {
  user: DashboardHeaderFragment$key;
  bell: ReactNode;
  /** On narrow screens the left menu is a drawer opened from here. */
  onOpenMenu?: () => void;
}

/** product.md §2 "Shell": the logo (to /dashboard), the notification bell, the user menu. */
export function DashboardHeader({ user, bell, onOpenMenu }: DashboardHeaderProps) {
  const styles = useStyles();
  const data = useFragment(
    graphql`
      fragment DashboardHeaderFragment on User {
        ...UserMenuFragment
      }
    `,
    user,
  );
  return (
    <header className={styles.root}>
      <div className={styles.start}>
        {onOpenMenu ? (
          <Button appearance="subtle" icon={<NavigationRegular />} aria-label={fr.shell.openMenu} onClick={onOpenMenu} />
        ) : null}
        <Link to="/dashboard" className={styles.home} aria-label={`${fr.productName}, ${fr.shell.home}`}>
          <Wordmark nameHiddenOnNarrowScreens />
        </Link>
      </div>
      <div className={styles.end}>
        {bell}
        <span className={styles.divider} aria-hidden />
        <UserMenu user={data} />
      </div>
    </header>
  );
}
