import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createServerAdapter } from '@whatwg-node/server';
import { WebSocketServer } from 'ws';
import { useServer } from 'graphql-ws/use/ws';
import { GraphQLError, type DocumentNode, type ExecutionArgs } from 'graphql';
import type { Services } from './context.js';
import { diskFullError } from './errors.js';
import { createGraphQLServer } from './server/yoga.js';
import { envelopedFor, executeOperation, type Enveloped } from './graphql/execute.js';
import { createRestRouter, decodablePath } from './http/rest.js';
import { withSecurityHeaders } from './http/security-headers.js';
import { withCompression } from './http/compression.js';
import { createStaticHandler } from './http/static.js';
import { createFilesHandler } from './http/files.js';
import type { createFileLinks, FileProviders } from './infra/file-links.js';
import { json, redirect, type RunOperation, type ServerContext } from './http/request.js';
import {
  authenticate,
  authenticateSocket,
  headerCredential,
  liveCredentials,
  presentsSeveralCredentials,
  severalCredentialsMessage,
  showsSession,
} from './server/authenticate.js';
import { apiTokenMessages } from './modules/apiTokens/rules.js';
import { connectionLimits, createHttpServer, markSignedIn } from './http/connection-limits.js';
import { createLiveSessions } from './modules/credentials/live-sessions.js';
import { createSessionCheck } from './modules/auth/live-delivery.js';
import {
  boundUnacknowledged,
  FORBIDDEN_CLOSE,
  liveMessages,
  MAX_LIVE_MESSAGE_BYTES,
  subscriptionRefusal,
  TOO_MANY_SOCKETS_CLOSE,
} from './graphql/live-limits.js';
import { executeMultipart } from './http/graphql-multipart.js';
import { createResumableUploads, RESUMABLE_UPLOADS_PATH } from './http/resumable-uploads.js';
import { admitUpload, finishUpload, terminateUpload, touchUpload } from './modules/reports/deposit-uploads.js';
import { authRoutes } from './modules/auth/rest.js';
import { absenceRoutes } from './modules/absences/rest.js';
import { accountRoutes } from './modules/accounts/rest.js';
import { groupRoutes } from './modules/groups/rest.js';
import { newsRoutes } from './modules/news/rest.js';
import { notificationRoutes } from './modules/notifications/rest.js';
import { reportRoutes } from './modules/reports/rest.js';
import { billingRoutes } from './modules/billing/rest.js';
import { reportingRoutes } from './modules/reporting/rest.js';
import { retrocessionRoutes } from './modules/retrocession/rest.js';
import { statisticsRoutes } from './modules/statistics/rest.js';
import { reportArchives } from './modules/reports/archives.js';
import { reportDocuments } from './modules/reports/photo-previews.js';
import { billDocuments } from './modules/billing/documents.js';
import { appVersion } from './version.js';
import { createReadinessCheck } from './infra/health.js';
import {
  DATABASE_RETRY_AFTER_SECONDS,
  DATABASE_UNAVAILABLE_REASON,
  databaseUnavailable,
  isDatabaseUnavailable,
} from './infra/db-unavailable.js';

export interface App {
  server: Server;
  listen(port: number, host?: string): Promise<number>;
  close(): Promise<void>;
}

/** "Download all" zips and documents built at their first download (bills, photo previews), by the kind named in their signed link. */
const fileProviders: FileProviders = { archives: { ...reportArchives }, documents: { ...billDocuments, ...reportDocuments } };

/** The HTTP host: /graphql (HTTP + graphql-ws), /api/v1 and /admin shims, /meta.json, /healthz, /readyz, the web build. */

/** A page request from a browser's address bar (Accept: text/html), not a GraphQL client. */
const wantsPage = (request: Request) => (request.headers.get('accept') ?? '').includes('text/html');

/** A GraphQL-shaped refusal of a credential, sent before any body byte is read. */
function refuseCredential(status: number, message: string, code: string): Response {
  return json({ errors: [{ message, extensions: { code } }] }, status, {
    connection: 'close',
    ...(status === 401 && { 'www-authenticate': 'Bearer error="invalid_token"' }),
  });
}

/** The database's 503 in the shape the path speaks: GraphQL's errors, or the REST shims' code and message. */
function unavailableAnswer(graphql: boolean): Response {
  const { code, message, httpStatus } = databaseUnavailable();
  const body = graphql
    ? { errors: [{ message, extensions: { code, reason: DATABASE_UNAVAILABLE_REASON } }] }
    : { code: httpStatus, message };
  return json(body, httpStatus, { 'retry-after': String(DATABASE_RETRY_AFTER_SECONDS) });
}

export function createApp(services: Services, fileLinks: ReturnType<typeof createFileLinks>): App {
  const { liveSocketsPerSession, liveSubscriptionsPerSocket } = services.config;
  // Sockets and subscriptions over server-sent events of each session or API token: ended with it, and bounded.
  const liveSessions = createLiveSessions(services.pubsub, {
    socketsPerSession: liveSocketsPerSession,
    streamsPerSession: liveSubscriptionsPerSocket,
  });
  const credentials = liveCredentials(services);
  const sessionCheck = createSessionCheck(credentials);
  // Redis lost events meanwhile (README « When Redis is away »): a revocation announced then was
  // missed, so sessions are read again before their next event; once events flow again, every
  // live client reconnects and reads again what it shows.
  const busHooks = [services.pubsub.onLost(() => sessionCheck.distrust()), services.pubsub.onRecovered(() => liveSessions.restart())];
  const yoga = createGraphQLServer(services, liveSessions, sessionCheck, credentials);
  // What the REST shims and the uploads execute with: the same pipeline as /graphql.
  const run: RunOperation = (request, serverContext, operation) => executeOperation(yoga, request, serverContext, operation);
  const rest = createRestRouter(
    [
      ...authRoutes,
      ...accountRoutes(services),
      ...groupRoutes,
      ...newsRoutes,
      ...notificationRoutes,
      ...absenceRoutes,
      ...reportRoutes(services),
      ...billingRoutes(services),
      ...retrocessionRoutes(services),
      ...statisticsRoutes,
      ...reportingRoutes(services),
    ],
    run,
  );
  const serveWeb = createStaticHandler(services.config.webDir);
  const checkReadiness = createReadinessCheck(services);
  const serveFile = createFilesHandler(services, fileLinks, fileProviders);
  // Resumable deposits (tus): the endpoint speaks the protocol, the reports module decides.
  const resumable = createResumableUploads({
    staging: services.staging,
    maxBytes: services.config.maxUploadBytes,
    rules: {
      admit: (viewer, headers) => admitUpload(services, viewer, headers),
      touch: (viewer, id) => touchUpload(services, viewer, id),
      terminate: (viewer, id) => terminateUpload(services, viewer, id),
      finish: (viewer, id) => finishUpload(services, viewer, id),
    },
  });

  const adapter = createServerAdapter<ServerContext>(
    withCompression(
      withSecurityHeaders(services.config, async (request, serverContext) => {
        try {
          return await route(request, serverContext);
        } catch (error) {
          // A client that went away (page left, request cancelled) is not a failure of ours.
          if (request.signal.aborted) return new Response(null, { status: 499 });
          // The database is away (the session lookup, a shim's own query…): retry later, not logged.
          if (isDatabaseUnavailable(error)) return unavailableAnswer(new URL(request.url).pathname === '/graphql');
          // Logged for the operators; the client only learns that something failed.
          console.error(`[http] ${request.method} ${new URL(request.url).pathname}`, error);
          // A full disk (a legacy form's spooled parts, a file written outside GraphQL) is said as such.
          const diskFull = diskFullError(error);
          if (diskFull) return json({ code: diskFull.httpStatus, message: diskFull.message }, diskFull.httpStatus);
          return json({ code: 500, message: 'Une erreur interne est survenue. Veuillez réessayer plus tard.' }, 500);
        }
      }),
    ),
  );

  async function route(request: Request, serverContext: ServerContext): Promise<Response> {
    const { pathname } = new URL(request.url);
    if (!decodablePath(pathname)) return json({ code: 400, message: 'Adresse invalide.' }, 400);
    const graphql = pathname === '/graphql';
    // A person opening /graphql in a browser gets the app's own GraphiQL (admins only, offline).
    if (graphql && request.method === 'GET' && wantsPage(request)) return redirect('/dashboard/graphiql');
    const credential = headerCredential(request.headers.get('authorization'));
    // API tokens are for /graphql and the routes that take one (the CSV exports): refused anywhere
    // else from the header, without a lookup.
    const tokenRoute = !graphql && rest.acceptsApiToken(request.method, pathname);
    if (credential?.kind === 'apiToken' && !graphql && !tokenRoute)
      return refuseCredential(401, apiTokenMessages.otherPath, 'UNAUTHENTICATED');
    // Signed links are their own authorization; the version and the web build need no caller.
    if (pathname.startsWith('/files/')) return serveFile(request);
    if (pathname === '/meta.json') return json({ version: appVersion }, 200, { 'cache-control': 'no-store' });
    // For load balancers and supervisors: no caller, no body read, bounded cost (infra/health.ts).
    if (pathname === '/healthz') return json({ status: 'ok' }, 200, { 'cache-control': 'no-store' });
    if (pathname === '/readyz') {
      const ready = await checkReadiness();
      return json(ready.body, ready.status, { 'cache-control': 'no-store' });
    }
    const legacy = pathname.startsWith('/api/') || pathname.startsWith('/admin/');
    if (!graphql && !legacy) return serveWeb(request);

    // A session and a pasted API token together: neither is guessed (authenticate.ts).
    if (presentsSeveralCredentials(serverContext.req))
      return graphql
        ? refuseCredential(401, severalCredentialsMessage, 'UNAUTHENTICATED')
        : json({ code: 401, message: severalCredentialsMessage }, 401);
    // The authentication step, once, from the headers: no body byte is read before the caller is known.
    const viewer = await authenticate(services, request, serverContext);
    if (viewer) markSignedIn(serverContext.req?.socket);
    const authenticated: ServerContext = { ...serverContext, viewer };
    if (pathname === RESUMABLE_UPLOADS_PATH || pathname.startsWith(`${RESUMABLE_UPLOADS_PATH}/`))
      return resumable.handle(request, authenticated);
    if (legacy) {
      // A token unknown, revoked or expired is told so, in the REST shims' shape, not taken as anonymous.
      if (credential?.kind === 'apiToken' && !viewer)
        return json({ code: 401, message: apiTokenMessages.invalid }, 401, { 'www-authenticate': 'Bearer error="invalid_token"' });
      return (await rest(request, authenticated)) ?? json({ code: 404, message: 'Ressource introuvable.' }, 404);
    }
    const multipart = request.method === 'POST' && request.headers.get('content-type')?.includes('multipart/form-data');
    if (credential?.kind === 'apiToken') {
      if (!viewer) return refuseCredential(401, apiTokenMessages.invalid, 'UNAUTHENTICATED');
      // Uploads are mutations, which a token may not run.
      if (multipart) return refuseCredential(403, apiTokenMessages.readOnly, 'FORBIDDEN');
    }
    if (multipart && serverContext.req && serverContext.res) return executeMultipart(run, request, authenticated, services);
    return yoga.handle(request, authenticated);
  }

  // Slow clients cut, early answers drained before closing, connections capped per address.
  const server = createHttpServer(adapter.requestListener, connectionLimits(services.config), (req) => showsSession(services, req));
  // A message is bounded from its frame's header before it is buffered (ws' default is 100 MiB),
  // and an unacknowledged socket far tighter (live-limits.ts).
  const sockets = new WebSocketServer({ server, path: '/graphql', maxPayload: MAX_LIVE_MESSAGE_BYTES });
  const unacknowledged = boundUnacknowledged(sockets);
  const wsServer = useServer<Record<string, unknown>>(
    {
      // Close reasons are read by anyone: never an internal error's message (it is logged).
      isProd: true,
      // Auth on connect: a socket without a valid session or API token is closed before any subscription.
      onConnect: async (ctx) => {
        const { caller, kind } = await authenticateSocket(services, ctx.connectionParams, ctx.extra.request);
        if (!caller) {
          // A token's client (a script) is told why in French; the web app reads graphql-ws' own 4403.
          if (kind === 'apiToken') ctx.extra.socket.close(FORBIDDEN_CLOSE, apiTokenMessages.invalid);
          return false;
        }
        // Closed when the session or token is revoked (on any instance) or expires.
        if (!liveSessions.track(caller.owner, caller.expiresAt, ctx.extra.socket)) {
          // Not 4403, which signs the web app out: the credential is valid, it has enough sockets.
          ctx.extra.socket.close(TOO_MANY_SOCKETS_CLOSE, liveMessages.tooManySockets);
          return false;
        }
        // Read again once tracked, as event streams are: a revocation during the lookup is not missed.
        if (!(await credentials.openUntil(caller.owner))) return false;
        unacknowledged.acknowledged(ctx.extra.socket);
        markSignedIn(ctx.extra.request.socket);
        return true;
      },
      execute: (args: ExecutionArgs) => (args.rootValue as Enveloped).execute(args),
      subscribe: (args: ExecutionArgs) => (args.rootValue as Enveloped).subscribe(args),
      onSubscribe: async (ctx, _id, payload) => {
        // Counted before any await: subscriptions sent all at once are counted one by one.
        const refusal = subscriptionRefusal(ctx.subscriptions, liveSubscriptionsPerSocket);
        if (refusal) return refusal;
        // Each subscription is authenticated as a request is: one revoked meanwhile is anonymous.
        const viewer = (await authenticateSocket(services, ctx.connectionParams, ctx.extra.request)).caller?.viewer ?? null;
        const enveloped = envelopedFor(yoga, { req: ctx.extra.request, viewer, params: payload });
        let document: DocumentNode;
        try {
          document = enveloped.parse(payload.query);
        } catch (error) {
          // A syntax error is the client's, answered on its subscription; the socket stays open.
          if (error instanceof GraphQLError) return [error];
          throw error;
        }
        const errors = enveloped.validate(enveloped.schema, document);
        if (errors.length > 0) return errors;
        return {
          schema: enveloped.schema,
          document,
          operationName: payload.operationName,
          variableValues: payload.variables,
          contextValue: await enveloped.contextFactory(),
          rootValue: { execute: enveloped.execute, subscribe: enveloped.subscribe },
        };
      },
    },
    sockets,
  );

  return {
    server,
    listen: (port, host) =>
      new Promise((resolve, reject) => {
        server.once('error', reject);
        server.listen(port, host, () => resolve((server.address() as AddressInfo).port));
      }),
    close: async () => {
      for (const unhook of busHooks) unhook();
      await wsServer.dispose();
      await liveSessions.close();
      sockets.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
