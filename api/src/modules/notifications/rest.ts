// /api/v1/notification calls of product.md §7 (the viewer's notifications, read marking).
import { encodeGlobalID } from '@pothos/plugin-relay';
import { json, readFields } from '../../http/request.js';
import { bool, collectConnection, legacyFailure, positiveInt } from '../../http/legacy.js';
import { graphql, type ResultOf } from '../../http/graphql-documents.js';
import type { RestContext, Route } from '../../http/rest.js';
import { notificationMessages } from './service.js';

const NOTIFICATION = graphql(`
  fragment LegacyNotification on Notification {
    databaseId
    kind
    body
    reportId
    isRead
    createdAt
  }
`);

const VIEWER = graphql(`
  query LegacyViewerId {
    me {
      databaseId
    }
  }
`);

const NOTIFICATIONS = graphql(
  `
    query LegacyNotifications($first: Int, $after: String) {
      notifications(first: $first, after: $after) {
        edges {
          node {
            ...LegacyNotification
          }
        }
        pageInfo {
          hasNextPage
          endCursor
        }
      }
    }
  `,
  [NOTIFICATION],
);

const MARK_READ = graphql(
  `
    mutation LegacyMarkNotificationRead($input: MarkNotificationReadInput!) {
      markNotificationRead(input: $input) {
        notification {
          ...LegacyNotification
        }
      }
    }
  `,
  [NOTIFICATION],
);

/** product.md §3 Notification; `sendTo` is the recipient, i.e. the caller. */
const legacyNotification = (sendTo: number) => (notification: ResultOf<typeof NOTIFICATION>) => ({
  id: notification.databaseId,
  body: notification.body,
  kind: notification.kind,
  report_id: notification.reportId,
  isRead: notification.isRead,
  created_at: notification.createdAt,
  sendTo,
});

async function viewerId(ctx: RestContext): Promise<number | Response> {
  const me = await ctx.graphql(VIEWER);
  if (!me.ok) return legacyFailure(me.error);
  if (!me.data.me) return json({ code: 401, message: 'Veuillez vous connecter.' }, 401);
  return me.data.me.databaseId;
}

/** product.md §7 `sendTo`: notifications are private, so it may only name the caller. */
async function listNotifications(ctx: RestContext): Promise<Response> {
  const me = await viewerId(ctx);
  if (me instanceof Response) return me;
  const sendTo = ctx.url.searchParams.get('sendTo');
  if (sendTo && Number(sendTo) !== me) return json({ code: 403, message: "Vous n'avez pas les droits pour effectuer cette action." }, 403);
  const result = await collectConnection(ctx, NOTIFICATIONS, {}, (data) => data.notifications, { pageSize: 60, maxItems: 600 });
  if (!result.ok) return legacyFailure(result.error);
  return json(result.data.map(legacyNotification(me)));
}

async function markRead(ctx: RestContext): Promise<Response> {
  const id = positiveInt(ctx.params.id);
  if (!id) return json({ code: 404, message: notificationMessages.notFound }, 404);
  const body = await readFields(ctx.request);
  // product.md §4: the only transition is unread → read.
  if (bool(body.isRead) !== true) {
    return json(
      { code: 400, message: 'Seul le passage à « lue » est possible.', errors: { isRead: 'Seul le passage à « lue » est possible.' } },
      400,
    );
  }
  const result = await ctx.graphql(MARK_READ, { input: { id: encodeGlobalID('Notification', id) } });
  if (!result.ok) return legacyFailure(result.error);
  const me = await viewerId(ctx);
  if (me instanceof Response) return me;
  return json(legacyNotification(me)(result.data.markNotificationRead.notification));
}

export const notificationRoutes: Route[] = [
  { method: 'GET', path: '/api/v1/notification', handler: listNotifications },
  { method: 'PATCH', path: '/api/v1/notification/:id', handler: markRead },
];
