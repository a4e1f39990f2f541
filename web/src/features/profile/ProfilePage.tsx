import { graphql, usePreloadedQuery } from 'react-relay/hooks';
import type { ProfilePageQuery } from '../../__generated__/ProfilePageQuery.graphql';
import { fr } from '../../i18n/fr';
import { ProfileForm } from './ProfileForm';
import type { ScreenProps } from '../../app/routing/screen';

function SignedInUserForm({ queryRef, title }: ScreenProps<ProfilePageQuery> & { title: string }) {
  const data = usePreloadedQuery<ProfilePageQuery>(
    graphql`
      query ProfilePageQuery {
        me {
          ...ProfileFormFragment
        }
        impersonated
      }
    `,
    queryRef,
  );
  // The shell replaces the dashboard when the session ends; nothing to show until then.
  return data.me ? <ProfileForm user={data.me} title={title} impersonated={data.impersonated} /> : null;
}

/** product.md §2/§6 'MON PROFIL': /dashboard/adminprofile, /dashboard/bailiffprofile, /dashboard/secretaryprofile. */
export default function ProfilePage({ queryRef }: ScreenProps<ProfilePageQuery>) {
  return <SignedInUserForm queryRef={queryRef} title={fr.titles.profile} />;
}

/** product.md §2 bailiff route /dashboard/bailiffaccount ('Mon compte'): his profile under that title. */
export function BailiffAccountPage({ queryRef }: ScreenProps<ProfilePageQuery>) {
  return <SignedInUserForm queryRef={queryRef} title={fr.titles.myAccount} />;
}

/**
 * product.md §2 secretary self-account (/dashboard/secretary): her account always exists, so the form is
 * 'MODIFICATION D'UN COMPTE UTILISATEUR', the same fields and rules as her profile.
 */
export function SecretaryAccountPage({ queryRef }: ScreenProps<ProfilePageQuery>) {
  return <SignedInUserForm queryRef={queryRef} title={fr.titles.editAccount} />;
}
