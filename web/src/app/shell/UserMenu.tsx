import { useState } from 'react';
import {
  Avatar,
  Button,
  Menu,
  MenuDivider,
  MenuItem,
  MenuList,
  MenuPopover,
  MenuTrigger,
  Spinner,
  Text,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { ChevronDownRegular } from '@fluentui/react-icons/svg/chevron-down';
import { InfoRegular } from '@fluentui/react-icons/svg/info';
import { PersonRegular } from '@fluentui/react-icons/svg/person';
import { SignOutRegular } from '@fluentui/react-icons/svg/sign-out';
import { graphql, useFragment } from 'react-relay/hooks';
import { useNavigate } from 'react-router';
import type { UserMenuFragment$key } from '../../__generated__/UserMenuFragment.graphql';
import { fr } from '../../i18n/fr';
import { VisuallyHidden } from '../../ui/VisuallyHidden';
import { appVersion } from '../../version';
import { profilePath } from '../routing/dashboardRoutes';
import { useSession } from '../session/sessionContext';

const useStyles = makeStyles({
  trigger: {
    minWidth: 0,
    paddingInline: tokens.spacingHorizontalS,
    columnGap: tokens.spacingHorizontalS,
    fontWeight: tokens.fontWeightRegular,
  },
  identity: {
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'flex-start',
    textAlign: 'start',
    '@media (max-width: 640px)': {
      display: 'none',
    },
  },
  role: {
    color: tokens.colorNeutralForeground3,
  },
  chevron: {
    color: tokens.colorNeutralForeground3,
  },
  header: {
    display: 'flex',
    alignItems: 'center',
    columnGap: tokens.spacingHorizontalM,
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalS}`,
  },
  headerText: {
    display: 'flex',
    flexDirection: 'column',
    minWidth: 0,
  },
  email: {
    color: tokens.colorNeutralForeground3,
    overflow: 'hidden',
    textOverflow: 'ellipsis',
  },
});

/** product.md §2: the user dropdown (name, avatar, Profil, 'Se déconnecter', 'Version: x'). */
export function UserMenu({ user }: { user: UserMenuFragment$key }) {
  const styles = useStyles();
  const { signOut } = useSession();
  const navigate = useNavigate();
  const [signingOut, setSigningOut] = useState(false);
  const { firstName, lastName, fullName, email, role, avatarUrl } = useFragment(
    graphql`
      fragment UserMenuFragment on User {
        firstName
        lastName
        fullName
        email
        role
        avatarUrl
      }
    `,
    user,
  );
  const avatar = (size: 32 | 40, decorative = false) => (
    // Without a picture, Fluent's avatar shows the initials: the default avatar (product.md §3).
    <Avatar
      size={size}
      name={fullName}
      image={avatarUrl ? { src: avatarUrl } : undefined}
      color="brand"
      aria-hidden={decorative || undefined}
    />
  );

  const handleSignOut = () => {
    setSigningOut(true);
    // Signing out unmounts the dashboard, so there is nothing to reset afterwards.
    void signOut();
  };

  return (
    <Menu positioning={{ position: 'below', align: 'end' }}>
      <MenuTrigger disableButtonEnhancement>
        {/* Named by what it shows, then what it does (WCAG 2.5.3): « Prénom Nom Rôle, menu du compte ». */}
        <Button appearance="subtle" className={styles.trigger}>
          {avatar(32, true)}
          <span className={styles.identity}>
            <Text weight="semibold">
              {firstName} {lastName}
            </Text>
            <Text size={200} className={styles.role}>
              {fr.roles[role]}
            </Text>
          </span>
          <VisuallyHidden>{fr.shell.userMenu}</VisuallyHidden>
          {signingOut ? <Spinner size="tiny" /> : <ChevronDownRegular className={styles.chevron} />}
        </Button>
      </MenuTrigger>
      <MenuPopover>
        <div className={styles.header}>
          {avatar(40)}
          <div className={styles.headerText}>
            <Text weight="semibold">{fullName}</Text>
            {email ? (
              <Text size={200} className={styles.email}>
                {email}
              </Text>
            ) : null}
          </div>
        </div>
        <MenuDivider />
        <MenuList>
          <MenuItem icon={<PersonRegular />} onClick={() => navigate(profilePath[role])}>
            {fr.shell.profile}
          </MenuItem>
          <MenuItem icon={<SignOutRegular />} disabled={signingOut} onClick={handleSignOut}>
            {fr.shell.signOut}
          </MenuItem>
          <MenuDivider />
          <MenuItem icon={<InfoRegular />} disabled>
            {fr.shell.version(appVersion)}
          </MenuItem>
        </MenuList>
      </MenuPopover>
    </Menu>
  );
}
