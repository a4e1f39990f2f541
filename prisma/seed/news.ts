// Demo seed: the news and their reads.
import { toSearchText } from '../../api/src/modules/accounts/rules.js';
import type { Cast } from './people.js';
import { addDays, addHours, earliest } from './tools.js';

const NEWS: readonly { daysAgo: number; important: boolean; title: string; body: string }[] = [
  {
    daysAgo: 170,
    important: false,
    title: "Bienvenue sur l'extranet des constats",
    body:
      '<p>Vous retrouvez désormais tous vos constats, vos rétrocessions et vos factures au même endroit.</p>' +
      "<p>N'hésitez pas à nous faire part de vos remarques.</p>",
  },
  {
    daysAgo: 95,
    important: true,
    title: 'Nouvelle trame de procès-verbal',
    body:
      "<p>À compter du <strong>1er du mois prochain</strong>, merci d'utiliser la nouvelle trame :</p>" +
      '<ul><li>numérotation des photos en continu</li><li>annexes regroupées en fin de document</li></ul>',
  },
  {
    daysAgo: 48,
    important: false,
    title: "Congés d'été : planning des absences",
    body: '<p>Pensez à déclarer vos congés dans le calendrier <em>avant le 15 juin</em> afin que nous puissions répartir les constats.</p>',
  },
  {
    daysAgo: 12,
    important: true,
    title: 'Rappel : délai de retour de 36 heures',
    body:
      '<p>Les constats en cours depuis plus de <strong>36 heures</strong> passent en alerte rouge. ' +
      'Merci de signaler toute difficulté par un commentaire sur le constat.</p>',
  },
  {
    daysAgo: 2,
    important: false,
    title: 'Facturation de fin de mois',
    body:
      '<p>Les factures de rétrocession du mois sont à déposer dans <strong>Mes factures</strong> ' +
      'avant le 5 du mois suivant, au format PDF ou Word.</p>',
  },
];

export function planNews(cast: Cast, now: Date) {
  return NEWS.map(({ daysAgo, important, title, body }) => {
    const createdAt = addDays(now, -daysAgo);
    const text = body.replace(/<[^>]+>/g, ' ');
    return { title, body, important, authorId: cast.admin.id, searchText: toSearchText(title, text), createdAt, updatedAt: createdAt };
  });
}

/** Secretaries read the news (product.md §1), all but the latest; the first secretary is the most diligent. */
export function planNewsReads(news: { id: number; createdAt: Date }[], cast: Cast, now: Date) {
  return news.flatMap((item, newsIndex) =>
    cast.secretaries
      .filter((_, secretaryIndex) => newsIndex < news.length - 1 - secretaryIndex)
      .map((secretary) => ({ newsId: item.id, userId: secretary.id, readAt: earliest(addHours(item.createdAt, 5), now) })),
  );
}
