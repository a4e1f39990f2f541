import { createYoga, maskError, type Plugin } from 'graphql-yoga';
import { GraphQLError, NoSchemaIntrospectionCustomRule } from 'graphql';
import { maxDepthPlugin } from '@escape.tech/graphql-armor-max-depth';
import { maxAliasesPlugin } from '@escape.tech/graphql-armor-max-aliases';
import { maxTokensPlugin } from '@escape.tech/graphql-armor-max-tokens';
import { maxDirectivesPlugin } from '@escape.tech/graphql-armor-max-directives';
import type { AppContext, Services } from '../context.js';
import { resolveSession } from '../modules/auth/service.js';
import { costLimit } from './cost.js';
import { schema } from './schema.js';
import { clientInfo, bearerToken, type ServerContext } from '../http/request.js';

/** Introspection (and so GraphiQL's docs) only in development or for a signed-in admin. */
function introspectionGuard(services: Services): Plugin<AppContext> {
  return {
    onValidate({ context, addValidationRule }) {
      if (services.config.nodeEnv !== 'production') return;
      if ((context as AppContext).viewer?.role !== 'ADMIN') addValidationRule(NoSchemaIntrospectionCustomRule);
    },
  };
}

export function createGraphQLServer(services: Services) {
  return createYoga<ServerContext, AppContext>({
    schema,
    graphqlEndpoint: '/graphql',
    // Yoga's own multipart parser buffers whole files in memory: app.ts streams uploads instead
    // and executes them through executeOperation, so Yoga only ever sees JSON bodies (≤ 2 MB).
    multipart: false,
    maxRequestBodySize: 2_000_000,
    landingPage: false,
    graphiql: { title: 'Extranet Constats — GraphiQL' },
    context: async (initial): Promise<AppContext> => {
      // HTTP requests carry a Fetch Request; graphql-ws passes the socket's connection parameters.
      const token = initial.request ? bearerToken(initial.request.headers.get('authorization')) : initial.connectionToken ?? null;
      return {
        ...services,
        viewer: await resolveSession(services, token),
        client: clientInfo(initial, services.config.trustProxy),
        // REST shims and multipart uploads execute with the caller's headers (execute.ts), so one
        // place reads it for every transport.
        idempotencyKey: initial.request?.headers.get('idempotency-key') ?? null,
      };
    },
    maskedErrors: {
      // Only AppError (a GraphQLError with a French message and a code) reaches clients as is;
      // anything else is logged for the operators and replaced by a French message.
      errorMessage: 'Une erreur interne est survenue. Veuillez réessayer plus tard.',
      maskError: (error, message, isDev) => {
        const original = (error as { originalError?: unknown }).originalError ?? error;
        if (!(original instanceof GraphQLError)) console.error('[graphql]', original);
        return maskError(error, message, isDev);
      },
    },
    plugins: [
      // graphql-armor defaults as a floor (depth 6 is too tight for Relay's connection shapes).
      maxDepthPlugin({ n: 12 }),
      maxAliasesPlugin({ n: 15 }),
      maxTokensPlugin({ n: 2000 }),
      // Counts page sizes given as variables too (armor's cost rule runs before variables are known).
      costLimit(),
      maxDirectivesPlugin({ n: 50 }),
      introspectionGuard(services),
    ],
  });
}

export type GraphQLServer = ReturnType<typeof createGraphQLServer>;
