// Read scopes of personal API tokens (product.md §12): which scope each GraphQL field needs, what each role
// may hold, and the check of a token's query against them, field by field, before it runs. Sessions
// are not checked here: their role's rules (scope-auth, the read model) already decide what they read.
// tests/unit/api-token-scopes.test.ts holds this table to the schema: every type a query or a
// subscription reaches and
// every root field is declared, so a new field cannot open itself to tokens by being forgotten.
import {
  getNamedType,
  Kind,
  TypeInfo,
  visit,
  visitWithTypeInfo,
  type DocumentNode,
  type FragmentDefinitionNode,
  type GraphQLSchema,
  type OperationDefinitionNode,
} from 'graphql';
import type { TokenGrant } from '../../context.js';
import type { ApiTokenScope, Role } from '../../generated/prisma/enums.js';
import { API_TOKEN_SCOPE_LABELS, API_TOKEN_SCOPES as SCOPES } from '@constats/domain/api-token-scopes';

/** Every read scope, in the order the « Jetons d’API » screen lists them (the database's enum, checked here). */
export const API_TOKEN_SCOPES = SCOPES satisfies readonly ApiTokenScope[];

/** Each scope's French name, as the screen shows it. */
export const scopeLabels: Record<ApiTokenScope, string> = API_TOKEN_SCOPE_LABELS;

/** What each role reads (its root fields' authScopes): a token of that role holds no other scope. */
export const ROLE_SCOPES: Record<Role, readonly ApiTokenScope[]> = {
  ADMIN: API_TOKEN_SCOPES,
  // A bailiff reads his constats, his étude's bills, his notifications, absences and account; no news, no pay.
  BAILIFF: ['REPORTS', 'BILLING', 'NOTIFICATIONS', 'ABSENCES', 'ACCOUNTS'],
  // A secretary reads her constats, her rétrocession, the news, her notifications, absences and account.
  SECRETARY: ['REPORTS', 'RETROCESSION', 'NEWS', 'NOTIFICATIONS', 'ABSENCES', 'ACCOUNTS'],
};

/** An admin's token limited to some études holds only the scopes whose data the limit narrows. */
export const GROUP_LIMITED_SCOPES: readonly ApiTokenScope[] = ['REPORTS', 'BILLING'];

/**
 * The root fields an étude-limited token may call: those that read through the étude limit
 * (visibility.ts, billing). Of the live events, only constats' changes are filtered by étude;
 * `billingChanged` tells of every étude's bills.
 */
const GROUP_LIMITED_ROOT_FIELDS: ReadonlySet<string> = new Set([
  'Query.reports',
  'Query.reportHeaders',
  'Query.reportAggregates',
  'Query.groupBills',
  'Query.node',
  'Query.nodes',
  'Query.me',
  'Query.impersonated',
  'Subscription.reportChanged',
]);

/** The root types: they have no scope of their own, so each of their fields is declared. */
const isRoot = (typeName: string) => typeName === 'Query' || typeName === 'Subscription';

/**
 * The scope of every field of a type; null: the type's fields are free, because the type is only
 * reached through a field that has a scope (a bill's file, a line's amounts) or is a page's frame.
 */
export const TYPE_SCOPES: Record<string, ApiTokenScope | null> = {
  Query: null,
  Subscription: null,
  PageInfo: null,
  // Reached through Report.billingAmounts / retrocessionAmounts and the bills, each scoped.
  LineAmounts: null,
  BillFile: null,
  PeriodTotals: null,
  Report: 'REPORTS',
  ReportChanged: 'REPORTS',
  ReportFile: 'REPORTS',
  ReportFileGroup: 'REPORTS',
  ReportComment: 'REPORTS',
  ReportPermissions: 'REPORTS',
  ReportHeaders: 'REPORTS',
  ReportAggregate: 'REPORTS',
  SecretaryTiles: 'REPORTS',
  BailiffTiles: 'REPORTS',
  Delay: 'REPORTS',
  Deposit: 'REPORTS',
  DepositProgress: 'REPORTS',
  DetectedCounts: 'REPORTS',
  DetectionCheck: 'REPORTS',
  GpsPosition: 'REPORTS',
  GroupBill: 'BILLING',
  BillingChanged: 'BILLING',
  GroupBillLine: 'BILLING',
  BillingGroup: 'BILLING',
  BillingPeriod: 'BILLING',
  SellerSettings: 'BILLING',
  SecretaryBill: 'RETROCESSION',
  RetrocessionPeriod: 'RETROCESSION',
  Statistics: 'STATISTICS',
  StatisticsItem: 'STATISTICS',
  ChartSerie: 'STATISTICS',
  ChartPoint: 'STATISTICS',
  DetectionAgreement: 'STATISTICS',
  News: 'NEWS',
  Notification: 'NOTIFICATIONS',
  MailPreview: 'NOTIFICATIONS',
  Absence: 'ABSENCES',
  User: 'ACCOUNTS',
  Group: 'ACCOUNTS',
  Matrix: 'ACCOUNTS',
  ApiToken: 'ACCOUNTS',
  Webhook: 'ACCOUNTS',
  WebhookDelivery: 'ACCOUNTS',
};

/**
 * Fields that differ from their type: a scope they need besides the type's (amounts on a constat),
 * or null for free. Every root field is listed: the root types have no scope of their own.
 */
export const FIELD_SCOPES: Record<string, ApiTokenScope | null> = {
  // Who is signed in, and a node by id (whose type's fields then carry their scope).
  'Query.me': null,
  'Query.impersonated': null,
  'Query.passwordResetTokenValid': null,
  'Query.node': null,
  'Query.nodes': null,
  'Query.reports': 'REPORTS',
  'Query.reportHeaders': 'REPORTS',
  'Query.reportAggregates': 'REPORTS',
  'Query.assignedBailiffs': 'REPORTS',
  'Query.groupBills': 'BILLING',
  'Query.billingPeriod': 'BILLING',
  'Query.billingGroup': 'BILLING',
  'Query.availableGroupsForBilling': 'BILLING',
  'Query.nextGroupBillNumber': 'BILLING',
  'Query.sellerSettings': 'BILLING',
  'Query.retrocession': 'RETROCESSION',
  'Query.secretaryBills': 'RETROCESSION',
  'Query.statistics': 'STATISTICS',
  'Query.news': 'NEWS',
  'Query.notifications': 'NOTIFICATIONS',
  'Query.unreadNotificationCount': 'NOTIFICATIONS',
  'Query.newReportMailPreview': 'NOTIFICATIONS',
  'Query.absences': 'ABSENCES',
  'Query.myAbsences': 'ABSENCES',
  'Query.users': 'ACCOUNTS',
  'Query.peopleChoices': 'ACCOUNTS',
  'Query.groups': 'ACCOUNTS',
  'Query.groupChoices': 'ACCOUNTS',
  'Query.apiTokens': 'ACCOUNTS',
  'Query.apiTokenScopeChoices': 'ACCOUNTS',
  'Query.webhooks': 'ACCOUNTS',
  // Live events: each needs the scope of what it tells.
  'Subscription.reportChanged': 'REPORTS',
  'Subscription.billingChanged': 'BILLING',
  'Subscription.secretaryBillAdded': 'RETROCESSION',
  'Subscription.newsPublished': 'NEWS',
  'Subscription.notificationAdded': 'NOTIFICATIONS',
  'Subscription.absenceAdded': 'ABSENCES',
  // Amounts on a constat are the étude's billing or the secretary's pay.
  'Report.billingAmounts': 'BILLING',
  'Report.retrocessionAmounts': 'RETROCESSION',
  'Report.retrocessionComment': 'RETROCESSION',
  'ReportAggregate.billingAmountHT': 'BILLING',
  'ReportAggregate.retrocessionAmountHT': 'RETROCESSION',
  'ReportHeaders.currentRevenue': 'BILLING',
  'Group.pricePage': 'BILLING',
  'Group.pricePhoto': 'BILLING',
  'User.secretaryPricePage': 'RETROCESSION',
  'User.secretaryPricePhoto': 'RETROCESSION',
  // A person's name is shown beside every constat, bill and news: reading it needs no ACCOUNTS.
  'User.civility': null,
  'User.firstName': null,
  'User.lastName': null,
  'User.fullName': null,
  'User.databaseId': null,
  'User.avatarUrl': null,
};

/** Connections and their edges frame a page of a scoped list field; mutation payloads never reach a token. */
const isFrame = (typeName: string) => /(Connection|ConnectionEdge|Edge)$/.test(typeName);

/** The scopes a field needs; null when it is declared nowhere (then refused: undeclared is closed). */
export function fieldScopes(typeName: string, fieldName: string): ApiTokenScope[] | null {
  if (fieldName === '__typename' || fieldName === 'id') return [];
  const key = `${typeName}.${fieldName}`;
  const own = FIELD_SCOPES[key];
  if (own === null) return [];
  const typeScope = isFrame(typeName) ? null : TYPE_SCOPES[typeName];
  if (typeScope === undefined || (isRoot(typeName) && own === undefined)) return null;
  return [...new Set([typeScope, own].filter((scope): scope is ApiTokenScope => !!scope))];
}

export type ScopeRefusal =
  | { reason: 'MISSING_SCOPE'; field: string; missing: ApiTokenScope[] }
  | { reason: 'GROUP_LIMITED'; field: string }
  | { reason: 'UNDECLARED'; field: string };

/**
 * The first field of the operation (its fragments included) that the grant does not cover, or null.
 * Static: a field under `@skip` counts too, so what a query may read never depends on its variables.
 */
export function scopeRefusal(
  schema: GraphQLSchema,
  document: DocumentNode,
  operation: OperationDefinitionNode,
  grant: TokenGrant,
): ScopeRefusal | null {
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const definition of document.definitions) {
    if (definition.kind === Kind.FRAGMENT_DEFINITION) fragments.set(definition.name.value, definition);
  }
  const queue: (OperationDefinitionNode | FragmentDefinitionNode)[] = [operation];
  const seen = new Set<string>();
  let refusal: ScopeRefusal | null = null;
  while (queue.length > 0 && !refusal) {
    const typeInfo = new TypeInfo(schema);
    visit(
      queue.shift()!,
      visitWithTypeInfo(typeInfo, {
        FragmentSpread(node) {
          const fragment = fragments.get(node.name.value);
          if (fragment && !seen.has(fragment.name.value)) {
            seen.add(fragment.name.value);
            queue.push(fragment);
          }
        },
        Field(node) {
          const parent = typeInfo.getParentType();
          if (!parent || refusal) return;
          const typeName = getNamedType(parent).name;
          const name = node.name.value;
          const field = `${typeName}.${name}`;
          if (grant.groupIds && isRoot(typeName) && !GROUP_LIMITED_ROOT_FIELDS.has(field)) {
            refusal = { reason: 'GROUP_LIMITED', field };
            return;
          }
          const needed = fieldScopes(typeName, name);
          if (needed === null) refusal = { reason: 'UNDECLARED', field };
          else {
            const missing = needed.filter((scope) => !grant.scopes.includes(scope));
            if (missing.length > 0) refusal = { reason: 'MISSING_SCOPE', field, missing };
          }
        },
      }),
    );
  }
  return refusal;
}

/**
 * A list read outside GraphQL (the CSV exports, reporting/rest.ts): its rows are those the screens
 * read through the root field `rootField`, each a `rowType`, so a token needs what that field and
 * that type need here, and an étude-limited token only the root fields open to it. Null: allowed.
 */
export function listRefusal(grant: TokenGrant, rootField: string, rowType: string): ScopeRefusal | null {
  const field = `Query.${rootField}`;
  if (grant.groupIds && !GROUP_LIMITED_ROOT_FIELDS.has(field)) return { reason: 'GROUP_LIMITED', field };
  const needed = [...(fieldScopes('Query', rootField) ?? []), TYPE_SCOPES[rowType]];
  const missing = [...new Set(needed)].filter((scope): scope is ApiTokenScope => !!scope && !grant.scopes.includes(scope));
  return missing.length > 0 ? { reason: 'MISSING_SCOPE', field, missing } : null;
}

/** Whether a grant reads the field (a Report's amounts, for an export's columns); no grant: a session, its role decides. */
export const grantReads = (grant: TokenGrant | undefined, typeName: string, fieldName: string): boolean =>
  !grant || (fieldScopes(typeName, fieldName) ?? []).every((scope) => grant.scopes.includes(scope));

/**
 * The French words of a refusal, naming the missing scope and what needs it: by default the field,
 * an export by its own name (« l’export CSV des constats »).
 */
export function scopeRefusalMessage(refusal: ScopeRefusal, subject = `le champ ${refusal.field}`): string {
  switch (refusal.reason) {
    case 'MISSING_SCOPE': {
      const names = refusal.missing.map((scope) => `« ${scopeLabels[scope]} » (${scope})`).join(' et ');
      return `Ce jeton d’API n’a pas la portée ${names} qu’exige ${subject}.`;
    }
    case 'GROUP_LIMITED':
      return `Ce jeton d’API est limité à certaines études : ${subject} ne lui est pas ouvert.`;
    case 'UNDECLARED':
      return `Le champ ${refusal.field} n’est pas ouvert aux jetons d’API.`;
  }
}
