import { MessageBar, MessageBarBody } from '@fluentui/react-components';
import { graphql, usePreloadedQuery } from 'react-relay/hooks';
import { useParams } from 'react-router';
import type { NewsEditPageQuery } from '../../__generated__/NewsEditPageQuery.graphql';
import { fr } from '../../i18n/fr';
import { newsText } from '../../i18n/news';
import { PageHeader } from '../../ui/PageHeader';
import { NewsForm } from './NewsForm';
import type { ScreenProps } from '../../app/routing/screen';

/** product.md §2 /dashboard/createanews/{id}: the news edit screen (checkbox 'Importante'). */
export default function NewsEditPage({ queryRef }: ScreenProps<NewsEditPageQuery>) {
  const { id = '' } = useParams();
  const data = usePreloadedQuery<NewsEditPageQuery>(
    graphql`
      query NewsEditPageQuery($id: ID!) {
        node(id: $id) {
          ...NewsFormFragment @alias
        }
      }
    `,
    queryRef,
  );
  const news = data.node?.NewsFormFragment;
  if (!news) {
    return (
      <section>
        <PageHeader title={fr.titles.editNews} />
        <MessageBar intent="warning">
          <MessageBarBody>{newsText.notFound}</MessageBarBody>
        </MessageBar>
      </section>
    );
  }
  return <NewsForm key={id} news={news} />;
}
