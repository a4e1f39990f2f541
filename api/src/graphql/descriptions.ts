import {
  isEnumType,
  isInputObjectType,
  isInterfaceType,
  isIntrospectionType,
  isObjectType,
  isSpecifiedScalarType,
  isSpecifiedDirective,
  type GraphQLArgument,
  type GraphQLSchema,
} from 'graphql';

const described = (description: string | null | undefined) => !!description?.trim();

/**
 * Every element of the schema a consumer reads in GraphiQL's docs or schema.graphql without a
 * description, as `Type`, `Type.field`, `Type.field(arg)`, `Enum.VALUE` or `@directive`. Built-in
 * scalars, directives and introspection types are graphql-js's own, described by the GraphQL spec.
 */
export function undescribedSchemaElements(schema: GraphQLSchema): string[] {
  const missing: string[] = [];
  const checkArgs = (owner: string, args: readonly GraphQLArgument[]) => {
    for (const arg of args) if (!described(arg.description)) missing.push(`${owner}(${arg.name})`);
  };
  for (const type of Object.values(schema.getTypeMap())) {
    if (isIntrospectionType(type) || isSpecifiedScalarType(type)) continue;
    if (!described(type.description)) missing.push(type.name);
    if (isObjectType(type) || isInterfaceType(type)) {
      for (const field of Object.values(type.getFields())) {
        const name = `${type.name}.${field.name}`;
        if (!described(field.description)) missing.push(name);
        checkArgs(name, field.args);
      }
    } else if (isInputObjectType(type)) {
      for (const field of Object.values(type.getFields())) {
        if (!described(field.description)) missing.push(`${type.name}.${field.name}`);
      }
    } else if (isEnumType(type)) {
      for (const value of type.getValues()) {
        if (!described(value.description)) missing.push(`${type.name}.${value.name}`);
      }
    }
  }
  for (const directive of schema.getDirectives()) {
    if (isSpecifiedDirective(directive)) continue;
    if (!described(directive.description)) missing.push(`@${directive.name}`);
    checkArgs(`@${directive.name}`, directive.args);
  }
  return missing.sort();
}
