// French texts of the public pages (product.md §2 public routes, §4 login and password recovery, §5
// validation): login, password recovery and reset, self-registration.
import { registrationMessages } from '@constats/domain/account-forms';

export const authText = {
  login: {
    title: 'Connexion à votre espace',
    subtitle: 'Accédez au suivi des constats de votre étude.',
    email: 'Votre identifiant',
    emailPlaceholder: 'Adresse e-mail ou identifiant',
    emailRequired: 'Veuillez entrer votre email',
    password: 'Mot de passe',
    showPassword: 'Afficher le mot de passe',
    hidePassword: 'Masquer le mot de passe',
    passwordRequired: 'Veuillez entrer votre mot de passe',
    remember: 'Se rappeler de moi',
    submit: 'Connexion',
    forgotPassword: 'Mot de passe oublié ?',
    register: 'Pas encore enregistré ?',
    footer: 'Espace réservé aux études de commissaires de justice et à leurs collaborateurs.',
  },

  recover: {
    title: 'Mot de passe oublié',
    subtitle: "Saisissez l'adresse e-mail de votre compte : nous vous enverrons un lien pour choisir un nouveau mot de passe.",
    email: 'Adresse e-mail',
    emailPlaceholder: 'nom@etude.fr',
    invalidEmail: registrationMessages.emailFormat,
    submit: 'Envoyer',
    backToLogin: 'Vous avez un compte?',
    sent: 'Un e-mail vous a été envoyé pour récupérer votre mot de passe.',
    failed: "Une erreur est survenue, veuillez réessayer. Êtes-vous sûr que l'email est correct ?",
  },

  forgotPassword: {
    title: 'Email envoyé avec succès.',
    text: 'Consultez votre boîte de réception et suivez le lien reçu pour choisir un nouveau mot de passe. Pensez à vérifier vos courriers indésirables.',
    resend: "Quelques minutes se sont écoulées et le message n'a pas été envoyé ?",
    backToLogin: 'Retour à la connexion',
  },

  resetPassword: {
    title: 'Nouveau mot de passe',
    subtitle: 'Choisissez le mot de passe de votre compte.',
    password: 'Nouveau mot de passe',
    confirmation: 'Confirmation du mot de passe',
    hint: '8 caractères minimum, avec majuscules, minuscules, chiffres et un symbole parmi # ? ! @ $ % ^ & * -',
    // product.md §5's 'Please input your Password!' leftover, in French (docs/decisions.md).
    passwordRequired: registrationMessages.passwordRequired,
    passwordRule: registrationMessages.passwordRule,
    confirmationRequired: 'Veuillez confirmer le mot de passe.',
    mismatch: 'Le mot de passe doit être le même.',
    submit: 'Changer le mot de passe',
    success: 'Mot de passe modifié avec succès.',
    invalidLinkTitle: 'Lien invalide ou expiré',
    invalidLink: 'Ce lien de réinitialisation est invalide ou a expiré. Veuillez refaire une demande.',
    newRequest: 'Refaire une demande',
    backToLogin: 'Retour à la connexion',
  },

  register: {
    title: 'Créer mon compte',
    subtitle: "Votre demande sera validée par un administrateur avant l'activation de votre compte huissier.",
    sectionIdentity: 'Identité',
    sectionAddress: 'Coordonnées',
    sectionAccount: 'Compte',
    civility: 'Civilité',
    lastName: 'Nom',
    firstName: 'Prénom',
    telephone: 'Téléphone',
    telephonePlaceholder: '0612345678',
    email: 'Email',
    emailPlaceholder: 'nom@etude.fr',
    address: 'Adresse',
    zip: 'Code postal',
    city: 'Ville',
    identity: 'Identifiant',
    identityHint: 'Lettres, chiffres ou points, 3 caractères au moins.',
    password: 'Mot de passe',
    passwordHint:
      'Le mot de passe doit contenir au moins 8 caractères, dont des majuscules, des minuscules, des chiffres et un symbole parmi # ? ! @ $ % ^ & * -',
    confirmation: 'Confirmation du mot de passe',
    submit: 'Créer mon compte',
    haveAccount: 'Vous avez déjà un compte ?',
    signIn: 'Se connecter',
    messages: {
      // The server's own messages (product.md §5); the confirmation is the browser's alone.
      ...registrationMessages,
      confirmationRequired: 'Veuillez saisir la confirmation de votre mot de passe.',
      mismatch: 'Les deux mots de passe que vous avez saisis ne correspondent pas!',
    },
    sent: "La demande de création de compte a été envoyée à l'administrateur pour validation. Vous serez averti par e-mail lors de sa validation.",
    failed: 'Une erreur est survenue, veuillez réessayer.',
  },
} as const;
