// @pothos/plugin-prisma (4.17.0) adds the `totalCount` field of a prismaConnection without a way to
// describe it; every field of the schema is described for report builders (docs/api.md), so this
// plugin gives those fields, recognised by the extension the prisma plugin marks them with, one
// French description.
import SchemaBuilder, { BasePlugin, type PothosOutputFieldConfig, type SchemaTypes } from '@pothos/core';

export class TotalCountDescriptionPlugin<Types extends SchemaTypes> extends BasePlugin<Types> {
  override onOutputFieldConfig(fieldConfig: PothosOutputFieldConfig<Types>): PothosOutputFieldConfig<Types> {
    if (fieldConfig.description || !fieldConfig.extensions?.pothosPrismaTotalCount) return fieldConfig;
    return { ...fieldConfig, description: TOTAL_COUNT_DESCRIPTION };
  }
}

export const TOTAL_COUNT_DESCRIPTION = 'Nombre total d’éléments de la liste avec ces filtres, toutes pages confondues.';

declare global {
  export namespace PothosSchemaTypes {
    export interface Plugins<Types extends SchemaTypes> {
      totalCountDescription: TotalCountDescriptionPlugin<Types>;
    }
  }
}

SchemaBuilder.registerPlugin('totalCountDescription', TotalCountDescriptionPlugin);

export default 'totalCountDescription' as const;
