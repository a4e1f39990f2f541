import { jest } from '@jest/globals';
import { parse, type DocumentNode } from 'graphql';
import { COMPILE_AFTER, compiledExecution, readsPrismaRelations } from '../../api/src/graphql/compiled-execution.js';
import { schema } from '../../api/src/server/schema.js';

type Hook = (payload: unknown) => unknown;

/** What Yoga hands onExecute for `document`, with a spy for the executor the plugin installs. */
function execution(document: DocumentNode) {
  const setExecuteFn = jest.fn();
  return {
    setExecuteFn,
    payload: {
      args: { schema, document, contextValue: {} },
      setExecuteFn,
      executeFn: () => ({}),
      extendContext: () => {},
      setResultAndStopExecution: () => {},
    },
  };
}

async function loaded(onExecute: Hook): Promise<void> {
  const hooks = onExecute(execution(parse('{ __typename }')).payload) as { onExecuteDone?: () => void } | undefined;
  hooks?.onExecuteDone?.();
  // The compiler is imported in the background once the first answer is out.
  for (let tries = 0; tries < 300; tries++) {
    await new Promise((resolve) => setTimeout(resolve, 10));
    const probe = execution(parse('{ __typename }'));
    if (onExecute(probe.payload) === undefined || probe.setExecuteFn.mock.calls.length > 0) return;
  }
  throw new Error('compiler not loaded');
}

describe('compiled execution (graphql-jit)', () => {
  it('leaves the first operation to graphql-js while the compiler loads', () => {
    const first = execution(parse('{ __typename }'));
    const hooks = (compiledExecution().onExecute as Hook)(first.payload) as { onExecuteDone: () => void };
    expect(first.setExecuteFn).not.toHaveBeenCalled();
    expect(typeof hooks.onExecuteDone).toBe('function');
  });

  it(`compiles an operation once it has run ${COMPILE_AFTER} times, and never one run fewer times`, async () => {
    const onExecute = compiledExecution().onExecute as Hook;
    await loaded(onExecute);
    const often = parse('{ __typename }');
    const rare = parse('query Rare { __typename }');
    for (let run = 1; run <= COMPILE_AFTER; run++) {
      const plain = execution(often);
      onExecute(plain.payload);
      expect(plain.setExecuteFn).not.toHaveBeenCalled();
    }
    const once = execution(rare);
    onExecute(once.payload);
    expect(once.setExecuteFn).not.toHaveBeenCalled();

    const compiledRun = execution(often);
    onExecute(compiledRun.payload);
    expect(compiledRun.setExecuteFn).toHaveBeenCalledTimes(1);
    const compiled = compiledRun.setExecuteFn.mock.calls[0][0] as (args: object) => unknown;
    // The compiled query answers with graphql-jit's serializer attached.
    const result = (await compiled({ schema, document: often, contextValue: {} })) as { data?: unknown; stringify?: unknown };
    expect(result.data).toEqual({ __typename: 'Query' });
    expect(typeof result.stringify).toBe('function');
  });

  it('leaves on graphql-js an operation that reads a Prisma relation, however often it runs', async () => {
    const onExecute = compiledExecution().onExecute as Hook;
    await loaded(onExecute);
    const relation = parse('query { users(first: 5) { edges { node { ...Who } } } } fragment Who on User { group { name } }');
    const readModel = parse('query { reports(first: 5) { edges { node { name } } } }');
    expect([readsPrismaRelations(schema, relation), readsPrismaRelations(schema, readModel)]).toEqual([true, false]);
    const compiledAfter = (document: DocumentNode) => {
      for (let run = 1; run <= COMPILE_AFTER + 3; run++) {
        const next = execution(document);
        onExecute(next.payload);
        if (next.setExecuteFn.mock.calls.length > 0) return run;
      }
      return null;
    };
    expect({ relation: compiledAfter(relation), readModel: compiledAfter(readModel) }).toEqual({
      relation: null,
      readModel: COMPILE_AFTER + 1,
    });
  });
});
