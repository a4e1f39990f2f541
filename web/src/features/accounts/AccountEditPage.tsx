import { MessageBar, MessageBarBody } from '@fluentui/react-components';
import { graphql, useLazyLoadQuery } from 'react-relay/hooks';
import { useParams } from 'react-router';
import type { AccountEditPageQuery } from '../../__generated__/AccountEditPageQuery.graphql';
import { fr } from '../../i18n/fr';
import { toGlobalId } from '../../relay/globalId';
import { PageHeader } from '../../ui/PageHeader';
import { AccountForm } from './AccountForm';

/** Spec §2 /dashboard/seetheaccount/{id}: 'Éditer' swaps the list for the account's edit form. */
export default function AccountEditPage() {
  const { id = '' } = useParams();
  const data = useLazyLoadQuery<AccountEditPageQuery>(
    graphql`
      query AccountEditPageQuery($id: ID!, $groupsCount: Int!) {
        node(id: $id) {
          ... on User {
            role
          }
          ...AccountFormFragment @alias
        }
        ...AccountFormGroupsFragment
      }
    `,
    { id: toGlobalId('User', id), groupsCount: 500 },
    { fetchPolicy: 'store-and-network' },
  );
  const account = data.node?.AccountFormFragment;
  const role = data.node?.role;
  if (!account || !role) {
    return (
      <section>
        <PageHeader title={fr.titles.editAccount} />
        <MessageBar intent="warning">
          <MessageBarBody>{fr.accountForm.notFound}</MessageBarBody>
        </MessageBar>
      </section>
    );
  }
  return <AccountForm key={id} role={role} account={account} groups={data} />;
}
