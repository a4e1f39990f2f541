import adminAbsencesQuery from '../../__generated__/AdminAbsencesPageQuery.graphql';
import adminRetrocessionBillsQuery from '../../__generated__/AdminRetrocessionBillsPageQuery.graphql';
import adminRetrocessionReportsQuery from '../../__generated__/AdminRetrocessionReportsPageQuery.graphql';
import billingQuery from '../../__generated__/BillingPageQuery.graphql';
import myBillsQuery from '../../__generated__/MyBillsPageQuery.graphql';
import myCalendarQuery from '../../__generated__/MyCalendarPageQuery.graphql';
import secretaryBillsQuery from '../../__generated__/SecretaryBillsPageQuery.graphql';
import secretaryRetrocessionQuery from '../../__generated__/SecretaryRetrocessionPageQuery.graphql';
import statisticsQuery from '../../__generated__/StatisticsPageQuery.graphql';
import allNotificationsQuery from '../../__generated__/AllNotificationsPageQuery.graphql';
import accountsQuery from '../../__generated__/AccountsPageQuery.graphql';
import accountCreateQuery from '../../__generated__/AccountCreatePageQuery.graphql';
import accountEditQuery from '../../__generated__/AccountEditPageQuery.graphql';
import adminReportsQuery from '../../__generated__/AdminReportsPageQuery.graphql';
import apiTokensQuery from '../../__generated__/ApiTokensPageQuery.graphql';
import webhooksQuery from '../../__generated__/WebhooksPageQuery.graphql';
import bailiffArchivedQuery from '../../__generated__/BailiffReportsPageArchivedQuery.graphql';
import bailiffReportsQuery from '../../__generated__/BailiffReportsPageQuery.graphql';
import createReportQuery from '../../__generated__/CreateReportPageQuery.graphql';
import emailTemplateQuery from '../../__generated__/EmailTemplatePageQuery.graphql';
import groupEditQuery from '../../__generated__/GroupEditPageQuery.graphql';
import groupsQuery from '../../__generated__/GroupsPageQuery.graphql';
import newsEditQuery from '../../__generated__/NewsEditPageQuery.graphql';
import newsListQuery from '../../__generated__/NewsListPageQuery.graphql';
import profileQuery from '../../__generated__/ProfilePageQuery.graphql';
import secretaryReportsQuery from '../../__generated__/SecretaryReportsPageQuery.graphql';
import sellerSettingsQuery from '../../__generated__/SellerSettingsPageQuery.graphql';
import { calendarOpening } from '../../features/absences/calendarRange';
import { billingOpening, myBillsOpening } from '../../features/billing/pageVariables';
import { reportsPageVariables, type ReportsView } from '../../features/reports/reportsViews';
import { retrocessionOpening, secretaryBillsOpening } from '../../features/retrocession/pageVariables';
import { statisticsOpening } from '../../features/statistics/periodLabels';
import { toGlobalId } from '../../relay/globalId';
import type { PreloadFetchPolicy } from 'react-relay/hooks';
import type { ConcreteRequest } from 'relay-runtime';
import { screen, type ScreenUrl } from './screen';

// Every screen is its own chunk: a visit only downloads the screens it opens. A screen's page query
// starts with its code (screen.ts); the compiled queries are in the shell's chunk for that.

/** Lists read again on each visit show the store's rows at once and the server's just after. */
const fresh: PreloadFetchPolicy = 'store-and-network';
const none = () => ({});
const idOf = (type: string) => (url: ScreenUrl) => ({ id: toGlobalId(type, url.params.id ?? '') });

const news = { request: newsListQuery, variables: none, fetchPolicy: fresh } as const;
// Fresh values each visit: an admin may have changed the account meanwhile.
const profile = { request: profileQuery, variables: none, fetchPolicy: 'network-only' } as const;
const accountCreate = { request: accountCreateQuery, variables: none, fetchPolicy: fresh } as const;

// Screens whose period then follows what the user picks: the route starts the opening one, which the
// screen reads without asking again (relay/useOpeningQuery.ts), then refreshes as it always did.
const opening = <V>(request: ConcreteRequest, variables: (url: ScreenUrl) => V) =>
  ({ request, variables, fetchPolicy: 'store-or-network' }) as const;
const calendar = opening(adminAbsencesQuery, (url) => calendarOpening(url.searchParams));
const retrocession = (request: ConcreteRequest) => opening(request, retrocessionOpening);

const reports = (request: ConcreteRequest, view: ReportsView) => ({
  request,
  variables: () => reportsPageVariables(view),
  fetchPolicy: fresh,
});

export const screens = {
  allNotifications: screen(() => import('../../features/notifications/AllNotificationsPage').then((m) => m.default), {
    request: allNotificationsQuery,
    variables: none,
    fetchPolicy: fresh,
  }),
  accounts: screen(() => import('../../features/accounts/AccountsPage').then((m) => m.default), {
    request: accountsQuery,
    variables: none,
    fetchPolicy: fresh,
  }),
  createAccount: screen(() => import('../../features/accounts/AccountCreatePage').then((m) => m.default), accountCreate),
  editAccount: screen(() => import('../../features/accounts/AccountEditPage').then((m) => m.default), {
    request: accountEditQuery,
    variables: idOf('User'),
    fetchPolicy: fresh,
  }),
  adminReportsInProgress: screen(
    () => import('../../features/reports/AdminReportsPage').then((m) => m.AdminInProgressReportsPage),
    reports(adminReportsQuery, 'inProgress'),
  ),
  adminReportsDone: screen(
    () => import('../../features/reports/AdminReportsPage').then((m) => m.AdminDoneReportsPage),
    reports(adminReportsQuery, 'done'),
  ),
  adminReportsArchived: screen(
    () => import('../../features/reports/AdminReportsPage').then((m) => m.AdminArchivedReportsPage),
    reports(adminReportsQuery, 'archived'),
  ),
  createReportAdmin: screen(() => import('../../features/reports/CreateReportPage').then((m) => m.default), {
    request: createReportQuery,
    variables: none,
    fetchPolicy: fresh,
  }),
  secretaryReportsInProgress: screen(
    () => import('../../features/reports/SecretaryReportsPage').then((m) => m.SecretaryInProgressReportsPage),
    reports(secretaryReportsQuery, 'secretaryInProgress'),
  ),
  secretaryReportsAll: screen(
    () => import('../../features/reports/SecretaryReportsPage').then((m) => m.SecretaryAllReportsPage),
    reports(secretaryReportsQuery, 'secretaryAll'),
  ),
  bailiffReportsInProgress: screen(
    () => import('../../features/reports/BailiffReportsPage').then((m) => m.BailiffInProgressReportsPage),
    reports(bailiffReportsQuery, 'bailiffInProgress'),
  ),
  bailiffReportsArchived: screen(
    () => import('../../features/reports/BailiffReportsPage').then((m) => m.BailiffArchivedReportsPage),
    reports(bailiffArchivedQuery, 'bailiffArchived'),
  ),
  createReportBailiff: screen(() => import('../../features/reports/BailiffCreateReportPage').then((m) => m.default)),
  myReports: screen(() => import('../../features/reports/MyReportsPage').then((m) => m.default)),
  groups: screen(() => import('../../features/groups/GroupsPage').then((m) => m.default), {
    request: groupsQuery,
    variables: none,
    fetchPolicy: fresh,
  }),
  createGroup: screen(() => import('../../features/groups/GroupCreatePage').then((m) => m.default)),
  editGroup: screen(() => import('../../features/groups/GroupEditPage').then((m) => m.default), {
    request: groupEditQuery,
    variables: idOf('Group'),
    fetchPolicy: fresh,
  }),
  news: screen(() => import('../../features/news/NewsListPage').then((m) => m.default), news),
  profile: screen(() => import('../../features/profile/ProfilePage').then((m) => m.default), profile),
  bailiffAccount: screen(() => import('../../features/profile/ProfilePage').then((m) => m.BailiffAccountPage), profile),
  secretaryAccount: screen(() => import('../../features/profile/ProfilePage').then((m) => m.SecretaryAccountPage), profile),
  emailTemplate: screen(() => import('../../features/emailTemplate/EmailTemplatePage').then((m) => m.default), {
    request: emailTemplateQuery,
    variables: none,
  }),
  billing: screen(() => import('../../features/billing/BillingPage').then((m) => m.default), opening(billingQuery, billingOpening)),
  sellerSettings: screen(() => import('../../features/billing/SellerSettingsPage').then((m) => m.default), {
    request: sellerSettingsQuery,
    variables: none,
    fetchPolicy: 'network-only',
  }),
  groupBills: screen(() => import('../../features/billing/MyBillsPage').then((m) => m.default), opening(myBillsQuery, myBillsOpening)),
  secretaryNews: screen(() => import('../../features/news/SecretaryNewsPage').then((m) => m.default), news),
  createNews: screen(() => import('../../features/news/NewsCreatePage').then((m) => m.default)),
  editNews: screen(() => import('../../features/news/NewsEditPage').then((m) => m.default), {
    request: newsEditQuery,
    variables: idOf('News'),
    fetchPolicy: fresh,
  }),
  statistics: screen(
    () => import('../../features/statistics/StatisticsPage').then((m) => m.default),
    opening(statisticsQuery, () => statisticsOpening()),
  ),
  allAbsences: screen(() => import('../../features/absences/AdminAbsencesPage').then((m) => m.default), calendar),
  adminBailiffCalendar: screen(() => import('../../features/absences/AdminAbsencesPage').then((m) => m.AdminBailiffCalendarPage), calendar),
  myCalendar: screen(
    () => import('../../features/absences/MyCalendarPage').then((m) => m.default),
    opening(myCalendarQuery, (url) => calendarOpening(url.searchParams)),
  ),
  createAbsence: screen(() => import('../../features/absences/CreateAbsencePage').then((m) => m.default)),
  retrocessionReports: screen(
    () => import('../../features/retrocession/AdminRetrocessionReportsPage').then((m) => m.default),
    retrocession(adminRetrocessionReportsQuery),
  ),
  retrocessionBills: screen(
    () => import('../../features/retrocession/AdminRetrocessionBillsPage').then((m) => m.default),
    retrocession(adminRetrocessionBillsQuery),
  ),
  secretaryRetrocession: screen(
    () => import('../../features/retrocession/SecretaryRetrocessionPage').then((m) => m.default),
    retrocession(secretaryRetrocessionQuery),
  ),
  secretaryBills: screen(
    () => import('../../features/retrocession/SecretaryBillsPage').then((m) => m.default),
    opening(secretaryBillsQuery, secretaryBillsOpening),
  ),
  // GraphiQL (CodeMirror and its styles, ~1 MB) stays in this chunk: only admins who open it load it.
  graphiql: screen(() => import('../../features/graphiql/GraphiQLPage').then((m) => m.default)),
  apiTokens: screen(() => import('../../features/apiTokens/ApiTokensPage').then((m) => m.default), {
    request: apiTokensQuery,
    variables: none,
    fetchPolicy: fresh,
  }),
  webhooks: screen(() => import('../../features/webhooks/WebhooksPage').then((m) => m.default), {
    request: webhooksQuery,
    variables: none,
    fetchPolicy: fresh,
  }),
};
