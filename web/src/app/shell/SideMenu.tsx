import { Fragment, useState, type MouseEvent } from 'react';
import {
  Avatar,
  NavCategory,
  NavCategoryItem,
  NavDrawer,
  NavDrawerBody,
  NavDrawerHeader,
  NavItem,
  NavSectionHeader,
  NavSubItem,
  NavSubItemGroup,
  Text,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { graphql, useFragment } from 'react-relay/hooks';
import { useLocation, useNavigate } from 'react-router';
import type { SideMenuFragment$key } from '../../__generated__/SideMenuFragment.graphql';
import { fr } from '../../i18n/fr';
import { isCategory, selectedMenuLink, sideMenus, type MenuLink } from './menus';

const useStyles = makeStyles({
  drawer: {
    width: '264px',
    height: '100%',
  },
  icon: {
    fontSize: '20px',
  },
  profile: {
    display: 'flex',
    alignItems: 'center',
    columnGap: tokens.spacingHorizontalM,
    paddingBlock: tokens.spacingVerticalL,
    marginBottom: tokens.spacingVerticalS,
    borderBottom: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
  },
  identity: {
    display: 'flex',
    flexDirection: 'column',
    minWidth: 0,
  },
  name: {
    overflow: 'hidden',
    textOverflow: 'ellipsis',
    whiteSpace: 'nowrap',
  },
  role: {
    color: tokens.colorNeutralForeground3,
  },
});

interface SideMenuProps {
  user: SideMenuFragment$key;
  /** Inline beside the page on wide screens, an overlay opened from the header on narrow ones. */
  type: 'inline' | 'overlay';
  open: boolean;
  onClose: () => void;
}

/** product.md §2: the left menu of the signed-in role, with the user's picture and full name. */
export function SideMenu({ user, type, open, onClose }: SideMenuProps) {
  const styles = useStyles();
  const { fullName, avatarUrl, role } = useFragment(
    graphql`
      fragment SideMenuFragment on User {
        fullName
        avatarUrl
        role
      }
    `,
    user,
  );
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const sections = sideMenus[role];
  const selected = selectedMenuLink(sections, pathname);

  // The category of the current screen opens by itself when the screen changes; the others stay
  // as the user left them (state adjusted while rendering, React's pattern for a change of prop).
  const selectedCategory = selected?.category?.id;
  const [openCategories, setOpenCategories] = useState<string[]>(() => (selectedCategory ? [selectedCategory] : []));
  const [shownCategory, setShownCategory] = useState(selectedCategory);
  if (selectedCategory !== shownCategory) {
    setShownCategory(selectedCategory);
    if (selectedCategory && !openCategories.includes(selectedCategory)) setOpenCategories([...openCategories, selectedCategory]);
  }

  const follow = (link: MenuLink) => (event: MouseEvent) => {
    // A plain click navigates inside the app; a middle or modified click opens a new tab.
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    void navigate(link.to);
    if (type === 'overlay') onClose();
  };

  return (
    <NavDrawer
      className={styles.drawer}
      type={type}
      open={open}
      onOpenChange={(_, data) => {
        if (!data.open) onClose();
      }}
      selectedValue={selected?.link.to ?? ''}
      selectedCategoryValue={selected?.category?.id ?? ''}
      openCategories={openCategories}
      onNavCategoryItemToggle={(_, data) => {
        const id = String(data.categoryValue ?? data.value);
        setOpenCategories((current) => (current.includes(id) ? current.filter((value) => value !== id) : [...current, id]));
      }}
      aria-label={fr.shell.mainMenu}
    >
      <NavDrawerHeader>
        <div className={styles.profile}>
          <Avatar size={48} name={fullName} image={avatarUrl ? { src: avatarUrl } : undefined} color="brand" />
          <div className={styles.identity}>
            <Text weight="semibold" className={styles.name} title={fullName}>
              {fullName}
            </Text>
            <Text size={200} className={styles.role}>
              {fr.roles[role]}
            </Text>
          </div>
        </div>
      </NavDrawerHeader>
      <NavDrawerBody>
        {sections.map((section, index) => (
          <Fragment key={section.title ?? index}>
            {section.title ? <NavSectionHeader>{section.title}</NavSectionHeader> : null}
            {section.entries.map((entry) => {
              if (!isCategory(entry)) {
                const Icon = entry.icon;
                return (
                  <NavItem
                    key={entry.to}
                    value={entry.to}
                    href={entry.to}
                    icon={Icon ? <Icon className={styles.icon} /> : undefined}
                    onClick={follow(entry)}
                  >
                    {entry.label}
                  </NavItem>
                );
              }
              const Icon = entry.icon;
              return (
                <NavCategory key={entry.id} value={entry.id}>
                  <NavCategoryItem icon={<Icon className={styles.icon} />}>{entry.label}</NavCategoryItem>
                  <NavSubItemGroup>
                    {entry.links.map((link) => (
                      <NavSubItem key={link.to} value={link.to} href={link.to} onClick={follow(link)}>
                        {link.label}
                      </NavSubItem>
                    ))}
                  </NavSubItemGroup>
                </NavCategory>
              );
            })}
          </Fragment>
        ))}
      </NavDrawerBody>
    </NavDrawer>
  );
}
