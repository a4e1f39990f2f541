import { createLogger, createYoga, maskError, type Plugin, type YogaLogger } from 'graphql-yoga';
import {
  GraphQLError,
  NoSchemaIntrospectionCustomRule,
  validate,
  type ExecutionArgs,
  type ExecutionResult,
  type ValidationContext,
} from 'graphql';
import { maxDepthPlugin } from '@escape.tech/graphql-armor-max-depth';
import { maxAliasesPlugin } from '@escape.tech/graphql-armor-max-aliases';
import { maxTokensPlugin } from '@escape.tech/graphql-armor-max-tokens';
import { maxDirectivesPlugin } from '@escape.tech/graphql-armor-max-directives';
import type { AppContext, Services } from '../context.js';
import { apiTokenGuard } from '../modules/apiTokens/guard.js';
import { graphqlBodyLimit } from '../graphql/body-limit.js';
import { costLimit } from '../graphql/cost.js';
import { pageArgumentsError } from '../graphql/page-errors.js';
import { AppError, diskFullError } from '../errors.js';
import { toGraphQLError } from '../graphql/errors.js';
import { databaseUnavailable, isDatabaseUnavailable } from '../infra/db-unavailable.js';
import { refuseDeepVariables, refuseLongSearches, refuseNulCharacters } from '../graphql/input-guards.js';
import { publicErrorMessages } from '../graphql/error-messages.js';
import { frenchRequestErrors } from '../graphql/request-errors.js';
import { boundEnumSuggestions, skipHiddenSuggestions } from '../graphql/suggestions.js';
import { utf8Answers } from '../graphql/utf8-answers.js';
import { compiledExecution } from '../graphql/compiled-execution.js';
import { liveStreams } from '../modules/credentials/live-streams.js';
import type { LiveCredentials, LiveSessions } from '../modules/credentials/live-sessions.js';
import { liveDelivery, type SessionCheck } from '../modules/auth/live-delivery.js';
import { schema } from './schema.js';
import { clientInfo, type ServerContext } from '../http/request.js';
import { viewerOfRequest } from '../http/caller.js';
import type { GraphQLServer } from '../graphql/execute.js';

/**
 * Introspection (and so GraphiQL's docs) and field suggestions ("Did you mean loginAs?") map the
 * schema for an attacker: closed unless the development tools are on. The viewer is known only once
 * the context is built, after validation, so introspection is refused at execution for non-admins;
 * suggestions are removed from every error for everyone, admins having the schema itself
 * (publicErrorMessages, which also bounds the client values GraphQL's messages echo).
 */
function schemaGuard(services: Services): Plugin<AppContext> {
  const open = () => services.config.devTools;
  const refuseIntrospection = ({
    args,
    setResultAndStopExecution,
  }: {
    args: ExecutionArgs;
    setResultAndStopExecution: (result: ExecutionResult) => void;
  }) => {
    if (open() || (args.contextValue as AppContext).viewer?.role === 'ADMIN') return;
    const errors = validate(args.schema, args.document, [NoSchemaIntrospectionCustomRule]);
    if (errors.length > 0)
      setResultAndStopExecution({
        errors: [toGraphQLError(new AppError('FORBIDDEN', 'L’introspection du schéma est réservée aux administrateurs.'))],
      });
  };
  return {
    onExecute: (payload) => refuseIntrospection(payload),
    onSubscribe: (payload) => refuseIntrospection(payload),
  };
}

/** `live`: the sessions' live connections, which subscriptions over server-sent events join. */
/**
 * graphql-armor's validation rules report their refusal as a validation error instead of throwing
 * it: publicErrorMessages then sees it with the others and answers it in French (limit-errors.ts).
 */
const reportedToValidation = {
  propagateOnRejection: false,
  onReject: [(context: ValidationContext | null, error: GraphQLError) => context?.reportError(error)],
};
/**
 * Yoga's own logger, which logs every error masking replaced: but for the database's absence,
 * answered 503 to every request while it lasts and said once by the supervisor.
 */
function withoutUnavailableDatabase(logger: YogaLogger): YogaLogger {
  return { ...logger, error: (...args: unknown[]) => (args.some(isDatabaseUnavailable) ? undefined : logger.error(...args)) };
}

export function createGraphQLServer(
  services: Services,
  live: LiveSessions,
  sessionCheck: SessionCheck,
  credentials: LiveCredentials,
): GraphQLServer {
  boundEnumSuggestions(schema);
  return createYoga<ServerContext, AppContext>({
    schema,
    graphqlEndpoint: '/graphql',
    logging: withoutUnavailableDatabase(createLogger()),
    // Yoga's own multipart parser buffers whole files in memory: app.ts streams uploads instead
    // and executes them through executeOperation, so Yoga only ever sees JSON bodies (≤ 2 MB).
    multipart: false,
    // Bounded by graphqlBodyLimit below, without Yoga's counting stream on every request.
    maxRequestBodySize: false,
    landingPage: false,
    // Yoga's GraphiQL loads its scripts and styles from a CDN, which an office on a closed network
    // cannot reach: the web app bundles its own at /dashboard/graphiql, where app.ts sends browsers.
    graphiql: false,
    // CORS is answered for every path in http/security-headers.ts (same origin unless CORS_ORIGINS).
    cors: false,
    context: (initial): AppContext => {
      return {
        ...services,
        // Resolved once, before the body was read, by app.ts' authentication step: never here.
        viewer: viewerOfRequest(initial),
        client: clientInfo(initial, services.config.trustProxy),
        // REST shims and multipart uploads execute with the caller's headers (execute.ts), so one
        // place reads it for every transport.
        idempotencyKey: initial.request?.headers.get('idempotency-key') ?? null,
        serverAuthored: initial.serverAuthored === true,
      };
    },
    maskedErrors: {
      // Only AppError (a French message and a code, which graphql-js copied into the wrapping
      // GraphQLError's extensions) and GraphQL's own errors reach clients as they are; anything
      // else is logged for the operators and replaced by a French message.
      errorMessage: 'Une erreur interne est survenue. Veuillez réessayer plus tard.',
      maskError: (error, message, isDev) => {
        const original = (error as { originalError?: unknown }).originalError ?? error;
        if (original instanceof AppError) return error as Error;
        // Not a fault of ours nor of the request: the user is told to retry, nothing is logged (the
        // embedded server's supervisor says in one line that the database is down).
        if (isDatabaseUnavailable(original))
          return toGraphQLError(databaseUnavailable(), error instanceof GraphQLError ? error : undefined);
        const pageError = error instanceof GraphQLError ? pageArgumentsError(error) : null;
        if (pageError) return pageError;
        if (!(original instanceof GraphQLError)) console.error('[graphql]', original);
        // A full disk is the operators' to fix, but the user is told what failed (507), not « erreur interne ».
        const diskFull = diskFullError(original);
        if (diskFull) return new GraphQLError(diskFull.message, { originalError: diskFull, path: (error as Partial<GraphQLError>).path });
        return maskError(error, message, isDev);
      },
    },
    plugins: [
      graphqlBodyLimit(),
      // graphql-armor defaults as a floor (depth 6 is too tight for Relay's connection shapes).
      // Fields are counted, not fragments: Relay's screens and the REST shims compose fragments,
      // which would otherwise count as levels of their own (tests/api/query-cost.test.ts).
      maxDepthPlugin({ n: 12, flattenFragments: true, ...reportedToValidation }),
      maxAliasesPlugin({ n: 15, ...reportedToValidation }),
      maxTokensPlugin({ n: 2000 }),
      // Before anything that walks variables: a 10,000-deep list overflowed their recursion.
      refuseDeepVariables(),
      // Counts page sizes given as variables too (armor's cost rule runs before variables are known).
      costLimit(),
      // After costLimit: an operation refused for its size spends nothing from a token's budget.
      apiTokenGuard(),
      maxDirectivesPlugin({ n: 50, ...reportedToValidation }),
      schemaGuard(services),
      skipHiddenSuggestions(() => services.config.devTools),
      publicErrorMessages(() => services.config.devTools),
      frenchRequestErrors(),
      refuseNulCharacters(),
      refuseLongSearches(),
      compiledExecution(),
      utf8Answers(),
      liveStreams(live, credentials),
      // After liveStreams: it wraps the stream that liveStreams may end.
      liveDelivery(live, sessionCheck),
    ],
  });
}
