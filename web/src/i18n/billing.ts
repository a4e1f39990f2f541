// French texts of the billing screens: admin 'Facturation' (product.md §2, §4 "Bill lifecycle", §5
// discounts, §8 toasts) and the bailiff's 'MES FACTURES'.
/** The « Paramètres de facturation » screen (product.md §11), where the admin is led while they are missing. */
export const SELLER_SETTINGS_PATH = '/dashboard/parametres-facturation';

export const billingText = {
  table: {
    label: 'Facturation des études',
    client: 'Client',
    reports: 'Constats',
    textPages: 'Pages texte',
    photos: 'Photos',
    amountHT: 'Total HT',
    bill: 'Facture',
    sent: 'Envoyée',
    paid: 'Payée',
    actions: 'Actions',
    empty: 'Aucune facture.',
    // The screen's three scopes, each named where its figures stand.
    monthTitle: 'Constats du mois',
    monthHint: (monthYear: string) =>
      `Tous les constats comptés créés en ${monthYear}, facturés ou non, au tarif de leur étude, avant remises.`,
    toBillTitle: (isCurrent: boolean) => (isCurrent ? 'À facturer, tous mois' : 'À facturer, ce mois'),
    toBillHint: (isCurrent: boolean) =>
      isCurrent
        ? 'Colonnes Constats à Total HT : par étude, les constats comptés qu’aucune facture n’a encore pris, de ce mois et des mois précédents (ce que la sélection proposera).'
        : 'Colonnes Constats à Total HT : par étude, les constats comptés de ce mois qu’aucune facture n’a pris ; la facture du mois en cours les reprendra.',
    billNumber: (number: number, reports: number) => `Facture n° ${number} : ${reports} constat${reports > 1 ? 's' : ''}`,
    billTTC: (amount: string) => `${amount} TTC`,
    notGenerated: 'Non générée',
    toBill: (count: number) => `${count} constat${count > 1 ? 's' : ''} à facturer`,
    sentOn: (date: string) => `Envoyée le ${date}`,
    notSent: 'Non envoyée',
    paidLabel: (client: string) => `Facture de ${client} payée`,
    paidOn: (date: string) => `le ${date}`,
    select: (client: string) => `Constats à facturer de ${client}`,
    view: (client: string) => `Voir la facture de ${client}`,
    download: (client: string) => `Télécharger la facture de ${client} (PDF)`,
    xml: 'XML',
    send: (client: string) => `Envoyer la facture de ${client}`,
    resend: (client: string) => `Renvoyer la facture de ${client}`,
  },
  dialog: {
    title: (client: string) => `Facturation de ${client}`,
    // product.md §4: the current month's bill also takes the earlier months' constats still unbilled.
    // Each takes its month after « de » (`ofPeriod`: « d'octobre 2026 »).
    period: (ofMonth: string) => `Constats comptés et pas encore facturés que la facture ${ofMonth} reprendra, par mois de création.`,
    periodGroup: (ofMonth: string) => `Constats ${ofMonth}`,
    generatedPeriod: (number: number, ofMonth: string) => `Facture n° ${number} ${ofMonth} : sélection et remises verrouillées.`,
    nextNumber: (number: number) => `Prochain numéro de facture : ${number}`,
    notCurrent: 'Une facture ne peut être générée que pour le mois en cours.',
    empty: 'Aucun constat à facturer.',
    selectAll: 'Tout sélectionner',
    selectReport: (name: string) => `Sélectionner ${name}`,
    date: 'Date',
    name: 'Nom du constat',
    bailiff: 'Huissier',
    pages: 'Pages',
    photos: 'Photos',
    amountHT: 'Montant HT',
    discount: 'Remise (%)',
    discountOf: (name: string) => `Remise (%) de ${name}`,
    netAmountHT: 'Net HT',
    globalDiscount: 'Remise globale (%)',
    globalDiscountHint: 'Facultative : appliquée après les remises des constats.',
    summary: {
      label: 'Totaux de la facture',
      amountHT: 'Total HT',
      discountAmount: 'Remises',
      netAmountHT: 'Net HT',
      vatAmount: 'TVA 20 %',
      amountTTC: 'Total TTC',
    },
    generate: 'Générer la facture',
    generating: 'Génération de la facture…',
    viewBill: 'Voir la facture',
    close: 'Fermer',
    // product.md §15: constats and lines come 100 at a time; the dialog reads them all (« Tout sélectionner » waits for them).
    loadingReports: (loaded: number, total: number) => `Chargement des constats : ${loaded} sur ${total}…`,
    loadingLines: (loaded: number, total: number) => `Chargement des lignes : ${loaded} sur ${total}…`,
  },
  sendConfirm: (number: number, email: string) => `Envoyer la facture n° ${number} à ${email} ?`,
  sendConfirmTitle: 'Envoyer la facture',
  resendConfirmTitle: 'Renvoyer la facture ?',
  resendConfirm: (number: number, sentAt: string, email: string) =>
    `La facture n° ${number} a déjà été envoyée le ${sentAt}. La renvoyer à ${email} ?`,
  resend: 'Renvoyer',
  // product.md §8's toasts, capitalised (docs/decisions.md).
  created: 'Facture créée avec succès',
  sent: 'Facture envoyée avec succès',
  createFailed: 'Erreur lors de la création de la facture',
  sendFailed: "Erreur lors de l'envoi de la facture",
  paid: 'Facture marquée comme payée.',
  unpaid: 'Facture marquée comme non payée.',
  // « Payée » asks the day the étude paid.
  payment: {
    title: (number: number) => `Facture n° ${number} payée`,
    date: 'Date du paiement',
    hint: 'Le jour où l’étude a payé : aujourd’hui par défaut, ni dans le futur, ni avant la facture.',
    invalid: 'Date invalide : JJ/MM/AAAA.',
    save: 'Enregistrer',
    cancel: 'Annuler',
  },

  // product.md §11: the seller's invoicing settings and the Factur-X files.
  settings: {
    open: 'Paramètres de facturation',
    required:
      'Les paramètres de facturation (raison sociale, Siret, TVA, adresse, IBAN…) sont obligatoires avant de générer une facture : chaque facture est une facture électronique Factur-X.',
    fill: 'Renseigner les paramètres de facturation',
    description: 'Le vendeur tel qu’il figure sur chaque facture Factur-X (EN 16931) : identifiants vérifiés par leur clé de contrôle.',
    identity: 'Société',
    address: 'Siège',
    bank: 'Règlement',
    saved: 'Paramètres de facturation enregistrés.',
    fields: {
      legalName: 'Raison sociale',
      legalForm: 'Forme juridique',
      siret: 'Siret',
      vatNumber: 'Numéro de TVA intracommunautaire',
      rcs: 'Immatriculation RCS',
      address: 'Adresse',
      zip: 'Code postal',
      city: 'Ville',
      iban: 'IBAN',
      bic: 'BIC',
      paymentTerms: 'Conditions de paiement',
      electronicAddress: 'Adresse électronique de facturation',
    },
    hints: {
      siret: '14 chiffres ; le SIREN en est tiré.',
      vatNumber: 'FR, clé de 2 chiffres, SIREN (ex. : FR44 732 829 320).',
      rcs: 'Ex. : RCS Lyon 732 829 320',
      paymentTerms: 'Imprimées sur la facture, avec les mentions légales (intérêts de retard, indemnité de 40 €).',
      electronicAddress:
        'Facultative : l’adresse de réception de l’annuaire des factures électroniques (lettres, chiffres, + - _ .). Vide : le SIREN.',
    },
    einvoice: 'Facture électronique',
    vatOnDebits: 'Option pour le paiement de la TVA d’après les débits',
    vatOnDebitsHint:
      'Cochée : la TVA est due à la facturation et la mention « Option pour le paiement de la taxe d’après les débits » est imprimée. Décochée : TVA sur les encaissements, la règle des prestations de services.',
    logo: {
      title: 'Logo',
      hint: 'Imprimé en tête des factures. PNG ou JPEG, 1 Mo et 2000 × 2000 pixels au plus ; la transparence est remplacée par du blanc.',
      current: 'Logo des factures',
      none: 'Aucun logo : les factures portent la raison sociale seule.',
      add: 'Ajouter un logo',
      replace: 'Remplacer le logo',
      choose: 'Choisir le logo',
      remove: 'Supprimer le logo',
      removeTitle: 'Supprimer le logo ?',
      removeQuestion: 'Les prochaines factures n’auront plus de logo ; celles déjà émises gardent le leur.',
      settingsFirst: 'Enregistrez d’abord les paramètres de facturation pour ajouter un logo.',
    },
  },
  xml: {
    download: (label: string) => `Télécharger le XML Factur-X de ${label}`,
  },

  myBills: {
    label: 'Factures',
    group: 'Étude',
    month: 'Mois',
    pages: 'Nombre pages',
    photos: 'Nombre photos',
    amountHT: 'Montant HT',
    view: 'Voir',
    download: 'Télécharger',
    // After « de » (`ofPeriod`): « Voir la facture d'octobre 2026 ».
    viewBill: (ofMonth: string) => `Voir la facture ${ofMonth}`,
    downloadBill: (ofMonth: string) => `Télécharger la facture ${ofMonth}`,
    downloadXml: (ofMonth: string) => `Télécharger le XML Factur-X ${ofMonth}`,
    xml: 'XML',
    empty: 'Aucune facture.',
  },
} as const;
