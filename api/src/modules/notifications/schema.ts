import { builder } from '../../graphql/builder.js';

export const NotificationNode = builder.prismaNode('Notification', {
  id: { field: 'id' },
  authScopes: (notification, ctx) => ctx.viewer?.id === notification.userId,
  select: { userId: true },
  fields: (t) => ({
    kind: t.exposeString('kind'),
    body: t.exposeString('body', { description: 'HTML nettoyé.' }),
    isRead: t.exposeBoolean('isRead'),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
  }),
});

builder.subscriptionField('notificationAdded', (t) =>
  t.prismaField({
    type: NotificationNode,
    description: "Notifications créées pour l'utilisateur connecté, en direct.",
    authScopes: { authenticated: true },
    subscribe: (_root, _args, ctx) => ctx.pubsub.subscribe('notificationAdded', ctx.viewer!.id),
    resolve: (query, event: { notificationId: number }, _args, ctx) =>
      ctx.db.notification.findUniqueOrThrow({ ...query, where: { id: event.notificationId, userId: ctx.viewer!.id } }),
  }),
);
