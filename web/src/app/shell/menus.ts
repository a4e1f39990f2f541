import { bundleIcon } from '@fluentui/react-icons/utils';
import { ArchiveFilled, ArchiveRegular } from '@fluentui/react-icons/svg/archive';
import { CalendarLtrFilled, CalendarLtrRegular } from '@fluentui/react-icons/svg/calendar-ltr';
import { DataTrendingFilled, DataTrendingRegular } from '@fluentui/react-icons/svg/data-trending';
import { DocumentAddFilled, DocumentAddRegular } from '@fluentui/react-icons/svg/document-add';
import { DocumentBulletListFilled, DocumentBulletListRegular } from '@fluentui/react-icons/svg/document-bullet-list';
import { HomeFilled, HomeRegular } from '@fluentui/react-icons/svg/home';
import { CodeFilled, CodeRegular } from '@fluentui/react-icons/svg/code';
import { MoneyHandFilled, MoneyHandRegular } from '@fluentui/react-icons/svg/money-hand';
import { NewsFilled, NewsRegular } from '@fluentui/react-icons/svg/news';
import { PeopleFilled, PeopleRegular } from '@fluentui/react-icons/svg/people';
import { PersonFilled, PersonRegular } from '@fluentui/react-icons/svg/person';
import { ReceiptFilled, ReceiptRegular } from '@fluentui/react-icons/svg/receipt';
import { fr } from '../../i18n/fr';
import type { Role } from '../routing/dashboardRoutes';

type Icon = ReturnType<typeof bundleIcon>;

export interface MenuLink {
  label: string;
  to: string;
  icon?: Icon;
  /** Other paths that show the same screen and so select this entry. */
  alsoSelectedOn?: string[];
}

export interface MenuCategory {
  id: string;
  label: string;
  icon: Icon;
  links: MenuLink[];
}

export type MenuEntry = MenuLink | MenuCategory;

export interface MenuSection {
  /** A heading above the section; the first section has none. */
  title?: string;
  entries: MenuEntry[];
}

export function isCategory(entry: MenuEntry): entry is MenuCategory {
  return 'links' in entry;
}

// Filled when selected, regular otherwise (Fluent's navigation convention).
const icons = {
  reports: bundleIcon(DocumentBulletListFilled, DocumentBulletListRegular),
  retrocession: bundleIcon(MoneyHandFilled, MoneyHandRegular),
  billing: bundleIcon(ReceiptFilled, ReceiptRegular),
  accounts: bundleIcon(PeopleFilled, PeopleRegular),
  news: bundleIcon(NewsFilled, NewsRegular),
  statistics: bundleIcon(DataTrendingFilled, DataTrendingRegular),
  absences: bundleIcon(CalendarLtrFilled, CalendarLtrRegular),
  home: bundleIcon(HomeFilled, HomeRegular),
  profile: bundleIcon(PersonFilled, PersonRegular),
  calendar: bundleIcon(CalendarLtrFilled, CalendarLtrRegular),
  archive: bundleIcon(ArchiveFilled, ArchiveRegular),
  create: bundleIcon(DocumentAddFilled, DocumentAddRegular),
  api: bundleIcon(CodeFilled, CodeRegular),
};

const m = fr.menu;
const d = (path: string) => `/dashboard/${path}`;

// product.md §2: the left menu of each role, in the spec's order. Bailiffs and secretaries also get
// their own screens under it (docs/decisions.md), reachable otherwise only from their home tiles.
export const sideMenus: Record<Role, MenuSection[]> = {
  ADMIN: [
    {
      entries: [
        {
          id: 'reports',
          label: m.reports,
          icon: icons.reports,
          links: [
            {
              label: m.reportsInProgress,
              to: d('constats-en-cours-admin'),
              alsoSelectedOn: ['/dashboard', d('constatsencours')],
            },
            { label: m.reportsDone, to: d('constats-termines-admin') },
            { label: m.reportsArchived, to: d('constats-archives-admin') },
            { label: m.reportsCreate, to: d('creer-un-constat-admin') },
          ],
        },
        {
          id: 'retrocession',
          label: m.retrocession,
          icon: icons.retrocession,
          links: [
            { label: m.retrocessionReports, to: d('retrocessions-constats-admin') },
            { label: m.retrocessionBills, to: d('retrocessions-factures-admin') },
          ],
        },
        {
          label: m.billing,
          to: d('facturation-admin'),
          icon: icons.billing,
          alsoSelectedOn: [d('facturation'), d('facturationtable'), d('parametres-facturation')],
        },
        {
          id: 'accounts',
          label: m.accounts,
          icon: icons.accounts,
          links: [
            {
              label: m.accountsList,
              to: d('seetheaccount'),
              alsoSelectedOn: [d('bailiffaccount'), d('adminaccount'), d('secretary'), d('secretaryaccount')],
            },
            { label: m.groupsList, to: d('voirlesgroupes'), alsoSelectedOn: [d('creerungroupe')] },
          ],
        },
        {
          id: 'news',
          label: m.news,
          icon: icons.news,
          links: [
            { label: m.newsList, to: d('viewnews') },
            { label: m.newsCreate, to: d('createanews') },
          ],
        },
        { label: m.statistics, to: d('statistiques'), icon: icons.statistics },
        { label: m.absences, to: d('allAbsences'), icon: icons.absences },
        {
          id: 'api',
          label: m.api,
          icon: icons.api,
          links: [
            { label: m.graphiql, to: d('graphiql') },
            { label: m.apiTokens, to: d('jetons-api') },
            { label: m.webhooks, to: d('webhooks') },
          ],
        },
      ],
    },
  ],
  BAILIFF: [
    {
      entries: [
        { label: m.home, to: '/dashboard', icon: icons.home, alsoSelectedOn: [d('constats-en-cours-moi-huissier')] },
        { label: m.profile, to: d('bailiffprofile'), icon: icons.profile },
        { label: m.calendar, to: d('bailiffcalendar'), icon: icons.calendar, alsoSelectedOn: [d('createanalert')] },
        { label: m.apiTokens, to: d('jetons-api'), icon: icons.api },
      ],
    },
    {
      title: m.myReports,
      entries: [
        { label: m.myArchivedReports, to: d('constats-archives-moi-huissier'), icon: icons.archive },
        { label: m.createReport, to: d('creer-un-constat-huissier'), icon: icons.create },
        { label: m.myBills, to: d('mes-factures-huissier'), icon: icons.billing },
      ],
    },
  ],
  SECRETARY: [
    {
      entries: [
        { label: m.home, to: '/dashboard', icon: icons.home, alsoSelectedOn: [d('constats-en-cours-secretaire')] },
        { label: m.myProfile, to: d('secretaryprofile'), icon: icons.profile },
        { label: m.myBills, to: d('factures-mois-secretaire'), icon: icons.billing },
        { label: m.calendar, to: d('secretarycalendar'), icon: icons.calendar, alsoSelectedOn: [d('createanalert')] },
        { label: m.apiTokens, to: d('jetons-api'), icon: icons.api },
      ],
    },
    {
      title: m.myActivity,
      entries: [
        { label: m.allMyReports, to: d('constats-mois-secretaire'), icon: icons.reports },
        {
          label: m.retrocession,
          to: d('retrocessions-constats-secretaire'),
          icon: icons.retrocession,
          alsoSelectedOn: [d('retrocessionconstats')],
        },
        { label: m.viewNews, to: d('viewnewsecretarie'), icon: icons.news },
      ],
    },
  ],
};

function normalize(pathname: string): string {
  return (pathname.replace(/\/+$/, '') || '/').toLowerCase();
}

/** The menu link (and its category) that the current path selects, if any. */
export function selectedMenuLink(sections: MenuSection[], pathname: string): { link: MenuLink; category?: MenuCategory } | null {
  const path = normalize(pathname);
  const matches = (link: MenuLink) =>
    [link.to, ...(link.alsoSelectedOn ?? [])].some((candidate) => {
      const target = normalize(candidate);
      // A link also covers its sub-paths (/dashboard/creerungroupe/12), except /dashboard itself.
      return path === target || (target !== '/dashboard' && path.startsWith(`${target}/`));
    });
  for (const section of sections) {
    for (const entry of section.entries) {
      if (isCategory(entry)) {
        const link = entry.links.find(matches);
        if (link) return { link, category: entry };
      } else if (matches(entry)) {
        return { link: entry };
      }
    }
  }
  return null;
}
