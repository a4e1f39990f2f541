// Every user-facing text of the web app, in one reviewable catalogue. Quoted texts come from the
// spec and must stay word for word.
export const fr = {
  productName: 'Extranet Constats',
  loading: 'Chargement...',

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

  // Spec §2, /login?action=… after an administrator handled a registration request.
  accountRequest: {
    denied: 'La demande de création de compte a été refusée. Le nouveau compte a été supprimé.',
    approved: 'La demande de création de compte a été approuvée. Le nouveau compte est maintenant actif.',
  },

  shell: {
    greeting: (firstName: string, lastName: string) => `Bonjour ${firstName} ${lastName}`,
    signOut: 'Se déconnecter',
    // Spec §4 says 'Has cerrado sesión', a Spanish leftover; the product speaks French.
    signedOut: 'Vous êtes déconnecté(e).',
  },

  roles: {
    ADMIN: 'Administrateur',
    BAILIFF: 'Huissier',
    SECRETARY: 'Secrétaire',
  },

  dashboard: {
    title: 'Tableau de bord',
    welcome: 'Bienvenue sur votre espace',
    intro: 'Vos constats, factures et actualités seront regroupés ici.',
  },
} as const;
