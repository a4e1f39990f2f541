// A connection's page sizes, declared once on its field: the resolver hands them to Pothos (`defaultSize`,
// `maxSize`) and the field carries them in its extensions, where the query cost (cost.ts) reads them. So the
// page a connection without `first`/`last` is priced at is the page it serves, and a page past the maximum
// is refused before anything runs instead of being silently cut by Pothos.
import { getNamedType, isObjectType, type GraphQLField, type GraphQLSchema } from 'graphql';
import { AppError } from '../errors.js';

export interface PageSize {
  /** Rows served when neither `first` nor `last` is given. */
  defaultSize: number;
  /** The largest `first`/`last`; more is refused (pageTooLarge). */
  maxSize: number;
}

declare module 'graphql' {
  interface GraphQLFieldExtensions<_TSource, _TContext, _TArgs> {
    pageSize?: PageSize;
  }
}

/** Pothos' own defaults (plugin-relay), for the lists that state no size: 20 rows, 100 at most. */
export const STANDARD_PAGES: PageSize = { defaultSize: 20, maxSize: 100 };

/** Spread into a prismaConnection or relatedConnection: Pothos' sizes and the field's extension from one value. */
export const pages = (size: PageSize) => ({ ...size, extensions: { pageSize: size } });

/** A connection is a field taking `first` or `last`. */
export const isConnectionField = (field: GraphQLField<unknown, unknown>) =>
  field.args.some((argument) => argument.name === 'first' || argument.name === 'last');

/** The sizes of a connection field (checkPageSizes made sure every one has them). */
export function pageSizeOf(field: GraphQLField<unknown, unknown>): PageSize {
  const size = field.extensions.pageSize;
  if (!size) throw new Error(`Connection without page sizes: ${field.name}`);
  return size;
}

/** Run when the schema is composed: a connection declared without its sizes stops the server from starting. */
export function checkPageSizes(schema: GraphQLSchema): void {
  for (const type of Object.values(schema.getTypeMap())) {
    if (!isObjectType(type) || type.name.startsWith('__')) continue;
    for (const field of Object.values(type.getFields())) {
      if (isConnectionField(field) && !field.extensions.pageSize) {
        throw new Error(`${type.name}.${field.name} (${getNamedType(field.type).name}) declares no page sizes (graphql/page-sizes.ts)`);
      }
    }
  }
}

/** `first: 1000` where 100 is the most: refused, naming the argument and the maximum, rather than cut. */
export const pageTooLarge = (coordinate: string, argument: 'first' | 'last', maxSize: number) =>
  new AppError('BAD_USER_INPUT', `Page trop grande : ${argument} vaut au plus ${maxSize} pour ${coordinate}.`, {
    reason: 'PAGE_TOO_LARGE',
    extensions: { argument, maxSize },
  });
