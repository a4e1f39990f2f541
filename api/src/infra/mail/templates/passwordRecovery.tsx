import { ActionButton, MailLayout, Paragraph } from '../layout.js';
import { renderMailParts } from '../render.js';

const fr = {
  subject: 'Réinitialisation de votre mot de passe',
  title: 'Réinitialisation de votre mot de passe',
  greeting: 'Bonjour,',
  body:
    'Une demande de réinitialisation du mot de passe de votre compte Extranet Constats a été effectuée. ' +
    'Cliquez sur le bouton ci-dessous pour choisir un nouveau mot de passe.',
  // French puts 0 and 1 in the singular.
  validity: (minutes: number) => `Ce lien est valable ${minutes} minute${minutes > 1 ? 's' : ''}.`,
  ignore: 'Si vous n’êtes pas à l’origine de cette demande, ignorez ce message : votre mot de passe restera inchangé.',
  action: 'Choisir un nouveau mot de passe',
};

export type PasswordRecoveryProps = { resetUrl: string; validityMinutes: number };

/** To a user who asked for a password reset link. */
export function PasswordRecoveryEmail({ resetUrl, validityMinutes }: PasswordRecoveryProps) {
  return (
    <MailLayout preview={fr.title} title={fr.title}>
      <Paragraph>{fr.greeting}</Paragraph>
      <Paragraph>{fr.body}</Paragraph>
      <ActionButton href={resetUrl}>{fr.action}</ActionButton>
      <Paragraph>{fr.validity(validityMinutes)}</Paragraph>
      <Paragraph>{fr.ignore}</Paragraph>
    </MailLayout>
  );
}

export function renderPasswordRecovery(props: PasswordRecoveryProps) {
  return renderMailParts(fr.subject, <PasswordRecoveryEmail {...props} />);
}
