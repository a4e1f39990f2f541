// Who may see an object of a type (a constat, a bill, an absence…) is declared once on the type, as
// `visibleTo(object, ctx)`, and checked where such objects enter the response: this plugin wraps
// every field whose result is of that type (or a list of it), edges' `node` included, and
// `node(id:)` / `nodes(ids:)` read the same rule (node-visibility.ts). One check per object, with
// the request's context.
//
// scope-auth's type scopes did this before, run in the type's `isTypeOf` (`runScopesOnType`), or
// before each of the type's fields (about 1,000 checks for a page of 50 constats). graphql-jit calls
// `isTypeOf(value)` without the context and expects a synchronous answer, so a rule there stopped
// the server; here nothing depends on `isTypeOf`, and the compiled executor can run the schema.
import SchemaBuilder, {
  BasePlugin,
  completeValue,
  type PothosOutputFieldConfig,
  type PothosOutputFieldType,
  type PothosTypeConfig,
  type SchemaTypes,
} from '@pothos/core';
import type { GraphQLFieldResolver, GraphQLObjectType } from 'graphql';
import { refusalFor } from '../errors.js';

type Rule<Context> = (object: never, ctx: Context) => boolean | Promise<boolean>;

/** The rule a type declared, read from its GraphQL type (for `node(id:)`). */
export function visibilityRule(type: GraphQLObjectType): Rule<{ viewer?: unknown }> | undefined {
  return type.extensions.visibleTo as Rule<{ viewer?: unknown }> | undefined;
}

/** The same refusal as scope-auth's (builder.ts). */
function refuse(ctx: { viewer?: unknown }): never {
  throw refusalFor(ctx.viewer);
}

function allowed(checks: (boolean | Promise<boolean>)[]): boolean | Promise<boolean> {
  if (checks.every((check) => typeof check === 'boolean')) return checks.every(Boolean);
  return Promise.all(checks.map((check) => Promise.resolve(check))).then((answers) => answers.every(Boolean));
}

export class TypeVisibilityPlugin<Types extends SchemaTypes> extends BasePlugin<Types> {
  override onTypeConfig(typeConfig: PothosTypeConfig): PothosTypeConfig {
    const visibleTo = (typeConfig.pothosOptions as { visibleTo?: unknown }).visibleTo;
    if (typeConfig.kind !== 'Object' || !visibleTo) return typeConfig;
    return { ...typeConfig, extensions: { ...typeConfig.extensions, visibleTo } };
  }

  override wrapResolve(
    resolver: GraphQLFieldResolver<unknown, Types['Context'], object>,
    fieldConfig: PothosOutputFieldConfig<Types>,
  ): GraphQLFieldResolver<unknown, Types['Context'], object> {
    const isList = fieldConfig.type.kind === 'List';
    const rule = this.ruleOf(isList ? (fieldConfig.type as { type: PothosOutputFieldType<Types> }).type : fieldConfig.type);
    if (!rule) return resolver;
    const check = (value: unknown, ctx: Types['Context']) => (value == null ? true : rule(value as never, ctx));
    return (parent, args, ctx, info) =>
      completeValue(resolver(parent, args, ctx, info), (value) => {
        const verdict = isList && Array.isArray(value) ? allowed(value.map((item) => check(item, ctx))) : check(value, ctx);
        return completeValue(verdict, (ok) => (ok ? value : refuse(ctx)));
      });
  }

  private ruleOf(type: PothosOutputFieldType<Types>): Rule<Types['Context']> | undefined {
    if (type.kind !== 'Object') return undefined;
    const config = this.buildCache.getTypeConfig(type.ref);
    return (config.pothosOptions as { visibleTo?: Rule<Types['Context']> }).visibleTo;
  }
}

declare global {
  export namespace PothosSchemaTypes {
    export interface Plugins<Types extends SchemaTypes> {
      typeVisibility: TypeVisibilityPlugin<Types>;
    }
    export interface ObjectTypeOptions<Types extends SchemaTypes = SchemaTypes, Shape = unknown> {
      /** Whether the viewer may see this object; checked once per object the response carries. */
      visibleTo?: (object: Shape, ctx: Types['Context']) => boolean | Promise<boolean>;
    }
  }
}

SchemaBuilder.registerPlugin('typeVisibility', TypeVisibilityPlugin);

export default 'typeVisibility' as const;
