import SchemaBuilder from '@pothos/core';
import { execute, isObjectType, parse, type ExecutionResult } from 'graphql';
import { schema } from '../../api/src/server/schema.js';
import TypeVisibilityPlugin from '../../api/src/graphql/type-visibility.js';
import { AppError } from '../../api/src/errors.js';

interface Item {
  id: number;
  owner: number;
}

/** A two-type schema: items visible to their owner only, read one by one, as a list, or late. */
function itemSchema() {
  // The application's plugins, imported with its schema below, make their options required in
  // the builder's type; this builder loads only the plugin under test.
  const options = { plugins: [TypeVisibilityPlugin] } as never;
  const builder = new SchemaBuilder<{ Context: { viewer: { id: number } | null } }>(options);
  const ItemRef = builder.objectRef<Item>('Item');
  ItemRef.implement({
    visibleTo: (item, ctx) => item.owner === ctx.viewer?.id,
    fields: (t) => ({ id: t.exposeInt('id') }),
  });
  const LateRef = builder.objectRef<Item>('Late');
  LateRef.implement({
    visibleTo: (item, ctx) => Promise.resolve(item.owner === ctx.viewer?.id),
    fields: (t) => ({ id: t.exposeInt('id') }),
  });
  const items: Item[] = [
    { id: 1, owner: 1 },
    { id: 2, owner: 2 },
  ];
  builder.queryType({
    fields: (t) => ({
      item: t.field({
        type: ItemRef,
        nullable: true,
        args: { id: t.arg.int({ required: true }) },
        resolve: (_, { id }) => items.find((item) => item.id === id),
      }),
      mine: t.field({ type: [ItemRef], resolve: (_, __, ctx) => items.filter((item) => item.owner === ctx.viewer?.id) }),
      all: t.field({ type: [ItemRef], nullable: true, resolve: () => items }),
      late: t.field({
        type: LateRef,
        nullable: true,
        args: { id: t.arg.int({ required: true }) },
        resolve: (_, { id }) => Promise.resolve(items.find((item) => item.id === id)),
      }),
    }),
  });
  return builder.toSchema();
}

async function run(query: string, viewer: { id: number } | null): Promise<ExecutionResult> {
  return execute({ schema: itemSchema(), document: parse(query), contextValue: { viewer } });
}

const codes = (result: ExecutionResult) => result.errors?.map((error) => (error.originalError as AppError | undefined)?.code);

describe('visibleTo (type-visibility plugin)', () => {
  it('lets through an object its rule accepts, one by one, in a list and when the rule is async', async () => {
    const result = await run('{ item(id: 1) { id } mine { id } late(id: 1) { id } missing: item(id: 9) { id } }', { id: 1 });
    expect(result.errors).toBeUndefined();
    expect(result.data).toEqual({ item: { id: 1 }, mine: [{ id: 1 }], late: { id: 1 }, missing: null });
  });

  it('refuses an object its rule rejects: forbidden when signed in, unauthenticated otherwise', async () => {
    const signedIn = await run('{ item(id: 2) { id } }', { id: 1 });
    expect(signedIn.data).toEqual({ item: null });
    expect(codes(signedIn)).toEqual(['FORBIDDEN']);
    const anonymous = await run('{ item(id: 1) { id } }', null);
    expect(codes(anonymous)).toEqual(['UNAUTHENTICATED']);
  });

  it('refuses a whole list that carries one object the viewer may not see, and an async rule’s refusal', async () => {
    const result = await run('{ all { id } late(id: 2) { id } }', { id: 1 });
    expect(result.data).toEqual({ all: null, late: null });
    expect(codes(result)).toEqual(['FORBIDDEN', 'FORBIDDEN']);
  });
});

describe('the application schema', () => {
  // graphql-jit calls `isTypeOf(value)` with no context and reads its answer synchronously.
  it('has no isTypeOf that needs the request’s context or answers late', () => {
    const failures: string[] = [];
    for (const type of Object.values(schema.getTypeMap())) {
      if (!isObjectType(type) || !type.isTypeOf) continue;
      try {
        const answer = type.isTypeOf({}, undefined, undefined as never);
        if (typeof answer !== 'boolean') failures.push(`${type.name}: ${typeof answer}`);
      } catch (error) {
        failures.push(`${type.name}: ${(error as Error).message}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it('declares who sees each constat, person, bill, absence, notification, matrix, news, token, étude and webhook', () => {
    const guarded = Object.values(schema.getTypeMap())
      .filter((type) => isObjectType(type) && type.extensions.visibleTo)
      .map((type) => type.name)
      .sort();
    expect(guarded).toEqual([
      'Absence',
      'ApiToken',
      'Group',
      'GroupBill',
      'Matrix',
      'News',
      'Notification',
      'Report',
      'SecretaryBill',
      'User',
      'Webhook',
      'WebhookDelivery',
    ]);
  });
});
