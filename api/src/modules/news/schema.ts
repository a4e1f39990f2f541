import type { Prisma } from '../../infra/db.js';
import { pages, STANDARD_PAGES } from '../../graphql/page-sizes.js';
import { builder } from '../../graphql/builder.js';
import { databaseId } from '../../graphql/ids.js';
import { newsMessages, newsSearchOf } from './rules.js';
import * as news from './service.js';

export const NewsNode = builder.prismaNode('News', {
  id: { field: 'id' },
  // node(id:) of a missing record is null, not an error.
  nullable: true,
  description: 'Une actualité publiée par un administrateur pour les secrétaires.',
  // product.md §1: admins and secretaries see news; bailiffs do not.
  visibleTo: (_news, ctx) => ctx.viewer?.role === 'ADMIN' || ctx.viewer?.role === 'SECRETARY',
  fields: (t) => ({
    databaseId: t.exposeInt('id', { description: 'Identifiant numérique (ancienne API REST).' }),
    title: t.exposeString('title', { description: 'Titre.' }),
    body: t.exposeString('body', { description: 'HTML nettoyé.' }),
    important: t.exposeBoolean('important', { description: 'Actualité importante (mise en avant).' }),
    isRead: t.boolean({
      description: "Lue par l'utilisateur connecté (toujours pour son auteur).",
      select: (_args, ctx) => ({ authorId: true, reads: { where: { userId: ctx.viewer?.id ?? 0 }, select: { userId: true } } }),
      // The admin who published a news item has read it: it must not light his own bell.
      resolve: (item, _args, ctx) => item.authorId === ctx.viewer?.id || item.reads.length > 0,
    }),
    createdAt: t.expose('createdAt', { description: 'Date de publication.', type: 'DateTime' }),
    updatedAt: t.expose('updatedAt', { description: 'Date de dernière modification.', type: 'DateTime' }),
  }),
});

const NewsPayload = builder.objectRef<{ newsId: number; message: string }>('NewsPayload').implement({
  description: 'Résultat d’une action sur une actualité.',
  fields: (t) => ({
    message: t.exposeString('message', { description: 'Message de succès à afficher.' }),
    news: t.prismaField({
      description: 'L’actualité, relue après l’action.',
      type: NewsNode,
      resolve: (query, payload, _args, ctx) => ctx.db.news.findUniqueOrThrow({ ...query, where: { id: payload.newsId } }),
    }),
  }),
});

const CreateNewsInput = builder.inputType('CreateNewsInput', {
  description: 'Une actualité à publier.',
  fields: (t) => ({
    title: t.string({ description: 'Titre, au moins 3 caractères.' }),
    body: t.string({ description: 'Texte riche (HTML), nettoyé à l’enregistrement.' }),
    important: t.boolean({ description: 'Faux par défaut.' }),
  }),
});

const UpdateNewsInput = builder.inputType('UpdateNewsInput', {
  description: 'Champs absents : inchangés.',
  fields: (t) => ({
    id: t.globalID({ description: 'L’actualité à modifier.', required: true }),
    title: t.string({ description: 'Titre, au moins 3 caractères.' }),
    body: t.string({ description: 'Texte riche (HTML), nettoyé à l’enregistrement.' }),
    important: t.boolean({ description: 'Actualité importante.' }),
  }),
});

const MarkNewsReadInput = builder.inputType('MarkNewsReadInput', {
  description: 'Actualité à marquer comme lue.',
  fields: (t) => ({ id: t.globalID({ description: 'L’actualité.', required: true }) }),
});

const newsId = (id: { typename: string; id: string }) => databaseId(id, 'News', newsMessages.notFound);

builder.queryFields((t) => ({
  news: t.prismaConnection({
    type: NewsNode,
    cursor: 'id',
    ...pages(STANDARD_PAGES),
    description: 'Actualités, des plus récentes aux plus anciennes.',
    authScopes: { admin: true, secretary: true },
    args: {
      search: t.arg.string({
        description:
          "Texte de la zone de recherche : un préfixe « jj » ou « jj/mm » suivi d'un espace est ignoré et le reste cherché dans " +
          'le titre et le texte ; une date seule (« jj », « jj/mm », « jj/mm/aaaa ») filtre sur le jour de publication.',
      }),
      keyword: t.arg.string({ description: 'Mots cherchés dans le titre et le texte (sans accents ni casse).' }),
      date: t.arg.string({ description: 'Jour de publication : « jj », « jj/mm », « jj/mm/aaaa » ou « aaaa-mm-jj ».' }),
    },
    totalCount: async (_parent, args, ctx) => ctx.db.news.count({ where: await news.newsWhere(ctx, newsSearchOf(args)) }),
    resolve: async (query, _root, args, ctx) =>
      ctx.db.news.findMany({
        ...query,
        where: await news.newsWhere(ctx, newsSearchOf(args)),
        orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
      }),
  }),
}));

builder.mutationFields((t) => ({
  createNews: t.field({
    type: NewsPayload,
    description: 'Publie une actualité ; les secrétaires et administrateurs connectés la reçoivent en direct (newsPublished).',
    authScopes: { admin: true },
    args: { input: t.arg({ description: 'L’actualité.', type: CreateNewsInput, required: true }) },
    resolve: async (_root, { input }, ctx) => ({ newsId: await news.createNews(ctx, input), message: newsMessages.created }),
  }),
  updateNews: t.field({
    description: 'Modifie une actualité publiée.',
    type: NewsPayload,
    authScopes: { admin: true },
    args: { input: t.arg({ description: 'Les champs à modifier.', type: UpdateNewsInput, required: true }) },
    resolve: async (_root, { input: { id, ...fields } }, ctx) => {
      const newsIdValue = newsId(id);
      await news.updateNews(ctx, newsIdValue, fields);
      return { newsId: newsIdValue, message: newsMessages.updated };
    },
  }),
  markNewsRead: t.field({
    description: 'Marque une actualité comme lue par l’utilisateur connecté.',
    type: NewsPayload,
    authScopes: { admin: true, secretary: true },
    args: { input: t.arg({ description: 'L’actualité.', type: MarkNewsReadInput, required: true }) },
    resolve: async (_root, { input }, ctx) => {
      const newsIdValue = newsId(input.id);
      await news.markNewsRead(ctx, newsIdValue);
      return { newsId: newsIdValue, message: 'Actualité marquée comme lue.' };
    },
  }),
}));

// A news item reaches every connected admin and secretary at once, and their subscriptions share
// the event object (in process, or as parsed once from Redis). So the item is read once per event
// and selection, with all its readers, and each subscriber takes its own read mark from that row:
// one query per published item instead of one per open socket.
type NewsQuery = { include?: Prisma.NewsInclude; select?: Prisma.NewsSelect };
type News = Prisma.NewsGetPayload<object>;
const publishedLoads = new WeakMap<object, Map<string, Promise<News>>>();

/** The subscriber's query, its read mark (a filter on the viewer) widened to every reader. */
function forEveryReader(query: NewsQuery): NewsQuery {
  const widen = <T extends { reads?: unknown }>(selection: T) =>
    selection.reads ? { ...selection, reads: { select: { userId: true } } } : selection;
  return { ...(query.include && { include: widen(query.include) }), ...(query.select && { select: widen(query.select) }) };
}

builder.subscriptionField('newsPublished', (t) =>
  t.prismaField({
    type: NewsNode,
    description: 'Actualités publiées, en direct (administrateurs et secrétaires).',
    authScopes: { admin: true, secretary: true },
    subscribe: (_root, _args, ctx) => ctx.pubsub.subscribe('newsPublished'),
    resolve: async (query, event: { newsId: number }, _args, ctx) => {
      const shared = forEveryReader(query);
      const key = JSON.stringify(shared);
      let loads = publishedLoads.get(event);
      if (!loads) publishedLoads.set(event, (loads = new Map<string, Promise<News>>()));
      let load = loads.get(key);
      if (!load) loads.set(key, (load = ctx.db.news.findUniqueOrThrow({ ...shared, where: { id: event.newsId } })));
      const item: News & { reads?: { userId: number }[] } = await load;
      return item.reads ? { ...item, reads: item.reads.filter((read) => read.userId === ctx.viewer?.id) } : item;
    },
  }),
);
