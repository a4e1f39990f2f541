// French texts of the absences screens: the calendars (product.md §2 "Bailiff screens": legend, labels
// and empty text given), the admin's « Absences » and the form « Signaler une absence ou un congé ».
import { absenceFormMessages } from '@constats/domain/form-messages';

export const absencesText = {
  calendar: 'Calendrier',
  agenda: 'Absences de la période',
  legend: 'Indisponibilité',
  previous: 'Précédent',
  next: 'Suivant',
  today: "Aujourd'hui",
  views: { month: 'Mois', week: 'Semaine', day: 'Jour' },
  empty: "Il n'y a aucun événement dans le calendrier.",
  report: 'Signaler une absence ou un congé',
  weekdays: ['Lundi', 'Mardi', 'Mercredi', 'Jeudi', 'Vendredi', 'Samedi', 'Dimanche'],
  weekTitle: (from: string, to: string) => `Du ${from} au ${to}`,
  more: (count: number) => `+ ${count} autre${count > 1 ? 's' : ''}`,
  dayTitle: (day: string) => `Indisponibilités du ${day}`,
  dayEmpty: 'Aucune indisponibilité ce jour-là.',
  period: (from: string, to: string) => (from === to ? `Le ${from}` : `Du ${from} au ${to}`),
  noComment: 'Aucun commentaire',
  adminDescription: 'Absences et congés signalés par les huissiers et les secrétaires.',
  bailiffsDescription: 'Absences et congés signalés par les huissiers.',
  myDescription: 'Vos absences et congés signalés.',
  form: {
    description:
      "Indiquez le premier et le dernier jour de votre absence : elle apparaîtra dans votre calendrier et dans celui de l'administration.",
    startDate: 'Date de début',
    endDate: 'Date de fin',
    comment: 'Commentaire',
    commentPlaceholder: 'Motif, remplaçant, joignabilité…',
    // The server's own messages (product.md §5).
    invalidDate: absenceFormMessages.invalidDate,
    endBeforeStart: absenceFormMessages.endBeforeStart,
    created: absenceFormMessages.created,
    overlapTitle: 'Absence déjà signalée',
    overlap: (periods: string[]) =>
      `Ces dates chevauchent ${periods.length > 1 ? 'des absences déjà signalées' : 'une absence déjà signalée'} : ${periods.join(' ; ')}. Vous pouvez tout de même valider.`,
    overlapPeriod: (from: string, to: string) => (from === to ? `le ${from}` : `du ${from} au ${to}`),
  },
} as const;
