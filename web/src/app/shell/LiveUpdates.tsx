import { useMemo } from 'react';
import { Button, ToastTrigger } from '@fluentui/react-components';
import { graphql, useSubscription } from 'react-relay/hooks';
import { useNavigate } from 'react-router';
import { ConnectionHandler, type GraphQLSubscriptionConfig, type RecordProxy, type RecordSourceSelectorProxy } from 'relay-runtime';
import type { LiveUpdatesNewsSubscription } from '../../__generated__/LiveUpdatesNewsSubscription.graphql';
import type { LiveUpdatesNotificationSubscription } from '../../__generated__/LiveUpdatesNotificationSubscription.graphql';
import { fr } from '../../i18n/fr';
import { addToCount, readValue } from '../../relay/storeValues';
import { useAnnounce } from '../../ui/LiveAnnouncer';
import { useToast } from '../../ui/toasts';
import { notificationTitle } from './BellNotification';

const notificationSubscription = graphql`
  subscription LiveUpdatesNotificationSubscription {
    notificationAdded {
      id
      isRead
      createdAt
      body
      kind
      ...BellNotificationFragment
    }
  }
`;

const newsSubscription = graphql`
  subscription LiveUpdatesNewsSubscription {
    newsPublished {
      id
      isRead
      important
      title
      ...BellNewsFragment
    }
  }
`;

// The lists that show the latest items first: a live item goes on top of each one loaded.
const notificationConnections = ['NotificationBell_notifications', 'AllNotificationsPage_notifications'];
const newsConnections = ['NotificationBell_news', 'NewsListPage_news'];

function holds(connection: RecordProxy, node: RecordProxy): boolean {
  const edges = connection.getLinkedRecords('edges') ?? [];
  return edges.some((edge) => edge?.getLinkedRecord('node')?.getDataID() === node.getDataID());
}

/** Puts `node` first in each named connection of the root that does not hold it yet. */
function prepend(store: RecordSourceSelectorProxy, node: RecordProxy, keys: string[], edgeType: string): void {
  for (const key of keys) {
    const connection = ConnectionHandler.getConnection(store.getRoot(), key);
    // A refetch after a reconnection may already have brought it.
    if (!connection || holds(connection, node)) continue;
    ConnectionHandler.insertEdgeBefore(connection, ConnectionHandler.createEdge(store, connection, node, edgeType));
    addToCount(connection, 'totalCount', 1);
  }
}

function NotificationsLive() {
  const announce = useAnnounce();
  const config = useMemo<GraphQLSubscriptionConfig<LiveUpdatesNotificationSubscription>>(
    () => ({
      subscription: notificationSubscription,
      variables: {},
      updater: (store) => {
        const node = store.getRootField('notificationAdded');
        if (!node) return;
        const root = store.getRoot();
        const bell = ConnectionHandler.getConnection(root, notificationConnections[0]);
        const alreadyCounted = bell != null && holds(bell, node);
        prepend(store, node, notificationConnections, 'QueryNotificationsConnectionEdge');
        // The red dot appears as soon as the event arrives (product.md §2).
        if (!alreadyCounted && readValue(node, 'isRead') === false) addToCount(root, 'unreadNotificationCount', 1);
      },
      // The red dot is seen; screen readers hear it, the focus staying where it is.
      onNext: (data) => {
        if (data?.notificationAdded) announce(fr.bell.arrived(notificationTitle(data.notificationAdded.kind)));
      },
      // Live updates are a comfort: a failure must not break the screen (product.md §8: ignored).
      onError: () => {},
    }),
    [announce],
  );
  useSubscription(config);
  return null;
}

function NewsLive({ newsPath }: { newsPath: string }) {
  const toast = useToast();
  const navigate = useNavigate();
  const config = useMemo<GraphQLSubscriptionConfig<LiveUpdatesNewsSubscription>>(
    () => ({
      subscription: newsSubscription,
      variables: {},
      updater: (store) => {
        const node = store.getRootField('newsPublished');
        if (node) prepend(store, node, newsConnections, 'QueryNewsConnectionEdge');
      },
      // An important news item is put in front of whoever is online and has not read it (its author
      // has), and stays until read or closed: a bell's red dot is easily missed while typing.
      onNext: (data) => {
        const news = data?.newsPublished;
        if (!news?.important || news.isRead) return;
        toast('warning', fr.bell.importantArrived, {
          id: `news-${news.id}`,
          body: news.title,
          timeout: -1,
          footer: (
            <>
              <ToastTrigger>
                <Button appearance="primary" size="small" onClick={() => navigate(newsPath)}>
                  {fr.bell.readNews}
                </Button>
              </ToastTrigger>
              <ToastTrigger>
                <Button size="small">{fr.bell.closeToast}</Button>
              </ToastTrigger>
            </>
          ),
        });
      },
      onError: () => {},
    }),
    [toast, navigate, newsPath],
  );
  useSubscription(config);
  return null;
}

/**
 * The shell's subscriptions (graphql-ws, no polling): new notifications for everyone, published
 * news for the roles that read them at `newsPath`.
 */
export function LiveUpdates({ newsPath }: { newsPath?: string }) {
  return (
    <>
      <NotificationsLive />
      {newsPath ? <NewsLive newsPath={newsPath} /> : null}
    </>
  );
}
