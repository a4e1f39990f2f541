import { useCallback, useEffect, useRef, useState } from 'react';
import {
  Button,
  Popover,
  PopoverSurface,
  PopoverTrigger,
  Tab,
  TabList,
  Text,
  makeStyles,
  tokens,
  useRestoreFocusTarget,
} from '@fluentui/react-components';
import { AlertRegular } from '@fluentui/react-icons/svg/alert';
import { ArrowRightRegular } from '@fluentui/react-icons/svg/arrow-right';
import { graphql, useFragment } from 'react-relay/hooks';
import { useNavigate } from 'react-router';
import type { NotificationBellFragment$key } from '../../__generated__/NotificationBellFragment.graphql';
import { fr } from '../../i18n/fr';
import { ContentDialog, type ContentDialogItem } from '../../ui/ContentDialog';
import { newsListPath, type Role } from '../routing/dashboardRoutes';
import { BellNews } from './BellNews';
import { BellNotification } from './BellNotification';
import { useBellDismiss } from './useBellDismiss';

// product.md §9: the panel shows at most 6 items.
export const BELL_ITEMS = 6;

const useStyles = makeStyles({
  bellIcon: {
    position: 'relative',
    display: 'inline-flex',
  },
  dot: {
    position: 'absolute',
    top: '-1px',
    right: '-1px',
    width: '9px',
    height: '9px',
    borderRadius: tokens.borderRadiusCircular,
    backgroundColor: tokens.colorPaletteRedBackground3,
    boxShadow: `0 0 0 2px ${tokens.colorNeutralBackground1}`,
    pointerEvents: 'none',
  },
  surface: {
    width: '400px',
    maxWidth: 'calc(100vw - 24px)',
    padding: 0,
    display: 'flex',
    flexDirection: 'column',
    overflow: 'hidden',
  },
  tabs: {
    paddingInline: tokens.spacingHorizontalS,
    borderBottom: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
  },
  list: {
    listStyle: 'none',
    margin: 0,
    padding: 0,
    maxHeight: 'min(60vh, 480px)',
    overflowY: 'auto',
  },
  empty: {
    padding: `${tokens.spacingVerticalXXL} ${tokens.spacingHorizontalL}`,
    textAlign: 'center',
    color: tokens.colorNeutralForeground3,
  },
  footer: {
    display: 'flex',
    justifyContent: 'flex-end',
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalM}`,
    borderTop: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    backgroundColor: tokens.colorNeutralBackground2,
  },
  count: {
    marginInlineStart: tokens.spacingHorizontalXS,
    color: tokens.colorNeutralForeground3,
  },
});

type TabValue = 'notifications' | 'news';

/**
 * product.md §2: the bell of the header. Red dot while something is unread; a panel with the latest
 * notifications (checkbox to mark each read) and, except for bailiffs, the latest news. Kept live
 * by the shell's subscriptions, never polled.
 */
export function NotificationBell({
  query,
  role,
  onOpenChange,
}: {
  query: NotificationBellFragment$key;
  role: Role;
  /** Told each time the panel opens or closes (the shell makes the screen under it inert). */
  onOpenChange: (open: boolean) => void;
}) {
  const styles = useStyles();
  const navigate = useNavigate();
  const [open, setOpenState] = useState(false);
  const setOpen = useCallback(
    (next: boolean) => {
      setOpenState(next);
      onOpenChange(next);
    },
    [onOpenChange],
  );
  // A bell gone while its panel was open leaves no screen out of reach behind it.
  useEffect(() => () => onOpenChange(false), [onOpenChange]);
  const [tab, setTab] = useState<TabValue>('notifications');
  const [opened, setOpened] = useState<ContentDialogItem | null>(null);
  const dismiss = useBellDismiss(
    open,
    useCallback(() => setOpen(false), [setOpen]),
  );
  const data = useFragment(
    graphql`
      fragment NotificationBellFragment on Query @argumentDefinitions(withNews: { type: "Boolean!" }) {
        unreadNotificationCount
        notifications(first: 6) @connection(key: "NotificationBell_notifications") {
          edges {
            node {
              id
              ...BellNotificationFragment
            }
          }
        }
        news(first: 6) @include(if: $withNews) @connection(key: "NotificationBell_news") {
          edges {
            node {
              id
              isRead
              ...BellNewsFragment
            }
          }
        }
      }
    `,
    query,
  );

  const notifications = data.notifications.edges.slice(0, BELL_ITEMS);
  const news = data.news?.edges.slice(0, BELL_ITEMS) ?? null;
  const unreadNews = news?.filter((edge) => !edge.node.isRead).length ?? 0;
  const unread = data.unreadNotificationCount + unreadNews;
  const newsPath = newsListPath[role];

  // The item opened leaves with the panel: the bell takes the focus, and gets it back when the
  // item's dialog closes (product.md §13: focus moved into and back out of every dialog).
  const bellButton = useRef<HTMLButtonElement>(null);
  const restoreFocusHere = useRestoreFocusTarget();
  const openItem = (item: ContentDialogItem) => {
    setOpen(false);
    bellButton.current?.focus();
    setOpened(item);
  };
  const seeAll = () => {
    setOpen(false);
    void navigate(tab === 'news' && newsPath ? newsPath : '/dashboard/seeallnotifications');
  };

  return (
    <>
      <Popover
        open={open}
        onOpenChange={(_, state) => setOpen(state.open)}
        positioning={{ position: 'below', align: 'end', offset: 8 }}
        trapFocus
        withArrow
      >
        <PopoverTrigger disableButtonEnhancement>
          <Button
            appearance="subtle"
            size="large"
            icon={
              <span className={styles.bellIcon}>
                <AlertRegular />
                {unread > 0 ? <span className={styles.dot} data-testid="bell-dot" aria-hidden /> : null}
              </span>
            }
            {...dismiss}
            {...restoreFocusHere}
            ref={bellButton}
            aria-label={fr.bell.unreadLabel(unread)}
            title={fr.bell.label}
            data-unread={unread > 0 ? 'true' : 'false'}
          />
        </PopoverTrigger>
        <PopoverSurface className={styles.surface} aria-label={fr.bell.label} {...dismiss}>
          <TabList className={styles.tabs} selectedValue={tab} onTabSelect={(_, selected) => setTab(selected.value as TabValue)}>
            <Tab value="notifications">
              {fr.bell.notificationsTab}
              {data.unreadNotificationCount > 0 ? <span className={styles.count}>({data.unreadNotificationCount})</span> : null}
            </Tab>
            {news ? (
              <Tab value="news">
                {fr.bell.newsTab}
                {unreadNews > 0 ? <span className={styles.count}>({unreadNews})</span> : null}
              </Tab>
            ) : null}
          </TabList>

          {tab === 'notifications' || !news ? (
            notifications.length > 0 ? (
              <ul className={styles.list} aria-label={fr.bell.notificationsTab}>
                {notifications.map(({ node }) => (
                  <BellNotification key={node.id} notification={node} onOpen={openItem} />
                ))}
              </ul>
            ) : (
              <Text className={styles.empty}>{fr.bell.noNotifications}</Text>
            )
          ) : news.length > 0 ? (
            <ul className={styles.list} aria-label={fr.bell.newsTab}>
              {news.map(({ node }) => (
                <BellNews key={node.id} news={node} onOpen={openItem} />
              ))}
            </ul>
          ) : (
            <Text className={styles.empty}>{fr.bell.noNews}</Text>
          )}

          <div className={styles.footer}>
            <Button appearance="primary" size="small" icon={<ArrowRightRegular />} iconPosition="after" onClick={seeAll}>
              {fr.bell.seeAll}
            </Button>
          </div>
        </PopoverSurface>
      </Popover>
      <ContentDialog item={opened} onClose={() => setOpened(null)} />
    </>
  );
}
