import { MessageBar, MessageBarActions, MessageBarBody, makeStyles, tokens } from '@fluentui/react-components';
import { graphql, usePreloadedQuery } from 'react-relay/hooks';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import type { AccountEditPageQuery } from '../../__generated__/AccountEditPageQuery.graphql';
import { fr } from '../../i18n/fr';
import { accountsText } from '../../i18n/accounts';
import { PageHeader } from '../../ui/PageHeader';
import { AccountForm } from './AccountForm';
import { AccountRequestActions } from './AccountRequestActions';
import type { ScreenProps } from '../../app/routing/screen';

/**
 * product.md §2 /dashboard/seetheaccount/{id}: 'Éditer' swaps the list for the account's edit form. A
 * self-registration waiting for approval is decided here too: the admins' e-mailed links open this
 * page (`?action=approve|deny`), which acts only on a click.
 */
const useStyles = makeStyles({
  // As wide as the form card below it (ui/FormLayout).
  banner: { maxWidth: '920px', boxSizing: 'border-box', marginBottom: tokens.spacingVerticalL },
});

export default function AccountEditPage({ queryRef }: ScreenProps<AccountEditPageQuery>) {
  const styles = useStyles();
  const { id = '' } = useParams();
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const data = usePreloadedQuery<AccountEditPageQuery>(
    graphql`
      query AccountEditPageQuery($id: ID!) {
        node(id: $id) {
          ... on User {
            id
            role
            status
            fullName
          }
          ...AccountFormFragment @alias
        }
        ...AccountGroupFieldFragment
      }
    `,
    queryRef,
  );
  const account = data.node?.AccountFormFragment;
  const role = data.node?.role;
  if (!account || !role || !data.node?.id) {
    return (
      <section>
        <PageHeader title={fr.titles.editAccount} />
        <MessageBar intent="warning">
          <MessageBarBody>{accountsText.form.notFound}</MessageBarBody>
        </MessageBar>
      </section>
    );
  }
  const pending =
    data.node.status === 'PENDING' ? (
      <MessageBar intent="warning" layout="multiline" className={styles.banner}>
        <MessageBarBody>{accountsText.request.pending}</MessageBarBody>
        <MessageBarActions>
          <AccountRequestActions
            account={{ id: data.node.id, fullName: data.node.fullName ?? '' }}
            askRefusal={searchParams.get('action') === 'deny'}
            onDecided={(approved) => {
              if (!approved) void navigate('/dashboard/seetheaccount');
            }}
          />
        </MessageBarActions>
      </MessageBar>
    ) : null;
  return <AccountForm key={id} role={role} account={account} groups={data} banner={pending} />;
}
