import { ActionButton, MailLayout, Paragraph } from '../layout.js';
import { renderMailParts } from '../render.js';

const fr = {
  subject: 'Demande de création de compte avec votre adresse e-mail',
  title: 'Un compte existe déjà avec votre adresse',
  greeting: 'Bonjour,',
  body:
    'Quelqu’un vient de demander la création d’un compte sur l’Extranet Constats avec votre adresse e-mail. ' +
    'Un compte existe déjà avec cette adresse : aucun nouveau compte n’a été créé.',
  login: 'Si c’est vous, connectez-vous avec votre compte existant :',
  loginAction: 'Se connecter',
  forgot: 'Vous avez oublié votre mot de passe ? Vous pouvez en choisir un nouveau :',
  forgotAction: 'Mot de passe oublié',
  ignore: 'Si vous n’êtes pas à l’origine de cette demande, ignorez ce message : votre compte reste inchangé.',
};

export type RegistrationAttemptProps = { loginUrl: string; forgotPasswordUrl: string };

/**
 * To the owner of an existing account whose address someone used on the registration form: the
 * form answers as for a new address, so the information goes to the mailbox instead.
 */
export function RegistrationAttemptEmail({ loginUrl, forgotPasswordUrl }: RegistrationAttemptProps) {
  return (
    <MailLayout preview={fr.title} title={fr.title}>
      <Paragraph>{fr.greeting}</Paragraph>
      <Paragraph>{fr.body}</Paragraph>
      <Paragraph>{fr.login}</Paragraph>
      <ActionButton href={loginUrl}>{fr.loginAction}</ActionButton>
      <Paragraph>{fr.forgot}</Paragraph>
      <ActionButton href={forgotPasswordUrl}>{fr.forgotAction}</ActionButton>
      <Paragraph>{fr.ignore}</Paragraph>
    </MailLayout>
  );
}

export function renderRegistrationAttempt(props: RegistrationAttemptProps) {
  return renderMailParts(fr.subject, <RegistrationAttemptEmail {...props} />);
}
