// Relay's `id` field of node types resolves through an `async` function in @pothos/plugin-relay
// (`t.globalID`, 4.8.1), so every node became a promise even when its id is at hand: the executor
// then completes each report and each person of a list separately, after a microtask
// (promiseForObject), about 12 % of the admin screen query's server CPU (docs/benchmarks.md).
// This plugin gives those fields the same encoding, synchronously when the node's id is; the other
// plugins still wrap the resolver as before.
import SchemaBuilder, { BasePlugin, completeValue, type PothosOutputFieldConfig, type SchemaTypes } from '@pothos/core';
import { encodeGlobalID } from '@pothos/plugin-relay';
import type { GraphQLFieldResolver } from 'graphql';

interface NodeIdOptions {
  resolve: GraphQLFieldResolver<unknown, unknown, object, unknown>;
}

const ID_DESCRIPTION = 'Identifiant global opaque (Relay), à passer tel quel aux autres requêtes.';

export class SyncGlobalIdPlugin<Types extends SchemaTypes> extends BasePlugin<Types> {
  override onOutputFieldConfig(fieldConfig: PothosOutputFieldConfig<Types>): PothosOutputFieldConfig<Types> {
    const relay = this.builder.options.relay;
    if (fieldConfig.name !== (relay?.idFieldName ?? 'id') || fieldConfig.type.kind !== 'Scalar') return fieldConfig;
    const parent = this.buildCache.getTypeConfig(fieldConfig.parentType);
    // The Node interface's and node types' ids are described here: the relay plugin's
    // `idFieldOptions` would describe them too, but its options then reach every node's id field
    // and undo this plugin's synchronous resolver.
    const description = fieldConfig.description ?? ID_DESCRIPTION;
    if (parent.kind === 'Interface' && parent.name === 'Node') return { ...fieldConfig, description };
    // Only node types carry the `id: { resolve }` option the relay plugin turns into this field.
    const id = (parent.pothosOptions as { id?: NodeIdOptions }).id;
    if (parent.kind !== 'Object' || typeof id?.resolve !== 'function') return fieldConfig;
    const typeName = parent.name;
    const encode = relay?.encodeGlobalID ?? encodeGlobalID;
    return {
      ...fieldConfig,
      description,
      resolve: (source, args: object, context, info) =>
        completeValue(id.resolve(source, args, context, info), (value) => encode(typeName, String(value), context as Types['Context'])),
    };
  }
}

declare global {
  export namespace PothosSchemaTypes {
    export interface Plugins<Types extends SchemaTypes> {
      syncGlobalId: SyncGlobalIdPlugin<Types>;
    }
  }
}

SchemaBuilder.registerPlugin('syncGlobalId', SyncGlobalIdPlugin);

export default 'syncGlobalId' as const;
