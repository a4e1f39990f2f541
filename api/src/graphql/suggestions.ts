import { isEnumType, Kind, type ExecutionArgs, type GraphQLError, type GraphQLSchema, type validate, type ValueNode } from 'graphql';
import type { Plugin } from 'graphql-yoga';

/**
 * graphql-js computes « Did you mean » suggestions by comparing the client's text with every name
 * it could have meant: an array of the text's characters and three rows of its length, on each
 * call. On a 2 MB value that is a quarter of a second of event loop (and as much garbage) for a
 * suggestion that cannot exist. Two measures, the messages being unchanged:
 * - with the development tools closed the suggestions are removed from every message anyway
 *   (error-messages.ts): graphql-js is asked not to compute them (validation and execution);
 * - an enum is never given a suggestion for a value longer than any name could be close to
 *   (graphql-js's own distance threshold leaves none past ~90 characters), on every path,
 *   graphql-jit's compiled coercion included.
 */
export function skipHiddenSuggestions(open: () => boolean): Plugin {
  return {
    onValidate({ validateFn, setValidationFn }) {
      if (open()) return;
      setValidationFn(
        // graphql-js's order: its options come before the TypeInfo.
        (...[schema, document, rules, options, typeInfo]: Parameters<typeof validate>) =>
          validateFn(schema, document, rules, { ...options, hideSuggestions: true }, typeInfo) as readonly GraphQLError[],
      );
    },
    onExecute({ args }) {
      // Envelop executes with a copy of these arguments made after every plugin's onExecute.
      if (!open()) (args as ExecutionArgs).hideSuggestions = true;
    },
    onSubscribe({ args }) {
      if (!open()) (args as ExecutionArgs).hideSuggestions = true;
    },
  };
}

/** Longer than any enum value name a suggestion could be found for. */
const LONGEST_SUGGESTIBLE = 100;

const suggestible = (text: unknown) => typeof text === 'string' && text.length <= LONGEST_SUGGESTIBLE;

const literalSuggestible = (node: ValueNode) => (node.kind === Kind.ENUM || node.kind === Kind.STRING) && suggestible(node.value);

const bounded = new WeakSet<GraphQLSchema>();

/** Makes the schema's enums skip suggestions for values that cannot have one (once per schema). */
export function boundEnumSuggestions(schema: GraphQLSchema): void {
  if (bounded.has(schema)) return;
  bounded.add(schema);
  for (const type of Object.values(schema.getTypeMap())) {
    if (!isEnumType(type)) continue;
    const parseValue = type.parseValue.bind(type);
    const parseLiteral = type.parseLiteral.bind(type);
    type.parseValue = (value, hideSuggestions): unknown => parseValue(value, hideSuggestions || !suggestible(value));
    type.parseLiteral = (node, variables, hideSuggestions): unknown =>
      parseLiteral(node, variables, hideSuggestions || !literalSuggestible(node));
  }
}
