import type { Plugin } from 'graphql-yoga';

type JitPlugin = ReturnType<typeof import('@envelop/graphql-jit').useGraphQlJit>;

/**
 * Each operation compiled once into JavaScript (graphql-jit), cached by its parsed document: a list
 * page's ~1,500 fields cost about 4 ms less server CPU than graphql-js's walk (docs/benchmarks.md).
 * It needs types whose isTypeOf does without the context (type-visibility.ts); literals and
 * variables stay data (tests/api/hardening-inputs.test.ts).
 *
 * The compiler and its dependencies take about 0.1 s to load, which a cold start would pay before
 * its first answer: they are loaded once the first operation has been answered, and operations run
 * on graphql-js until then (the same results; the API tests run through both).
 */
export function compiledExecution(): Plugin {
  let jit: JitPlugin | undefined;
  let loading = false;
  const load = () => {
    if (loading) return;
    loading = true;
    // After the answer is on its way: a macrotask runs once the response's microtasks are done.
    setTimeout(() => {
      import('@envelop/graphql-jit')
        .then(({ useGraphQlJit }) => (jit = useGraphQlJit()))
        .catch((error: unknown) => console.error('[graphql] compilateur indisponible, exécution standard :', error));
    }, 0);
  };
  return {
    onExecute(payload) {
      if (!jit) return { onExecuteDone: load };
      return jit.onExecute?.(payload);
    },
    onSubscribe(payload) {
      return jit?.onSubscribe?.(payload);
    },
  };
}
