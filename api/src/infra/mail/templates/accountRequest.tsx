import { ActionButton, Details, MailLayout, Paragraph } from '../layout.js';
import { renderMailParts } from '../render.js';

const fr = {
  subject: 'Nouvelle demande de création de compte',
  title: 'Nouvelle demande de création de compte',
  intro: 'Un commissaire de justice demande la création d’un compte sur l’Extranet Constats :',
  civility: 'Civilité',
  lastName: 'Nom',
  firstName: 'Prénom',
  email: 'E-mail',
  identity: 'Identifiant',
  telephone: 'Téléphone',
  address: 'Adresse',
  outro: 'Le compte restera inactif tant que la demande n’aura pas été approuvée.',
  howTo: 'Ces liens ouvrent la demande dans l’Extranet : connectez-vous avec un compte administrateur, puis confirmez votre choix.',
  approve: 'Approuver la demande',
  deny: 'Refuser la demande',
};

export type AccountRequestProps = {
  /** Display label, e.g. 'Maître'. */
  civilityLabel: string;
  lastName: string;
  firstName: string;
  email: string;
  identity: string;
  telephone: string;
  address: string;
  zip: string;
  city: string;
  /** The pending account's page in the app (an admin session and a click there decide). */
  approveUrl: string;
  denyUrl: string;
};

/** To the admins: a bailiff registered and waits for approval (spec: registration). */
export function AccountRequestEmail(props: AccountRequestProps) {
  return (
    <MailLayout preview={fr.intro} title={fr.title}>
      <Paragraph>{fr.intro}</Paragraph>
      <Details
        rows={[
          [fr.civility, props.civilityLabel],
          [fr.lastName, props.lastName],
          [fr.firstName, props.firstName],
          [fr.email, props.email],
          [fr.identity, props.identity],
          [fr.telephone, props.telephone],
          [fr.address, `${props.address}, ${props.zip} ${props.city}`],
        ]}
      />
      <Paragraph>{fr.outro}</Paragraph>
      <Paragraph>{fr.howTo}</Paragraph>
      <ActionButton href={props.approveUrl}>{fr.approve}</ActionButton>
      <ActionButton href={props.denyUrl} tone="danger">
        {fr.deny}
      </ActionButton>
    </MailLayout>
  );
}

export function renderAccountRequest(props: AccountRequestProps) {
  return renderMailParts(fr.subject, <AccountRequestEmail {...props} />);
}
