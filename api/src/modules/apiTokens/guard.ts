// Personal API tokens (product.md §12) read, and pay for what they read: mutations and subscriptions are
// refused, and each query spends its cost (graphql/cost.ts, the same figure the per-query limit uses) from
// the token's per-minute budget. Every answer tells its cost in `extensions.cost`; a session's
// answers carry `requested` only (sessions have no budget, only the per-query limit), so an admin
// writing a query in GraphiQL sees what it will cost a token.
import { getOperationAST, OperationTypeNode, type ExecutionArgs, type ExecutionResult } from 'graphql';
import type { Plugin } from 'graphql-yoga';
import type { AppContext } from '../../context.js';
import { AppError } from '../../errors.js';
import { executionCost } from '../../graphql/cost.js';
import { toGraphQLError } from '../../graphql/errors.js';
import { apiTokenMessages, type CostExtension } from './rules.js';
import { spendBudget } from './service.js';

const readOnly = () => new AppError('FORBIDDEN', apiTokenMessages.readOnly, { reason: 'API_TOKEN_READ_ONLY' });

const isResult = (value: unknown): value is ExecutionResult => !!value && typeof value === 'object' && !(Symbol.asyncIterator in value);

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
      // costLimit (which runs first) already refused an operation too costly or with too long a list.
      const requested = executionCost(args);
      let cost: CostExtension = { requested };
      if (tokenId) {
        try {
          cost = await spendBudget(ctx, tokenId, requested);
        } catch (error) {
          if (!(error instanceof AppError)) throw error;
          setResultAndStopExecution({ errors: [toGraphQLError(error)], extensions: { cost: error.extensions.cost } });
          return undefined;
        }
      }
      return {
        onExecuteDone: ({ result, setResult }) => {
          if (isResult(result)) setResult({ ...result, extensions: { ...result.extensions, cost } });
        },
      };
    },
    onSubscribe({ args, setResultAndStopExecution }) {
      if ((args.contextValue as AppContext).viewer?.apiTokenId) setResultAndStopExecution({ errors: [toGraphQLError(readOnly())] });
    },
  };
}
