import { ActionButton, MailLayout, Paragraph } from '../layout.js';
import { renderMailParts } from '../render.js';

const fr = {
  subject: 'Votre demande de création de compte n’a pas été enregistrée',
  title: 'Identifiant déjà utilisé',
  greeting: 'Bonjour,',
  body: (identity: string) =>
    `Votre demande de création de compte sur l’Extranet Constats n’a pas été enregistrée : l’identifiant « ${identity} » est déjà utilisé.`,
  retry: 'Vous pouvez refaire la demande en choisissant un autre identifiant :',
  action: 'Refaire la demande',
  ignore: 'Si vous n’êtes pas à l’origine de cette demande, ignorez ce message.',
};

export type IdentityTakenProps = { identity: string; registerUrl: string };

/**
 * To the address given on a registration whose identifier is taken: the form answers as for a
 * free one (it must not tell which identifiers exist), so the reason goes to the mailbox instead.
 */
export function IdentityTakenEmail({ identity, registerUrl }: IdentityTakenProps) {
  return (
    <MailLayout preview={fr.title} title={fr.title}>
      <Paragraph>{fr.greeting}</Paragraph>
      <Paragraph>{fr.body(identity)}</Paragraph>
      <Paragraph>{fr.retry}</Paragraph>
      <ActionButton href={registerUrl}>{fr.action}</ActionButton>
      <Paragraph>{fr.ignore}</Paragraph>
    </MailLayout>
  );
}

export function renderIdentityTaken(props: IdentityTakenProps) {
  return renderMailParts(fr.subject, <IdentityTakenEmail {...props} />);
}
