import type { DocumentNode } from 'graphql';
import type { Plugin } from 'graphql-yoga';

type JitPlugin = ReturnType<typeof import('@envelop/graphql-jit').useGraphQlJit>;

/**
 * Executions of an operation on graphql-js before it is compiled. Compiling costs several
 * executions' worth of CPU, which only an operation run again and again pays back (a screen's list,
 * loaded by every user all day); one sent a few times, or a stream of distinct ones, is never
 * compiled.
 */
export const COMPILE_AFTER = 5;

/**
 * Operations the app runs often are compiled into JavaScript (graphql-jit), cached with their
 * parsed document: a list page's ~1,500 fields cost about 4 ms less server CPU than graphql-js's
 * walk (docs/benchmarks.md). It needs types whose isTypeOf does without the context
 * (type-visibility.ts); literals and variables stay data (tests/api/hardening-inputs.test.ts).
 *
 * The compiler and its dependencies take about 0.1 s to load, which a cold start would pay before
 * its first answer: they are loaded once the first operation has been answered.
 */
export function compiledExecution(): Plugin {
  let jit: JitPlugin | undefined;
  let loading = false;
  // Yoga hands the same document object for the same operation text (its parse cache).
  const executions = new WeakMap<DocumentNode, number>();
  const often = ({ document }: { document: DocumentNode }) => {
    const count = (executions.get(document) ?? 0) + 1;
    executions.set(document, count);
    return count > COMPILE_AFTER;
  };
  const load = () => {
    if (loading) return;
    loading = true;
    // After the answer is on its way: a macrotask runs once the response's microtasks are done.
    setTimeout(() => {
      import('@envelop/graphql-jit')
        .then(({ useGraphQlJit }) => (jit = useGraphQlJit({}, { enableIf: often })))
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
