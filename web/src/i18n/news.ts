// French texts of the news screens (product.md §2, §4): the admin's list and form, the secretaries' page,
// and the rich-text editor of the form.
import { newsFormMessages } from '@constats/domain/form-messages';

export const newsText = {
  create: 'Créer une actualité',
  important: 'Important',
  date: 'Date',
  news: 'Actualité',
  edit: 'Modifier',
  view: 'Voir',
  empty: 'Aucune actualité associée',
  notFound: 'Cette actualité est introuvable.',
  formDescription: 'Les actualités sont envoyées aux secrétaires et apparaissent dans leur cloche.',
  title: "Titre de l'actualité",
  body: 'Actualité',
  importantCreate: 'IMPORTANT',
  importantEdit: 'Importante',
  send: 'Envoyer',
  // The server's own messages (product.md §5).
  titleRequired: newsFormMessages.titleRequiredOnCreate,
  min3: newsFormMessages.min3,
  created: newsFormMessages.created,
  updated: newsFormMessages.updated,
  editor: {
    toolbar: 'Mise en forme',
    bold: 'Gras',
    italic: 'Italique',
    bulletList: 'Liste à puces',
    numberList: 'Liste numérotée',
  },
} as const;
