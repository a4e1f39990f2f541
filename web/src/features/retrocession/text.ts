// French texts of the rétrocession screens (spec §2 "Retrocession > Constats / Factures",
// secretary 'RÉTROCESSION' and 'MES FACTURES', §8 empty texts).
export const retrocessionText = {
  filters: {
    label: 'Période',
    secretary: 'Secrétaire',
    selectSecretary: 'Sélectionner la secrétaire',
  },
  totals: {
    title: 'CUMUL PÉRIODE',
    reports: 'Nb de constats',
    textPages: 'Nb de pages texte',
    photos: 'Nb de photos',
    amountHT: 'Total HT',
  },
  reports: {
    label: 'Constats de la période',
    date: 'Date',
    bailiff: 'Huissier',
    secretary: 'Secrétaire',
    name: 'Nom du constat',
    deposited: 'Éléments déposés',
    returnedAt: 'Date retour',
    amount: '€',
    comments: 'Commentaires',
    empty: 'Aucun constat.',
    openBailiff: (name: string) => `Fiche de l'huissier ${name}`,
  },
  details: {
    label: (name: string) => `Rétrocession du constat ${name}`,
    provisional: 'Comptage de la secrétaire',
    retrocession: 'Rétrocession',
    pages: 'Pages',
    photos: 'Photos',
    pagesAmount: 'Montant pages',
    photosAmount: 'Montant photos',
    total: 'Total HT',
    comment: 'Commentaire',
    noComment: 'Aucun commentaire',
    notCounted: 'Pas encore comptée par l’administrateur',
  },
  bills: {
    label: 'Factures de la période',
    myLabel: 'Mes factures',
    secretary: 'Secrétaire',
    month: 'Mois',
    pages: 'Nombre pages',
    photos: 'Nombre photos',
    amountHT: 'Montant HT',
    view: 'Voir',
    download: 'Télécharger',
    viewBill: (label: string) => `Voir la facture ${label}`,
    downloadBill: (label: string) => `Télécharger la facture ${label}`,
    empty: 'Aucune facture.',
  },
  invoice: {
    title: (month: string) => `Facture de rétrocession · ${month}`,
    heading: 'FACTURE',
    number: (number: string) => `N° ${number}`,
    issuedOn: (date: string) => `Déposée le ${date}`,
    period: 'Période',
    from: 'Émetteur',
    to: 'Destinataire',
    client: 'Extranet Constats',
    siret: (siret: string) => `Siret : ${siret}`,
    description: 'Désignation',
    quantity: 'Quantité',
    unitPrice: 'Prix unitaire HT',
    reports: 'Constats dactylographiés',
    textPages: 'Pages texte',
    photos: 'Photos',
    totalHT: 'Montant HT',
    rib: 'RIB',
    missing: 'Non renseigné',
    openFile: 'Voir la facture déposée',
    download: 'Télécharger',
    remove: 'Supprimer la facture',
    removeConfirm: 'Etes-vous sûr de vouloir supprimer la facture ?',
  },
  upload: {
    title: (month: string) => `Ma facture de ${month}`,
    label: 'Facture du mois',
    hint: 'Déposez votre facture du mois : un seul fichier Word ou PDF.',
    submit: 'Déposer la facture',
    uploadedOn: (date: string) => `Déposée le ${date}`,
    replaceHint: 'Pour la remplacer, demandez à l’administrateur de la supprimer.',
    futureMonth: 'La facture de ce mois pourra être déposée à partir du premier jour du mois.',
    fileRequired: 'Veuillez choisir un fichier Word ou PDF.',
  },
} as const;

/** Spec §5: the secretary's bill is one Word or PDF file. */
export const ACCEPTED_BILL_FILES = ['.doc', '.docx', '.pdf'] as const;

/** Spec §9: the period filters offer the years from 2020 to the current one. */
export const FIRST_YEAR = 2020;

/** Spec §9: rétrocession tables show 10 rows. */
export const RETROCESSION_ROWS = [10] as const;
