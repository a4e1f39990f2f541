import { Checkbox, Text, makeStyles, mergeClasses } from '@fluentui/react-components';
import { graphql, useFragment } from 'react-relay/hooks';
import type { RecordSourceSelectorProxy } from 'relay-runtime';
import type { BellNotificationFragment$key } from '../../__generated__/BellNotificationFragment.graphql';
import type { BellNotificationMarkReadMutation } from '../../__generated__/BellNotificationMarkReadMutation.graphql';
import { fr } from '../../i18n/fr';
import { AccountRequestActions } from '../../features/accounts/AccountRequestActions';
import { useCommit } from '../../relay/commit';
import { addToCount } from '../../relay/storeValues';
import type { ContentDialogItem } from '../../ui/ContentDialog';
import { formatDateTime } from '../../ui/format';
import { htmlToText, truncate } from '../../ui/text';
import { useBellItemStyles } from './bellItemStyles';

const markReadMutation = graphql`
  mutation BellNotificationMarkReadMutation($input: MarkNotificationReadInput!) {
    markNotificationRead(input: $input) {
      notification {
        id
        isRead
        readAt
      }
    }
  }
`;

const useStyles = makeStyles({
  checkbox: {
    alignSelf: 'flex-start',
  },
});

/** The unread count (the bell's red dot) goes down by one. */
function decrementUnread(store: RecordSourceSelectorProxy) {
  addToCount(store.getRoot(), 'unreadNotificationCount', -1);
}

export function notificationTitle(kind: string): string {
  return fr.notificationKinds[kind] ?? fr.notificationFallbackTitle;
}

/** Marks a notification read (product.md §4), keeping the bell's unread count in step. */
export function useMarkNotificationRead(): (id: string) => void {
  const commit = useCommit();
  return (id) => {
    void commit<BellNotificationMarkReadMutation>({
      mutation: markReadMutation,
      variables: { input: { id } },
      optimisticUpdater: (store) => {
        store.get(id)?.setValue(true, 'isRead');
        decrementUnread(store);
      },
      updater: decrementUnread,
    }).catch(() => {});
  };
}

interface BellNotificationProps {
  notification: BellNotificationFragment$key;
  onOpen: (item: ContentDialogItem) => void;
}

/** One notification of the bell: a checkbox to mark it read, a preview that opens it. */
export function BellNotification({ notification, onOpen }: BellNotificationProps) {
  const styles = useStyles();
  const itemStyles = useBellItemStyles();
  const markRead = useMarkNotificationRead();
  const { id, kind, body, isRead, createdAt, account } = useFragment(
    graphql`
      fragment BellNotificationFragment on Notification {
        id
        kind
        body
        isRead
        createdAt
        account {
          id
          fullName
          status
        }
      }
    `,
    notification,
  );
  const title = notificationTitle(kind);

  return (
    <li className={mergeClasses(itemStyles.item, !isRead && itemStyles.unread)}>
      <Checkbox
        className={styles.checkbox}
        checked={isRead}
        disabled={isRead}
        aria-label={isRead ? fr.bell.read : fr.bell.markRead}
        title={isRead ? fr.bell.read : fr.bell.markRead}
        onChange={() => markRead(id)}
      />
      <button
        type="button"
        className={itemStyles.open}
        onClick={() => {
          onOpen({
            title,
            date: createdAt,
            html: body,
            actions: account?.status === 'PENDING' ? <AccountRequestActions account={account} /> : undefined,
          });
          if (!isRead) markRead(id);
        }}
      >
        <Text weight={isRead ? 'regular' : 'semibold'} className={itemStyles.title}>
          {title}
        </Text>
        <Text size={200} className={itemStyles.preview}>
          {truncate(htmlToText(body), 140)}
        </Text>
        <Text size={100} className={itemStyles.date}>
          {formatDateTime(createdAt)}
        </Text>
      </button>
    </li>
  );
}
