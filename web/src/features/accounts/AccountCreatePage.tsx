import { graphql, usePreloadedQuery } from 'react-relay/hooks';
import { useLocation } from 'react-router';
import type { AccountCreatePageQuery } from '../../__generated__/AccountCreatePageQuery.graphql';
import type { Role } from '../../app/routing/dashboardRoutes';
import { AccountForm, createPathOf } from './AccountForm';
import type { ScreenProps } from '../../app/routing/screen';

/** product.md §2 /dashboard/bailiffaccount, /dashboard/adminaccount, /dashboard/secretary: account creation. */
export default function AccountCreatePage({ queryRef }: ScreenProps<AccountCreatePageQuery>) {
  const { pathname } = useLocation();
  const role = (Object.entries(createPathOf).find(([, path]) => pathname.startsWith(path))?.[0] ?? 'BAILIFF') as Role;
  const data = usePreloadedQuery<AccountCreatePageQuery>(
    graphql`
      query AccountCreatePageQuery {
        ...AccountGroupFieldFragment
      }
    `,
    queryRef,
  );
  // Each account type starts a fresh form.
  return <AccountForm key={role} role={role} account={null} groups={data} />;
}
