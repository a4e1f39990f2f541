import { useState } from 'react';
import {
  Avatar,
  Button,
  Spinner,
  Text,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { SignOutRegular } from '@fluentui/react-icons/svg/sign-out';
import { graphql, useFragment } from 'react-relay/hooks';
import { Link } from 'react-router';
import type { DashboardHeaderFragment$key } from '../../__generated__/DashboardHeaderFragment.graphql';
import { fr } from '../../i18n/fr';
import { Wordmark } from '../../ui/Wordmark';
import { useSession } from '../session/sessionContext';

const useStyles = makeStyles({
  root: {
    position: 'sticky',
    top: 0,
    zIndex: 1,
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'space-between',
    columnGap: tokens.spacingHorizontalL,
    height: '64px',
    paddingInline: tokens.spacingHorizontalXXL,
    backgroundColor: tokens.colorNeutralBackground1,
    borderBottom: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    boxShadow: tokens.shadow2,
    '@media (max-width: 640px)': {
      paddingInline: tokens.spacingHorizontalL,
    },
  },
  home: {
    textDecoration: 'none',
    borderRadius: tokens.borderRadiusMedium,
    ':focus-visible': {
      outline: `${tokens.strokeWidthThick} solid ${tokens.colorStrokeFocus2}`,
      outlineOffset: '4px',
    },
  },
  user: {
    display: 'flex',
    alignItems: 'center',
    columnGap: tokens.spacingHorizontalM,
  },
  identity: {
    display: 'flex',
    flexDirection: 'column',
    '@media (max-width: 640px)': {
      display: 'none',
    },
  },
  role: {
    color: tokens.colorNeutralForeground3,
  },
  divider: {
    width: tokens.strokeWidthThin,
    height: '28px',
    marginInline: tokens.spacingHorizontalXS,
    backgroundColor: tokens.colorNeutralStroke2,
  },
});

export function DashboardHeader({ user }: { user: DashboardHeaderFragment$key }) {
  const styles = useStyles();
  const { signOut } = useSession();
  const [signingOut, setSigningOut] = useState(false);
  const { firstName, lastName, fullName, role, avatarUrl } = useFragment(
    graphql`
      fragment DashboardHeaderFragment on User {
        firstName
        lastName
        fullName
        role
        avatarUrl
      }
    `,
    user,
  );

  const handleSignOut = () => {
    setSigningOut(true);
    // Signing out unmounts the dashboard, so there is nothing to reset afterwards.
    void signOut();
  };

  return (
    <header className={styles.root}>
      <Link to="/dashboard" className={styles.home} aria-label={fr.productName}>
        <Wordmark nameHiddenOnNarrowScreens />
      </Link>
      <div className={styles.user}>
        <Avatar name={fullName} image={avatarUrl ? { src: avatarUrl } : undefined} color="brand" />
        <div className={styles.identity}>
          <Text weight="semibold">{fr.shell.greeting(firstName, lastName)}</Text>
          <Text size={200} className={styles.role}>
            {fr.roles[role]}
          </Text>
        </div>
        <span className={styles.divider} aria-hidden />
        <Button
          appearance="subtle"
          icon={signingOut ? <Spinner size="tiny" /> : <SignOutRegular />}
          disabled={signingOut}
          onClick={handleSignOut}
        >
          {fr.shell.signOut}
        </Button>
      </div>
    </header>
  );
}
