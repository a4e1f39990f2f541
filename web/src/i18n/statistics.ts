// French texts of the 'Statistiques' screen (product.md §2); the spec gives only the title and the
// period choices, the rest is ours (docs/decisions.md).
export const statisticsText = {
  description: 'Chiffre d’affaires HT des constats créés sur la période : rétrocession des secrétaires et facturation des huissiers.',
  chartLabel: 'Graphique des montants HT par période',
  showFigures: 'Afficher les données du graphique',
  hideFigures: 'Masquer les données du graphique',
  figuresCaption: 'Montants HT du graphique par période',
  notYet: 'À venir',
  axisDay: 'Jour du mois',
  axisMonth: 'Mois',
  axisAmount: 'Montant HT',
  reports: 'Constats créés',
  secretaries: 'Rétrocession secrétaires',
  bailiffs: 'Facturation huissiers',
  totals: 'Totaux de la période',
  detection: 'Facturés selon le comptage automatique',
  detectionValue: (agreeing: number, compared: number) =>
    compared === 0 ? '-' : `${Math.round((100 * agreeing) / compared)}\u00a0% (${agreeing}/${compared})`,
  empty: 'Aucun constat créé sur cette période.',
  emptyHint: 'Choisissez une autre année ou un autre mois.',
};
