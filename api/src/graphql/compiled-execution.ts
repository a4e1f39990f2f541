import { TypeInfo, visit, visitWithTypeInfo, BREAK, type DocumentNode, type GraphQLSchema } from 'graphql';
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
 * Whether an operation reads a Prisma relation (`t.relation`, `t.relatedConnection`: the fields
 * @pothos/plugin-prisma marks `pothosPrismaLoaded`). Such a field finds the rows its parent's query
 * already loaded through the parent's response path, matched by object identity; graphql-jit builds
 * a new path object at every call, so the relation misses them and reads them again (one more
 * statement a relation, tests/api/lists-query-count.test.ts). Those operations stay on graphql-js;
 * the lists read by the read model (the constats screens) have no such field and are compiled.
 */
export function readsPrismaRelations(schema: GraphQLSchema, document: DocumentNode): boolean {
  const types = new TypeInfo(schema);
  let found = false;
  visit(
    document,
    visitWithTypeInfo(types, {
      Field() {
        if (!types.getFieldDef()?.extensions?.pothosPrismaLoaded) return undefined;
        found = true;
        return BREAK;
      },
    }),
  );
  return found;
}

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
  const relations = new WeakMap<DocumentNode, boolean>();
  const often = ({ schema, document }: { schema: GraphQLSchema; document: DocumentNode }) => {
    const count = (executions.get(document) ?? 0) + 1;
    executions.set(document, count);
    if (count <= COMPILE_AFTER) return false;
    let reads = relations.get(document);
    if (reads === undefined) relations.set(document, (reads = readsPrismaRelations(schema, document)));
    return !reads;
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
