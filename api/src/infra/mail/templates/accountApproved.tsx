import { ActionButton, MailLayout, Paragraph } from '../layout.js';
import { renderMailParts } from '../render.js';

const fr = {
  subject: 'Votre compte Extranet Constats est activé',
  title: 'Votre compte est activé',
  greeting: 'Bonjour,',
  body: 'Votre demande de création de compte a été approuvée : votre compte est maintenant actif.',
  identity: (email: string) =>
    `Vous pouvez vous connecter avec votre adresse e-mail ${email} et le mot de passe choisi lors de votre inscription.`,
  login: 'Se connecter',
};

export type AccountApprovedProps = { email: string; loginUrl: string };

/** To the bailiff whose account request an admin approved. */
export function AccountApprovedEmail({ email, loginUrl }: AccountApprovedProps) {
  return (
    <MailLayout preview={fr.body} title={fr.title}>
      <Paragraph>{fr.greeting}</Paragraph>
      <Paragraph>{fr.body}</Paragraph>
      <Paragraph>{fr.identity(email)}</Paragraph>
      <ActionButton href={loginUrl}>{fr.login}</ActionButton>
    </MailLayout>
  );
}

export function renderAccountApproved(props: AccountApprovedProps) {
  return renderMailParts(fr.subject, <AccountApprovedEmail {...props} />);
}
