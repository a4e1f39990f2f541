// The API change policy (docs/api-changelog.md): breaking changes cited, removals deprecated first.
import { readFileSync } from 'node:fs';
import { CHANGELOG, changeCoordinate, changePolicyProblems, PUBLISHED_SCHEMA } from '../../scripts/schema-changes.js';

const PUBLISHED = `
  type Query { reports(first: Int, after: String): [Report!]! report(id: ID!): Report }
  type Report { id: ID! name: String! oldName: String @deprecated(reason: "Utiliser name.") status: Status! }
  enum Status { NA EC TE OLD @deprecated(reason: "Plus utilisé.") }
  input ReportFilter { status: Status keyword: String }
`;

describe('the change policy on a published schema', () => {
  it('a field removed without a changelog entry nor a prior @deprecated is reported twice', () => {
    const current = PUBLISHED.replace(' name: String!', '');
    expect(changePolicyProblems(PUBLISHED, current, '')).toEqual([
      '`Report.name` : changement cassant absent de docs/api-changelog.md (Report.name was removed.)',
      "`Report.name` : retiré sans avoir été publié d'abord avec @deprecated",
    ]);
    expect(changePolicyProblems(PUBLISHED, current, 'Retrait de `Report.name`.')).toEqual([
      "`Report.name` : retiré sans avoir été publié d'abord avec @deprecated",
    ]);
  });

  it('a deprecated field or enum value removed with its entry passes', () => {
    const current = PUBLISHED.replace(' oldName: String @deprecated(reason: "Utiliser name.")', '').replace(
      ' OLD @deprecated(reason: "Plus utilisé.")',
      '',
    );
    expect(changePolicyProblems(PUBLISHED, current, '')).toHaveLength(2);
    expect(changePolicyProblems(PUBLISHED, current, '- `Report.oldName` retiré.\n- `Status.OLD` retiré.')).toEqual([]);
  });

  it('additions break nothing; a changed type or a required argument must be cited', () => {
    expect(changePolicyProblems(PUBLISHED, PUBLISHED.replace('status: Status!', 'status: Status! updatedAt: String'), '')).toEqual([]);
    expect(changePolicyProblems(PUBLISHED, PUBLISHED.replace('id: ID! name: String!', 'id: ID! name: Int!'), '')).toEqual([
      '`Report.name` : changement cassant absent de docs/api-changelog.md (Report.name changed type from String! to Int!.)',
    ]);
    expect(changePolicyProblems(PUBLISHED, PUBLISHED.replace('first: Int,', 'first: Int!,'), '')).toHaveLength(1);
  });

  it('names each change by its schema coordinate', () => {
    expect(changeCoordinate('Report.name was removed.')).toBe('Report.name');
    expect(changeCoordinate('Query.reports arg first has changed type from Int to Int!.')).toBe('Query.reports(first:)');
    expect(changeCoordinate('A required arg sort on Query.reports was added.')).toBe('Query.reports(sort:)');
    expect(changeCoordinate('A required field groupId on input type ReportFilter was added.')).toBe('ReportFilter.groupId');
    expect(changeCoordinate('OLD was removed from enum type Status.')).toBe('Status.OLD');
    expect(changeCoordinate('Report was removed.')).toBe('Report');
  });
});

describe('this repository', () => {
  it('schema.graphql keeps the policy against the published schema', () => {
    const problems = changePolicyProblems(
      readFileSync(PUBLISHED_SCHEMA, 'utf8'),
      readFileSync('schema.graphql', 'utf8'),
      readFileSync(CHANGELOG, 'utf8'),
    );
    expect(problems).toEqual([]);
  });
});
