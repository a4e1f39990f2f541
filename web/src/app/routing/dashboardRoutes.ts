import { fr } from '../../i18n/fr';
import type { Screen } from './screen';
import { screens } from './screens';

export type Role = 'ADMIN' | 'BAILIFF' | 'SECRETARY';

export interface DashboardRoute {
  /** Relative to /dashboard; '' is /dashboard itself (the role's default screen). */
  path: string;
  title: string;
  /** The screen, its code and page query started as the route opens; without one the placeholder page. */
  screen?: Screen;
  /** The screen takes the whole width beside the menu (GraphiQL's editors), not the reading width. */
  fullWidth?: boolean;
}

const t = fr.titles;

const notifications: DashboardRoute = {
  path: 'seeallnotifications',
  title: t.allNotifications,
  screen: screens.allNotifications,
};
const createAlert: DashboardRoute = { path: 'createanalert', title: t.createAlert, screen: screens.createAbsence };
// Every role creates its own read-only API tokens.
const apiTokens: DashboardRoute = { path: 'jetons-api', title: t.apiTokens, screen: screens.apiTokens };

// product.md §2, "Admin routes (role 1)": /dashboard is the in-progress reports screen.
const admin: DashboardRoute[] = [
  { path: '', title: t.reportsInProgress, screen: screens.adminReportsInProgress },
  { path: 'constats-en-cours-admin', title: t.reportsInProgress, screen: screens.adminReportsInProgress },
  { path: 'constatsencours', title: t.reportsInProgress, screen: screens.adminReportsInProgress },
  { path: 'constats-termines-admin', title: t.reportsDone, screen: screens.adminReportsDone },
  { path: 'constats-archives-admin', title: t.reportsArchived, screen: screens.adminReportsArchived },
  { path: 'creer-un-constat-admin', title: t.createReport, screen: screens.createReportAdmin },
  { path: 'retrocessions-constats-admin', title: t.retrocessionReports, screen: screens.retrocessionReports },
  { path: 'retrocessions-factures-admin', title: t.retrocessionBills, screen: screens.retrocessionBills },
  { path: 'facturation-admin', title: t.billing, screen: screens.billing },
  { path: 'facturation', title: t.billing, screen: screens.billing },
  { path: 'Facturationtable', title: t.billing, screen: screens.billing },
  { path: 'parametres-facturation', title: t.sellerSettings, screen: screens.sellerSettings },
  { path: 'bailiffaccount', title: t.createAccount, screen: screens.createAccount },
  { path: 'adminaccount', title: t.createAccount, screen: screens.createAccount },
  { path: 'secretary', title: t.createAccount, screen: screens.createAccount },
  { path: 'secretaryaccount', title: t.createAccount, screen: screens.createAccount },
  { path: 'creerungroupe', title: t.createGroup, screen: screens.createGroup },
  { path: 'creerungroupe/:id', title: t.editGroup, screen: screens.editGroup },
  { path: 'editvoirlesgroupes/:id', title: t.editGroup, screen: screens.editGroup },
  { path: 'voirlesgroupes', title: t.groups, screen: screens.groups },
  { path: 'createmyaccount', title: t.createAccount, screen: screens.createAccount },
  { path: 'seetheaccount', title: t.accounts, screen: screens.accounts },
  { path: 'seetheaccount/:id', title: t.editAccount, screen: screens.editAccount },
  { path: 'statistiques', title: t.statistics, screen: screens.statistics },
  { path: 'createanews', title: t.createNews, screen: screens.createNews },
  { path: 'createanews/:id', title: t.editNews, screen: screens.editNews },
  { path: 'viewnews', title: t.allNews, screen: screens.news },
  // decisions.md: the admin's legacy secretary dashboard is his in-progress list (secretary filter).
  { path: 'secretarydashboard', title: t.reportsInProgress, screen: screens.adminReportsInProgress },
  { path: 'mybillsbailiff', title: t.groupBills, screen: screens.groupBills },
  // An admin has one profile: the other roles' profile paths show it too.
  { path: 'bailiffprofile', title: t.profile, screen: screens.profile },
  { path: 'adminprofile', title: t.profile, screen: screens.profile },
  { path: 'secretaryprofile', title: t.profile, screen: screens.profile },
  { path: 'bailiffcalendar', title: t.calendar, screen: screens.adminBailiffCalendar },
  { path: 'emailtemplate', title: t.emailTemplate, screen: screens.emailTemplate },
  { path: 'mesconstats', title: t.myReports, screen: screens.myReports },
  notifications,
  { path: 'allAbsences', title: t.absences, screen: screens.allAbsences },
  { path: 'graphiql', title: t.graphiql, screen: screens.graphiql, fullWidth: true },
  apiTokens,
  // An admin's webhooks (docs/api.md « Webhooks »).
  { path: 'webhooks', title: t.webhooks, screen: screens.webhooks },
];

// product.md §2, "Bailiff routes (role 2)": default is the in-progress reports screen.
const bailiff: DashboardRoute[] = [
  { path: '', title: t.bailiffInProgress, screen: screens.bailiffReportsInProgress },
  { path: 'constats-en-cours-moi-huissier', title: t.bailiffInProgress, screen: screens.bailiffReportsInProgress },
  { path: 'constats-archives-moi-huissier', title: t.bailiffArchived, screen: screens.bailiffReportsArchived },
  { path: 'creer-un-constat-huissier', title: t.createReport, screen: screens.createReportBailiff },
  { path: 'mes-factures-huissier', title: t.bills, screen: screens.groupBills },
  { path: 'bailiffcalendar', title: t.calendar, screen: screens.myCalendar },
  { path: 'bailiffprofile', title: t.profile, screen: screens.profile },
  // A bailiff's account is his profile (the account forms are the admins').
  { path: 'bailiffaccount', title: t.myAccount, screen: screens.bailiffAccount },
  { path: 'mesconstats', title: t.myReports, screen: screens.myReports },
  createAlert,
  notifications,
  apiTokens,
];

// product.md §2, "Secretary routes (role 3)": default is the in-progress reports screen.
const secretary: DashboardRoute[] = [
  { path: '', title: t.reportsInProgress, screen: screens.secretaryReportsInProgress },
  { path: 'retrocessions-constats-secretaire', title: t.secretaryRetrocession, screen: screens.secretaryRetrocession },
  { path: 'constats-en-cours-secretaire', title: t.reportsInProgress, screen: screens.secretaryReportsInProgress },
  { path: 'constats-mois-secretaire', title: t.secretaryMonthReports, screen: screens.secretaryReportsAll },
  { path: 'factures-mois-secretaire', title: t.bills, screen: screens.secretaryBills },
  { path: 'retrocessionconstats', title: t.secretaryRetrocession, screen: screens.secretaryRetrocession },
  { path: 'secretary', title: t.editAccount, screen: screens.secretaryAccount },
  { path: 'secretarycalendar', title: t.calendar, screen: screens.myCalendar },
  { path: 'viewnewsecretarie', title: t.viewNews, screen: screens.secretaryNews },
  { path: 'secretaryprofile', title: t.profile, screen: screens.profile },
  createAlert,
  notifications,
  apiTokens,
];

export const dashboardRoutes: Record<Role, readonly DashboardRoute[]> = {
  ADMIN: admin,
  BAILIFF: bailiff,
  SECRETARY: secretary,
};

/** product.md §6: each role's profile screen (user menu 'Profil'). */
export const profilePath: Record<Role, string> = {
  ADMIN: '/dashboard/adminprofile',
  BAILIFF: '/dashboard/bailiffprofile',
  SECRETARY: '/dashboard/secretaryprofile',
};

/** product.md §2: bailiffs have no news; 'Voir toutes' of the news tab goes to the role's list. */
export const newsListPath: Partial<Record<Role, string>> = {
  ADMIN: '/dashboard/viewnews',
  SECRETARY: '/dashboard/viewnewsecretarie',
};
