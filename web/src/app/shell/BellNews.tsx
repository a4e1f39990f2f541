import { Text, mergeClasses } from '@fluentui/react-components';
import { StarFilled, StarRegular } from '@fluentui/react-icons/svg/star';
import { graphql, useFragment } from 'react-relay/hooks';
import type { BellNewsFragment$key } from '../../__generated__/BellNewsFragment.graphql';
import type { BellNewsMarkReadMutation } from '../../__generated__/BellNewsMarkReadMutation.graphql';
import { fr } from '../../i18n/fr';
import { useCommit } from '../../relay/commit';
import type { ContentDialogItem } from '../../ui/ContentDialog';
import { formatDateTime } from '../../ui/format';
import { htmlToText, truncate } from '../../ui/text';
import { useBellItemStyles } from './bellItemStyles';

const markReadMutation = graphql`
  mutation BellNewsMarkReadMutation($input: MarkNewsReadInput!) {
    markNewsRead(input: $input) {
      news {
        id
        isRead
      }
    }
  }
`;

/** Marks a news item read (product.md §4), at once in the store (the bell's dot, the lists). */
export function useMarkNewsRead(): (id: string) => void {
  const commit = useCommit();
  return (id) => {
    void commit<BellNewsMarkReadMutation>({
      mutation: markReadMutation,
      variables: { input: { id } },
      optimisticUpdater: (store) => store.get(id)?.setValue(true, 'isRead'),
    }).catch(() => {});
  };
}

/** product.md §2: the news' important flag as a filled or an empty icon. */
export function ImportantIcon({ important, className }: { important: boolean; className?: string }) {
  const label = important ? fr.bell.important : fr.bell.notImportant;
  return important ? (
    <StarFilled className={className} aria-label={label} role="img" />
  ) : (
    <StarRegular className={className} aria-label={label} role="img" />
  );
}

/** One news item of the bell; opening it marks it read. */
export function BellNews({ news, onOpen }: { news: BellNewsFragment$key; onOpen: (item: ContentDialogItem) => void }) {
  const itemStyles = useBellItemStyles();
  const markRead = useMarkNewsRead();
  const { id, title, body, important, isRead, createdAt } = useFragment(
    graphql`
      fragment BellNewsFragment on News {
        id
        title
        body
        important
        isRead
        createdAt
      }
    `,
    news,
  );

  const open = () => {
    onOpen({
      title,
      date: createdAt,
      html: body,
      titleIcon: <ImportantIcon important={important} className={mergeClasses(itemStyles.star, important && itemStyles.starOn)} />,
    });
    if (!isRead) markRead(id);
  };

  return (
    <li className={mergeClasses(itemStyles.item, !isRead && itemStyles.unread)}>
      <ImportantIcon important={important} className={mergeClasses(itemStyles.star, important && itemStyles.starOn)} />
      <button type="button" className={itemStyles.open} onClick={open}>
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
