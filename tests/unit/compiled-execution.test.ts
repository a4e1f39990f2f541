import { jest } from '@jest/globals';
import { parse } from 'graphql';
import { compiledExecution } from '../../api/src/graphql/compiled-execution.js';
import { schema } from '../../api/src/graphql/schema.js';

type Hook = (payload: unknown) => unknown;

/** What Yoga hands onExecute, with a spy for the executor the plugin installs. */
function payload() {
  const setExecuteFn = jest.fn();
  return {
    setExecuteFn,
    payload: {
      args: { schema, document: parse('{ __typename }'), contextValue: {} },
      setExecuteFn,
      executeFn: () => ({}),
      extendContext: () => {},
      setResultAndStopExecution: () => {},
    },
  };
}

describe('compiled execution (graphql-jit, loaded after the first answer)', () => {
  it('leaves the first operation to graphql-js, then compiles the following ones', async () => {
    const plugin = compiledExecution();
    const onExecute = plugin.onExecute as Hook;
    const first = payload();
    const hooks = onExecute(first.payload) as { onExecuteDone: () => void };
    expect(first.setExecuteFn).not.toHaveBeenCalled();
    hooks.onExecuteDone();

    let next = payload();
    for (let tries = 0; tries < 200 && next.setExecuteFn.mock.calls.length === 0; tries++) {
      await new Promise((resolve) => setTimeout(resolve, 10));
      next = payload();
      onExecute(next.payload);
    }
    expect(next.setExecuteFn).toHaveBeenCalledTimes(1);
    const compiled = next.setExecuteFn.mock.calls[0][0] as (args: object) => unknown;
    // The compiled query answers synchronously, with graphql-jit's serializer attached.
    const result = (await compiled({ schema, document: parse('{ __typename }'), contextValue: {} })) as {
      data?: unknown;
      stringify?: unknown;
    };
    expect(result.data).toEqual({ __typename: 'Query' });
    expect(typeof result.stringify).toBe('function');
  });
});
