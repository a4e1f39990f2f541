import { MessageBar, MessageBarBody } from '@fluentui/react-components';
import { graphql, usePreloadedQuery } from 'react-relay/hooks';
import { useParams } from 'react-router';
import type { GroupEditPageQuery } from '../../__generated__/GroupEditPageQuery.graphql';
import { fr } from '../../i18n/fr';
import { groupsText } from '../../i18n/groups';
import { PageHeader } from '../../ui/PageHeader';
import { GroupForm } from './GroupForm';
import type { ScreenProps } from '../../app/routing/screen';

/** product.md §2 /dashboard/editvoirlesgroupes/{id} (and /dashboard/creerungroupe/{id}): the group edit form. */
export default function GroupEditPage({ queryRef }: ScreenProps<GroupEditPageQuery>) {
  const { id = '' } = useParams();
  const data = usePreloadedQuery<GroupEditPageQuery>(
    graphql`
      query GroupEditPageQuery($id: ID!) {
        node(id: $id) {
          ...GroupFormFragment @alias
        }
      }
    `,
    queryRef,
  );
  const group = data.node?.GroupFormFragment;
  if (!group) {
    return (
      <section>
        <PageHeader title={fr.titles.editGroup} />
        <MessageBar intent="warning">
          <MessageBarBody>{groupsText.notFound}</MessageBarBody>
        </MessageBar>
      </section>
    );
  }
  // A new group id starts a fresh form.
  return <GroupForm key={id} group={group} />;
}
