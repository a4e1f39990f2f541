// Personal API tokens (product.md §12) read, and pay for what they read: mutations are refused, a query
// or a subscription reaching a field outside the token's scopes is refused whole before it runs
// (scopes.ts), and each query is charged its requested cost (graphql/cost.ts, the same figure the
// per-query limit uses) from the token's per-minute budget before it runs, then given back the
// difference with what it really answered (graphql/answered-cost.ts), as Shopify does. Every answer
// tells both in `extensions.cost`, and a token's answer its budget, also in the RateLimit-* headers; a
// session's answers carry `requested` and `actual` only (sessions have no budget, only the per-query
// limit), so an admin writing a query in GraphiQL sees what it will cost a token.
import { getOperationAST, OperationTypeNode, type ExecutionArgs, type ExecutionResult } from 'graphql';
import type { Plugin } from 'graphql-yoga';
import type { AppContext } from '../../context.js';
import { AppError } from '../../errors.js';
import { answeredCost } from '../../graphql/answered-cost.js';
import { executionCost } from '../../graphql/cost.js';
import { toGraphQLError } from '../../graphql/errors.js';
import { apiTokenMessages, rateLimitHeaders, type BudgetFigures, type CostExtension } from './rules.js';
import { scopeRefusal, scopeRefusalMessage, type ScopeRefusal } from './scopes.js';
import { settleBudget, spendBudget } from './service.js';

const readOnly = () => new AppError('FORBIDDEN', apiTokenMessages.readOnly, { reason: 'API_TOKEN_READ_ONLY' });

/** A token's refusal for its scopes (FORBIDDEN, its reason, the missing scopes): GraphQL's, and the CSV exports' (`subject`: what is refused). */
export const outOfScope = (refusal: ScopeRefusal, subject?: string) =>
  new AppError('FORBIDDEN', scopeRefusalMessage(refusal, subject), {
    reason: refusal.reason === 'MISSING_SCOPE' ? 'API_TOKEN_SCOPE' : 'API_TOKEN_FIELD',
    extensions: { field: refusal.field, ...(refusal.reason === 'MISSING_SCOPE' && { missingScopes: refusal.missing }) },
  });

const isResult = (value: unknown): value is ExecutionResult => !!value && typeof value === 'object' && !(Symbol.asyncIterator in value);

/** From a request's result to its response, both of which Yoga hands the plugin with the request. */
const answerHeaders = new WeakMap<Request, Record<string, string>>();

export function apiTokenGuard(): Plugin<AppContext> {
  return {
    async onExecute({ args: envelopArgs, setResultAndStopExecution }) {
      // Envelop types the arguments with `any`; Yoga's executor is graphql-js's.
      const args: ExecutionArgs = envelopArgs;
      const ctx = args.contextValue as AppContext;
      const operation = getOperationAST(args.document, args.operationName);
      if (!operation) return undefined;
      const tokenId = ctx.viewer?.apiTokenId;
      if (tokenId && operation.operation !== OperationTypeNode.QUERY) {
        setResultAndStopExecution({ errors: [toGraphQLError(readOnly())] });
        return undefined;
      }
      // Before the budget: a query refused for its scopes spends nothing.
      const refusal = ctx.viewer?.grant && scopeRefusal(args.schema, args.document, operation, ctx.viewer.grant);
      if (refusal) {
        setResultAndStopExecution({ errors: [toGraphQLError(outOfScope(refusal))] });
        return undefined;
      }
      // costLimit (which runs first) already refused an operation too costly or with too long a list.
      const requested = executionCost(args);
      let charged: BudgetFigures | null = null;
      if (tokenId) {
        try {
          charged = await spendBudget(ctx, tokenId, requested);
        } catch (error) {
          if (!(error instanceof AppError)) throw error;
          setResultAndStopExecution({ errors: [toGraphQLError(error)], extensions: { cost: error.extensions.cost } });
          return undefined;
        }
      }
      return {
        onExecuteDone: async ({ result, setResult }) => {
          if (!isResult(result)) return;
          const actual = answeredCost(args.schema, args.document, args.operationName, args.variableValues ?? {}, result.data, requested);
          const cost: CostExtension = charged && tokenId ? await settleBudget(ctx, tokenId, charged, actual) : { requested, actual };
          setResult({ ...result, extensions: { ...result.extensions, cost } });
        },
      };
    },
    // A token's subscription is held to its scopes as a query is. Its events are not
    // charged to the budget: a token holds only so many live connections (live-sessions.ts).
    onSubscribe({ args: envelopArgs, setResultAndStopExecution }) {
      const args: ExecutionArgs = envelopArgs;
      const grant = (args.contextValue as AppContext).viewer?.grant;
      const operation = getOperationAST(args.document, args.operationName);
      const refusal = grant && operation && scopeRefusal(args.schema, args.document, operation, grant);
      if (refusal) setResultAndStopExecution({ errors: [toGraphQLError(outOfScope(refusal))] });
    },
    // The budget's figures of the answer, as headers too (a 429 included): read from the body's own.
    onResultProcess({ request, result }) {
      const cost = isResult(result) ? (result.extensions?.cost as CostExtension | undefined) : undefined;
      const headers = cost && rateLimitHeaders(cost, new Date());
      if (headers) answerHeaders.set(request, headers);
    },
    onResponse({ request, response }) {
      for (const [name, value] of Object.entries(answerHeaders.get(request) ?? {})) response.headers.set(name, value);
    },
  };
}
