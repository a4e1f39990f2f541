import { pages } from '../../graphql/page-sizes.js';
import { builder } from '../../graphql/builder.js';
import { databaseId } from '../../graphql/ids.js';
import { loadOncePerEvent } from '../../graphql/event-loads.js';
import type { RenderedMail } from '../../infra/mail/index.js';
import * as notifications from './service.js';

export const NotificationNode = builder.prismaNode('Notification', {
  description: 'Une notification de la cloche, propre à son destinataire.',
  id: { field: 'id' },
  // node(id:) of a missing record is null, not an error.
  nullable: true,
  visibleTo: (notification, ctx) => ctx.viewer?.id === notification.userId,
  select: { userId: true },
  fields: (t) => ({
    databaseId: t.exposeInt('id', { description: 'Identifiant numérique (ancienne API REST).' }),
    kind: t.exposeString('kind', {
      description: 'ACCOUNT_REQUEST, REPORT_CREATED, REPORT_ASSIGNED, COMMENT, REPORT_RETURNED, BILL_SENT…',
    }),
    body: t.exposeString('body', { description: 'HTML nettoyé.' }),
    reportId: t.exposeInt('reportId', { nullable: true, description: 'Constat concerné (identifiant numérique), le cas échéant.' }),
    account: t.relation('account', {
      nullable: true,
      description: 'ACCOUNT_REQUEST : le compte demandé (à approuver ou refuser tant qu’il est PENDING) ; null une fois refusé.',
    }),
    isRead: t.exposeBoolean('isRead', { description: 'Lue par son destinataire.' }),
    readAt: t.expose('readAt', { description: 'Date de lecture.', type: 'DateTime', nullable: true }),
    createdAt: t.expose('createdAt', { description: 'Date de création.', type: 'DateTime' }),
  }),
});

const NotificationPayload = builder.objectRef<{ notificationId: number }>('NotificationPayload').implement({
  description: 'Résultat d’une lecture de notification.',
  fields: (t) => ({
    notification: t.prismaField({
      description: 'La notification, relue.',
      type: NotificationNode,
      resolve: (query, payload, _args, ctx) => ctx.db.notification.findUniqueOrThrow({ ...query, where: { id: payload.notificationId } }),
    }),
  }),
});

const MarkAllNotificationsReadPayload = builder.objectRef<{ count: number }>('MarkAllNotificationsReadPayload').implement({
  description: 'Résultat de « Tout marquer comme lu ».',
  fields: (t) => ({ count: t.exposeInt('count', { description: 'Nombre de notifications passées à « lue ».' }) }),
});

const MarkNotificationReadInput = builder.inputType('MarkNotificationReadInput', {
  description: 'Notification à marquer comme lue.',
  fields: (t) => ({ id: t.globalID({ description: 'La notification.', required: true }) }),
});

const MailPreview = builder.objectRef<RenderedMail>('MailPreview').implement({
  description: 'Un e-mail rendu avec des données d’exemple.',
  fields: (t) => ({
    subject: t.exposeString('subject', { description: 'Objet de l’e-mail.' }),
    html: t.exposeString('html', { description: 'Document HTML complet de l’e-mail, à afficher isolé (iframe).' }),
    text: t.exposeString('text', { description: 'Partie texte de l’e-mail.' }),
  }),
});

builder.queryFields((t) => ({
  newReportMailPreview: t.field({
    type: MailPreview,
    description: 'Administrateurs : l’e-mail « Nouveau Constat » rendu avec des données d’exemple.',
    authScopes: { admin: true },
    resolve: (_root, _args, ctx) => notifications.newReportMailPreview(ctx),
  }),
  notifications: t.prismaConnection({
    type: NotificationNode,
    cursor: 'id',
    description: "Notifications de l'utilisateur connecté, des plus récentes aux plus anciennes (pages de 10 à 60).",
    authScopes: { authenticated: true },
    ...pages({ defaultSize: 10, maxSize: 60 }),
    args: { unreadOnly: t.arg.boolean({ description: 'Seulement les non lues.' }) },
    totalCount: (_parent, args, ctx) =>
      ctx.db.notification.count({ where: { userId: ctx.viewer!.id, ...(args.unreadOnly && { isRead: false }) } }),
    resolve: (query, _root, args, ctx) =>
      ctx.db.notification.findMany({
        ...query,
        where: { userId: ctx.viewer!.id, ...(args.unreadOnly && { isRead: false }) },
        orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
      }),
  }),
  unreadNotificationCount: t.int({
    description: 'Nombre de notifications non lues (point rouge de la cloche).',
    authScopes: { authenticated: true },
    resolve: (_root, _args, ctx) => notifications.unreadNotificationCount(ctx),
  }),
}));

builder.mutationFields((t) => ({
  markNotificationRead: t.field({
    description: 'Marque une notification de l’utilisateur connecté comme lue.',
    type: NotificationPayload,
    authScopes: { authenticated: true },
    args: { input: t.arg({ description: 'La notification.', type: MarkNotificationReadInput, required: true }) },
    resolve: async (_root, { input }, ctx) => {
      const notificationId = databaseId(input.id, 'Notification', notifications.notificationMessages.notFound);
      await notifications.markNotificationRead(ctx, notificationId);
      return { notificationId };
    },
  }),
  markAllNotificationsRead: t.field({
    description: 'Marque toutes les notifications de l’utilisateur connecté comme lues.',
    type: MarkAllNotificationsReadPayload,
    authScopes: { authenticated: true },
    resolve: async (_root, _args, ctx) => ({ count: await notifications.markAllNotificationsRead(ctx) }),
  }),
}));

builder.subscriptionField('notificationAdded', (t) =>
  t.prismaField({
    type: NotificationNode,
    description: "Notifications créées pour l'utilisateur connecté, en direct.",
    authScopes: { authenticated: true },
    subscribe: (_root, _args, ctx) => ctx.pubsub.subscribe('notificationAdded', ctx.viewer!.id),
    // One read per event and selection, however many subscriptions the user holds open.
    resolve: (query, event: { notificationId: number }, _args, ctx) =>
      loadOncePerEvent(event, `${ctx.viewer!.id}:${JSON.stringify(query)}`, () =>
        ctx.db.notification.findUniqueOrThrow({ ...query, where: { id: event.notificationId, userId: ctx.viewer!.id } }),
      ),
  }),
);
