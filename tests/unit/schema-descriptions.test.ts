import { undescribedSchemaElements } from '../../api/src/graphql/descriptions.js';
import { schema } from '../../api/src/server/schema.js';

describe('schema descriptions', () => {
  it('describes every type, field, argument, input field and enum value in French', () => {
    expect(undescribedSchemaElements(schema)).toEqual([]);
  });
});
