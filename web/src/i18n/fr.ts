// The web app's catalogue of French texts (README « Texts »): this file holds the shell's, the
// shared words and the screens with few texts; a feature with many has its own file beside this
// one (auth.ts, accounts.ts, reports.ts, billing.ts, …). Quoted texts come from the spec and must
// stay word for word; docs/decisions.md lists the ones we chose where the spec is silent or not in
// French.
import { accountFormMessages as accountForms } from '@constats/domain/account-forms';
import { API_TOKEN_SCOPE_LABELS } from '@constats/domain/api-token-scopes';
import { WEBHOOK_EVENT_LABELS } from '@constats/domain/webhook-events';

export const fr = {
  productName: 'Extranet Constats',
  productTagline: 'Suivi des constats des études de commissaires de justice',
  loading: 'Chargement...',
  close: 'Fermer',
  copy: 'Copier',
  cancel: 'Annuler',
  yes: 'Oui',
  no: 'Non',

  errors: {
    generic: 'Une erreur est survenue, veuillez réessayer.',
    tryLater: 'Réessayez plus tard.',
    network: 'Le serveur est injoignable. Vérifiez votre connexion puis réessayez.',
    cancelled: 'Envoi annulé.',
    sessionExpired: 'Votre session a expiré. Veuillez vous reconnecter.',
    screen: "Cet écran n'a pas pu être chargé.",
    retry: 'Réessayer',
  },

  civilities: {
    MONSIEUR: 'Monsieur',
    MADAME: 'Madame',
    MAITRE: 'Maître',
  },

  roles: {
    ADMIN: 'Administrateur',
    BAILIFF: 'Huissier',
    SECRETARY: 'Secrétaire',
  },

  shell: {
    home: "retour à l'accueil",
    openMenu: 'Ouvrir le menu',
    mainMenu: 'Menu principal',
    // Read after the name and role the button shows.
    userMenu: ', menu du compte',
    profile: 'Profil',
    signOut: 'Se déconnecter',
    version: (version: string) => `Version: ${version}`,
    // product.md §4 says 'Has cerrado sesión', a Spanish leftover; the product speaks French.
    signedOut: 'Vous êtes déconnecté(e).',
    impersonated: (fullName: string) => `Vous êtes connecté(e) en tant que ${fullName}.`,
  },

  bell: {
    label: 'Notifications',
    unreadLabel: (count: number) => (count === 0 ? 'Notifications' : `Notifications, ${count} non lue${count > 1 ? 's' : ''}`),
    notificationsTab: 'Mes notifications',
    newsTab: 'Actualités',
    seeAll: 'Voir toutes',
    markRead: 'Marquer comme lue',
    read: 'Lue',
    noNotifications: 'Aucune notification pour le moment.',
    noNews: 'Aucune actualité pour le moment.',
    important: 'Importante',
    notImportant: 'Non importante',
    unread: 'Non lue',
    newsTitle: 'Actualité',
    /** Said by screen readers when a notification arrives live (product.md §13). */
    arrived: (title: string) => `Nouvelle notification : ${title}`,
    importantArrived: 'Actualité importante',
    readNews: "Lire l'actualité",
    closeToast: 'Fermer',
  },

  notificationKinds: {
    ACCOUNT_REQUEST: 'Demande de création de compte',
    REPORT_CREATED: 'Nouveau constat',
    REPORT_ASSIGNED: 'Constat attribué',
    REPORT_FILES_ADDED: 'Nouveaux éléments déposés',
    REPORT_RETURNED: 'Constat retourné',
    COMMENT: 'Nouveau commentaire',
    BILL_SENT: 'Facture envoyée',
    DEPOSIT_COMPLETE: 'Dépôt terminé',
  } as Record<string, string>,
  notificationFallbackTitle: 'Notification',

  allNotifications: {
    title: 'Toutes les notifications',
    date: 'Date',
    notifications: 'Notifications',
    content: 'Contenu de la notification',
    empty: 'Aucune notification associée',
  },

  versionCheck: {
    title: 'Mise à jour',
    message: "La dernière version de l'application a été téléchargée. Veuillez la mettre à jour.",
    restart: 'Redémarrer',
  },

  unsentWork: {
    title: 'Fichiers non envoyés',
    message: "Vous avez choisi des fichiers qui n'ont pas été envoyés. Quitter cette page sans les envoyer ?",
    leave: 'Quitter sans envoyer',
    stay: 'Rester sur la page',
  },

  placeholder: {
    title: 'Écran en préparation',
    text: "Cet écran sera disponible dans une prochaine version de l'extranet.",
    back: "Retour à l'accueil",
  },

  menu: {
    reports: 'Constats',
    reportsInProgress: 'En cours',
    reportsDone: 'Terminés',
    reportsArchived: 'Archivés',
    reportsCreate: 'Créer',
    retrocession: 'Rétrocession',
    retrocessionReports: 'Constats',
    retrocessionBills: 'Factures',
    billing: 'Facturation',
    accounts: 'Comptes',
    accountsList: 'Voir les comptes',
    groupsList: 'Voir les groupes',
    news: 'Actualités',
    newsList: 'Toutes les actualités',
    newsCreate: 'Créer actualité',
    statistics: 'Statistiques',
    absences: 'Absences',
    home: 'Accueil',
    profile: 'Profil',
    myProfile: 'Mon Profil',
    myBills: 'Mes Factures',
    calendar: 'Calendrier',
    myReports: 'Mes constats',
    myActivity: 'Mon activité',
    myArchivedReports: 'Constats archivés',
    createReport: 'Créer un constat',
    allMyReports: 'Tous mes constats',
    viewNews: 'Voir les actualités',
    api: 'API',
    graphiql: 'API GraphQL',
    apiTokens: "Jetons d'API",
    webhooks: 'Webhooks',
  },

  // Titles of the /dashboard/… screens (product.md §2), shown in the page header and the tab title.
  titles: {
    reportsInProgress: 'Constats en cours',
    reportsDone: 'Constats terminés',
    reportsArchived: 'Constats archivés',
    createReport: 'Créer un constat',
    retrocessionReports: 'Rétrocession · Constats',
    retrocessionBills: 'Rétrocession · Factures',
    billing: 'Facturation',
    createAccount: "Création d'un compte utilisateur",
    editAccount: "Modification d'un compte utilisateur",
    createGroup: "Création d'un groupe",
    editGroup: "Modification d'un groupe",
    sellerSettings: 'Paramètres de facturation',
    groups: 'Voir les groupes',
    accounts: 'Voir les comptes',
    statistics: 'Statistiques',
    createNews: 'Créer une actualité',
    editNews: "Modifier l'actualité",
    allNews: 'Toutes les actualités',
    bills: 'Mes factures',
    groupBills: 'Factures des études',
    profile: 'Mon profil',
    calendar: 'Calendrier',
    emailTemplate: 'Nouveau Constat',
    myReports: 'Mes constats',
    allNotifications: 'Toutes les notifications',
    absences: 'Absences',
    bailiffInProgress: 'Mes constats en cours',
    bailiffArchived: 'Mes constats archivés',
    createAlert: 'Signaler une absence ou un congé',
    secretaryRetrocession: 'Rétrocession',
    secretaryMonthReports: 'Tous mes constats',
    viewNews: 'Voir les actualités',
    myAccount: 'Mon compte',
    graphiql: 'API GraphQL',
    apiTokens: "Jetons d'API",
    webhooks: 'Webhooks',
  },

  periods: {
    year: 'Année',
    month: 'Mois',
    wholeYear: "Toute l'année",
    months: ['Janvier', 'Février', 'Mars', 'Avril', 'Mai', 'Juin', 'Juillet', 'Août', 'Septembre', 'Octobre', 'Novembre', 'Décembre'],
  },

  choices: {
    noMatch: 'Aucun résultat.',
  },

  datePicker: {
    placeholder: 'JJ/MM/AAAA',
    openCalendar: 'Ouvrir le calendrier',
  },

  table: {
    search: 'Rechercher...',
    advancedSearch: 'Recherche avancée',
    rowsPerPage: 'Lignes par page',
    range: (from: number, to: number, total: number) => `${from}–${to} sur ${total}`,
    previousPage: 'Page précédente',
    nextPage: 'Page suivante',
    expand: 'Afficher le détail',
    collapse: 'Masquer le détail',
    loading: 'Chargement...',
  },

  viewer: {
    download: 'Télécharger',
    noPreview: "L'aperçu n'est pas disponible pour ce type de fichier.",
    noPreviewHint: 'Téléchargez le fichier pour l’ouvrir avec votre logiciel habituel.',
  },

  csvExport: {
    button: 'Exporter (CSV)',
    preparing: 'Préparation de l’export…',
    progress: (rows: number, total: number) =>
      `Export en cours… ${rows.toLocaleString('fr-FR')} / ${total.toLocaleString('fr-FR')} constats`,
    done: (total: number) => `${total.toLocaleString('fr-FR')} constat${total > 1 ? 's' : ''} exporté${total > 1 ? 's' : ''}.`,
    failed: 'L’export a échoué. Veuillez réessayer.',
  },
  upload: {
    drop: 'Glissez-déposez vos fichiers ici',
    dropSingle: 'Glissez-déposez votre fichier ici',
    or: 'ou',
    browse: 'Parcourir…',
    takePhoto: 'Prendre une photo',
    accepted: (types: string) => `Formats acceptés : ${types}`,
    remove: (name: string) => `Retirer ${name}`,
    more: (count: number, size: string) =>
      `et ${count.toLocaleString('fr-FR')} autre${count > 1 ? 's' : ''} fichier${count > 1 ? 's' : ''} (${size})`,
    removeAll: 'Tout retirer',
    progress: (percent: number) => `Envoi en cours… ${percent} %`,
    cancel: 'Annuler',
    rejected: (name: string) => `${name} : ce type de fichier n'est pas accepté.`,
  },

  forms: {
    submit: 'Valider',
    cancel: 'Annuler',
    required: 'Champ requis',
    incomplete: 'Tous les champs obligatoires ne sont pas remplis.',
  },

  // product.md §2/§5 profiles ('MON PROFIL') and the secretary's own account form.
  profile: {
    identity: 'Identité',
    study: 'Étude',
    secretary: 'Coordonnées et tarifs',
    signIn: 'Connexion',
    readOnlyHint: "Modifiable par l'administrateur uniquement.",
    passwordHint: 'Laissez vide pour conserver le mot de passe actuel.',
    currentPasswordHint: 'Requis pour changer de mot de passe.',
    impersonatedPassword: 'Connexion « en tant que » : le mot de passe ne peut pas être modifié ici.',
    fields: {
      lastName: 'Nom',
      firstName: 'Prénom',
      telephone: 'Téléphone',
      email: 'Email',
      identity: 'Identifiant',
      description: 'Description',
      siret: 'Siret',
      address: 'Adresse postale',
      zip: 'Code postal',
      city: 'Ville',
      password: 'Mot de passe',
      passwordConfirmation: 'Confirmer le mot de passe',
      currentPassword: 'Mot de passe actuel',
      studyName: "Nom de l'étude",
      studyPhone: "Téléphone de l'étude",
      studyEmail: 'E-mail de la comptabilité',
      pricePage: 'Tarif/page',
      pricePhoto: 'Tarif/photo',
      instructions: 'Consignes aux secrétaires',
    },
    saved: 'Compte modifié avec succès.',
    // The server's messages for the profiles (product.md §5).
    messages: {
      required: accountForms.required,
      requiredSecretary: accountForms.requiredSecretaryProfile,
      min3: accountForms.min3,
      phone: accountForms.phone,
      zip: accountForms.zipSecretaryProfile,
      invalidCharacters: accountForms.invalidCharacters,
      password: accountForms.passwordProfile,
      confirmation: accountForms.confirmation,
      // product.md §5's 'Please Confirmer mot de passe' leftover, in French (docs/decisions.md).
      confirmationRequired: 'Veuillez confirmer le mot de passe.',
      currentPasswordRequired: accountForms.currentPasswordRequired,
    },
  },
  avatar: {
    label: 'Photo de profil',
    choose: 'Choisir une photo',
    change: 'Changer la photo',
    remove: 'Retirer la photo',
    keep: 'Conserver la photo',
    hint: 'PNG, JPEG, GIF ou WebP, 5 Mo au plus.',
    tooBig: 'La photo dépasse 5 Mo.',
    wrongType: "Ce fichier n'est pas une image PNG, JPEG, GIF ou WebP.",
  },
  graphiql: {
    description:
      'Explorez le schéma (documentation et explorateur à gauche), essayez des requêtes et des abonnements avec votre session ou avec un jeton d’API. Chaque réponse indique son coût dans extensions.cost.',
    tokenLabel: 'Tester avec un jeton',
    tokenHint:
      'Collez un jeton d’API (cst_…) : les requêtes s’exécutent alors avec lui seul, sans votre session. Il n’est conservé nulle part. Un en-tête Authorization saisi dans l’onglet Headers remplace aussi votre session.',
    tokenUse: 'Utiliser ce jeton',
    tokenRequired: 'Veuillez coller un jeton.',
    tokenActive: (preview: string) => `Requêtes exécutées avec le jeton ${preview}`,
    tokenActiveHint: 'Votre session n’est pas envoyée ; les abonnements, refusés à un jeton, passent par HTTP.',
    backToSession: 'Revenir à ma session',
    prettify: 'Mettre en forme (Maj-Ctrl-P)',
    merge: 'Fusionner les fragments dans la requête (Maj-Ctrl-M)',
    copy: 'Copier la requête (Maj-Ctrl-C)',
    copyCurl: 'Copier en cURL',
    curlCopied: 'Commande cURL copiée dans le presse-papiers.',
    variablesInvalid: 'Les variables ne sont pas un objet JSON valide.',
    defaultQuery: `# Les 5 derniers constats que vous pouvez voir.
# Ctrl+Entrée exécute la requête ; la documentation du schéma est dans le panneau de gauche.
query DerniersConstats {
  reports(first: 5) {
    totalCount
    edges {
      node {
        name
        status
        createdAt
      }
    }
  }
}
`,
  },
  apiTokens: {
    description:
      "Un jeton d'API permet à un script ou à un outil de reporting de lire l'API GraphQL (/graphql, lecture seule) avec au plus vos droits, limités à ses portées, en l'envoyant dans l'en-tête « Authorization: Bearer … ».",
    create: 'Créer un jeton',
    empty: "Aucun jeton d'API.",
    name: 'Nom',
    namePlaceholder: 'Ex. : Tableau de bord comptabilité',
    nameRequired: 'Veuillez saisir un nom pour le jeton.',
    expiry: 'Expiration',
    expiryOptions: { 30: '30 jours', 90: '90 jours', 182: '6 mois', 365: '1 an' } as Record<number, string>,
    creator: 'Créé par',
    createdAt: 'Créé le',
    lastUse: 'Dernière utilisation',
    never: 'Jamais utilisé',
    status: 'État',
    statuses: { ACTIVE: 'Actif', EXPIRED: 'Expiré', REVOKED: 'Révoqué' } as Record<string, string>,
    revoke: 'Révoquer',
    revokeQuestion: (name: string) => `Révoquer le jeton « ${name} » ? Les requêtes qui l'utilisent seront refusées immédiatement.`,
    revoked: "Jeton d'API révoqué.",
    createTitle: "Nouveau jeton d'API",
    submit: 'Créer',
    secretTitle: "Jeton d'API créé",
    secretWarning: "Copiez ce jeton maintenant : il ne sera plus jamais affiché. Il donne accès en lecture à l'API avec vos droits.",
    secretLabel: 'Jeton',
    copied: 'Jeton copié dans le presse-papiers.',
    scopes: 'Portées',
    scopesHint: 'Ce que le jeton pourra lire, au plus ce que vous lisez vous-même.',
    scopesRequired: 'Veuillez choisir au moins une portée.',
    scopeLabels: API_TOKEN_SCOPE_LABELS as Record<string, string>,
    groups: 'Études',
    groupsHint: 'Vide : toutes les études. Limité à des études, le jeton ne lit que les constats et la facturation.',
    groupsPlaceholder: 'Toutes les études',
    allGroups: 'Toutes',
  },
  webhooks: {
    description:
      "Un webhook envoie chaque événement choisi (constat, facture) en POST JSON signé à l'adresse d'un outil de l'étude. La signature se vérifie avec le secret donné à la création (docs/api.md, « Webhooks »).",
    create: 'Ajouter un webhook',
    empty: 'Aucun webhook.',
    url: 'Adresse',
    urlHint: 'Une adresse https:// publique.',
    urlRequired: "Veuillez saisir l'adresse du webhook.",
    events: 'Événements',
    eventsRequired: 'Veuillez choisir au moins un événement.',
    eventLabels: WEBHOOK_EVENT_LABELS as Record<string, string>,
    creator: 'Créé par',
    createdAt: 'Créé le',
    remove: 'Supprimer',
    removeQuestion: (url: string) =>
      `Supprimer le webhook vers « ${url} » ? Il ne recevra plus rien et ses envois en attente seront abandonnés.`,
    removed: 'Webhook supprimé.',
    createTitle: 'Nouveau webhook',
    submit: 'Ajouter',
    secretTitle: 'Webhook ajouté',
    secretWarning: 'Copiez ce secret maintenant : il ne sera plus jamais affiché. Il sert à vérifier la signature de chaque envoi.',
    secretLabel: 'Secret',
    copied: 'Secret copié dans le presse-papiers.',
    deliveries: (url: string) => `Envois vers ${url}`,
    noDeliveries: 'Aucun envoi pour le moment.',
    refresh: 'Actualiser',
    date: 'Date',
    event: 'Événement',
    status: 'État',
    attempts: 'Essais',
    answer: 'Dernière réponse',
    statuses: { PENDING: 'En attente', DELIVERED: 'Reçu', FAILED: 'Abandonné' } as Record<string, string>,
    redeliver: 'Renvoyer',
    redelivered: 'Envoi renvoyé.',
  },
  emailTemplate: {
    description: "L'e-mail envoyé aux administrateurs à chaque nouveau constat, avec des données d'exemple.",
    subject: 'Objet',
    frame: "Aperçu de l'e-mail « Nouveau Constat »",
  },
} as const;
