import { encodeGlobalID } from '@pothos/plugin-relay';
import { builder } from '../../graphql/builder.js';
import { databaseId } from '../../graphql/ids.js';
import { pages, STANDARD_PAGES } from '../../graphql/page-sizes.js';
import { eventLabels, eventNames, MAX_URL_LENGTH, MAX_WEBHOOKS, WEBHOOK_EVENTS, webhookMessages } from './rules.js';
import * as webhooks from './service.js';

const isAdmin = (ctx: { viewer: { role: string } | null }) => ctx.viewer?.role === 'ADMIN';

const WebhookEventEnum = builder.enumType('WebhookEvent', {
  description: 'Événement auquel un webhook s’abonne ; envoyé dans l’en-tête X-Constats-Event sous son nom pointé (report.created…).',
  values: Object.fromEntries(
    WEBHOOK_EVENTS.map((event) => [event, { description: `${eventLabels[event]} (« ${eventNames[event]} »).` }]),
  ) as Record<(typeof WEBHOOK_EVENTS)[number], { description: string }>,
});

const WebhookDeliveryStatusEnum = builder.enumType('WebhookDeliveryStatus', {
  description: 'État d’un envoi de webhook.',
  values: {
    PENDING: { description: 'En attente de son premier essai ou d’un nouvel essai.' },
    DELIVERED: { description: 'Reçu : le destinataire a répondu par un statut 2xx.' },
    FAILED: { description: 'Abandonné 24 heures après son premier essai, ou son webhook supprimé.' },
  } as const,
});

export const WebhookDeliveryNode = builder.prismaNode('WebhookDelivery', {
  id: { field: 'id' },
  nullable: true,
  description: 'Un envoi d’un événement à un webhook, et son suivi (essais, dernière réponse).',
  visibleTo: (_delivery, ctx) => isAdmin(ctx),
  fields: (t) => ({
    event: t.expose('event', { type: WebhookEventEnum, description: 'L’événement envoyé.' }),
    status: t.expose('status', { type: WebhookDeliveryStatusEnum, description: 'En attente, reçu ou abandonné.' }),
    attempts: t.exposeInt('attempts', { description: 'Essais depuis son enregistrement ou son dernier renvoi.' }),
    occurredAt: t.expose('occurredAt', { type: 'DateTime', description: 'Date de l’événement.' }),
    lastAttemptAt: t.expose('lastAttemptAt', {
      type: 'DateTime',
      nullable: true,
      description: 'Date du dernier essai, null avant le premier.',
    }),
    nextAttemptAt: t.expose('nextAttemptAt', {
      type: 'DateTime',
      nullable: true,
      description: 'Date du prochain essai ; null une fois reçu ou abandonné.',
    }),
    deliveredAt: t.expose('deliveredAt', { type: 'DateTime', nullable: true, description: 'Date de réception, le cas échéant.' }),
    lastStatusCode: t.exposeInt('lastStatusCode', {
      nullable: true,
      description: 'Statut HTTP de la dernière réponse ; null si le destinataire n’a pas été joint.',
    }),
    lastAnswer: t.exposeString('lastAnswer', {
      nullable: true,
      description: 'Début (1 Ko au plus) de la dernière réponse, ou la raison pour laquelle le destinataire n’a pas été joint.',
    }),
  }),
});

export const WebhookNode = builder.prismaNode('Webhook', {
  id: { field: 'id' },
  nullable: true,
  description:
    'Webhook d’un administrateur : chaque événement choisi est envoyé en POST JSON signé à son adresse (docs/api.md « Webhooks »). ' +
    'Son secret n’est rendu qu’à la création.',
  visibleTo: (_webhook, ctx) => isAdmin(ctx),
  fields: (t) => ({
    url: t.exposeString('url', { description: 'Adresse à laquelle les événements sont envoyés.' }),
    events: t.field({
      type: [WebhookEventEnum],
      description: 'Événements envoyés.',
      select: { events: true },
      resolve: (webhook) => webhook.events,
    }),
    creator: t.relation('createdBy', { description: 'Administrateur qui l’a créé.' }),
    createdAt: t.expose('createdAt', { type: 'DateTime', description: 'Date de création.' }),
    deliveries: t.relatedConnection('deliveries', {
      cursor: 'id',
      ...pages(STANDARD_PAGES),
      description: 'Ses envois, des plus récents aux plus anciens.',
      query: () => ({ orderBy: { id: 'desc' } }),
      totalCount: true,
    }),
  }),
});

const CreateWebhookInput = builder.inputType('CreateWebhookInput', {
  description: 'Création d’un webhook.',
  fields: (t) => ({
    url: t.string({
      required: true,
      description: `Adresse https:// publique (${MAX_URL_LENGTH} caractères au plus) ; http:// ou une adresse privée seulement pour un hôte de WEBHOOK_ALLOWED_HOSTS.`,
    }),
    events: t.field({ type: [WebhookEventEnum], required: true, description: 'Événements à envoyer (au moins un).' }),
  }),
});

const WebhookIdInput = builder.inputType('DeleteWebhookInput', {
  description: 'Suppression d’un webhook.',
  fields: (t) => ({ id: t.globalID({ required: true, description: 'Identifiant du webhook.' }) }),
});

const RedeliverInput = builder.inputType('RedeliverWebhookDeliveryInput', {
  description: 'Renvoi d’un envoi de webhook.',
  fields: (t) => ({ id: t.globalID({ required: true, description: 'Identifiant de l’envoi.' }) }),
});

const CreateWebhookPayload = builder.objectRef<{ secret: string; webhookId: number }>('CreateWebhookPayload').implement({
  description: 'Le webhook créé et son secret.',
  fields: (t) => ({
    secret: t.exposeString('secret', {
      description: 'Le secret qui signe ses envois (X-Constats-Signature), affiché cette seule fois.',
    }),
    webhook: t.prismaField({
      type: WebhookNode,
      description: 'Le webhook créé.',
      resolve: (query, payload, _args, ctx) => ctx.db.webhook.findUniqueOrThrow({ ...query, where: { id: payload.webhookId } }),
    }),
  }),
});

const DeleteWebhookPayload = builder.objectRef<{ id: number }>('DeleteWebhookPayload').implement({
  description: 'Le webhook supprimé.',
  fields: (t) => ({
    deletedWebhookId: t.id({
      description: 'Identifiant global du webhook supprimé.',
      resolve: (payload) => encodeGlobalID('Webhook', payload.id),
    }),
  }),
});

const RedeliverPayload = builder.objectRef<{ deliveryId: number }>('RedeliverWebhookDeliveryPayload').implement({
  description: 'L’envoi, de nouveau en attente.',
  fields: (t) => ({
    delivery: t.prismaField({
      type: WebhookDeliveryNode,
      description: 'L’envoi renvoyé.',
      resolve: (query, payload, _args, ctx) => ctx.db.webhookDelivery.findUniqueOrThrow({ ...query, where: { id: payload.deliveryId } }),
    }),
  }),
});

builder.queryFields((t) => ({
  webhooks: t.prismaConnection({
    type: WebhookNode,
    cursor: 'id',
    ...pages(STANDARD_PAGES),
    description: `Webhooks (${MAX_WEBHOOKS} au plus), des plus récents aux plus anciens. Administrateurs.`,
    authScopes: { admin: true },
    totalCount: (_parent, _args, ctx) => ctx.db.webhook.count({ where: webhooks.LIVE_WEBHOOKS }),
    resolve: (query, _root, _args, ctx) => ctx.db.webhook.findMany({ ...query, where: webhooks.LIVE_WEBHOOKS, orderBy: { id: 'desc' } }),
  }),
}));

builder.mutationFields((t) => ({
  createWebhook: t.field({
    type: CreateWebhookPayload,
    description: 'Crée un webhook ; son secret n’est rendu qu’ici. Administrateurs (jamais par un jeton d’API).',
    authScopes: { admin: true },
    args: { input: t.arg({ type: CreateWebhookInput, required: true, description: 'Adresse et événements.' }) },
    resolve: async (_root, { input }, ctx) => {
      const { id, secret } = await webhooks.createWebhook(ctx, { url: input.url, events: input.events });
      return { secret, webhookId: id };
    },
  }),
  deleteWebhook: t.field({
    type: DeleteWebhookPayload,
    description: 'Supprime un webhook : il ne reçoit plus rien, ses envois en attente sont abandonnés. Administrateurs.',
    authScopes: { admin: true },
    args: { input: t.arg({ type: WebhookIdInput, required: true, description: 'Le webhook à supprimer.' }) },
    resolve: async (_root, { input }, ctx) => {
      const id = databaseId(input.id, 'Webhook', webhookMessages.notFound);
      await webhooks.deleteWebhook(ctx, id);
      return { id };
    },
  }),
  redeliverWebhookDelivery: t.field({
    type: RedeliverPayload,
    description:
      'Renvoie un envoi reçu ou abandonné (« Renvoyer »), pour une nouvelle série d’essais ; sans effet sur un envoi déjà en attente. Administrateurs.',
    authScopes: { admin: true },
    args: { input: t.arg({ type: RedeliverInput, required: true, description: 'L’envoi à renvoyer.' }) },
    resolve: async (_root, { input }, ctx) => {
      const deliveryId = databaseId(input.id, 'WebhookDelivery', webhookMessages.deliveryNotFound);
      await webhooks.redeliver(ctx, deliveryId);
      return { deliveryId };
    },
  }),
}));
