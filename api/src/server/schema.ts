// The schema, composed of every module's types, queries, mutations and subscriptions on the GraphQL
// kit's builder; Yoga (yoga.ts), the schema's printing (print.ts) and the tests serve it.
import { lexicographicSortSchema } from 'graphql';
import { builder } from '../graphql/builder.js';
import { checkPageSizes } from '../graphql/page-sizes.js';
import { LIST_BOUNDS } from './list-bounds.js';
// Each domain registers its types, queries, mutations and subscriptions on import.
import '../modules/absences/schema.js';
import '../modules/accounts/schema.js';
import '../modules/apiTokens/schema.js';
import '../modules/auth/schema.js';
import '../modules/billing/schema.js';
import '../modules/billing/mutations.js';
import '../modules/groups/schema.js';
import '../modules/news/schema.js';
import '../modules/notifications/schema.js';
import '../modules/reporting/schema.js';
import '../modules/reports/schema.js';
import '../modules/reports/queries.js';
import '../modules/reports/mutations.js';
import '../modules/reports/deposit-schema.js';
import '../modules/reports/dictation-schema.js';
import '../modules/counting/schema.js';
import '../modules/retrocession/schema.js';
import '../modules/seller/schema.js';
import '../modules/statistics/schema.js';
import '../modules/webhooks/schema.js';

// The schema carries its lists' ceilings, which the query cost (graphql/cost.ts) prices lists at.
export const schema = builder.toSchema({ extensions: { listBounds: LIST_BOUNDS } });
// Its connections' page sizes, which the cost reads on each field (graphql/page-sizes.ts).
checkPageSizes(schema);
export const sortedSchema = () => lexicographicSortSchema(schema);
