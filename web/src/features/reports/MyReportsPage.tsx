import type { ReactNode } from 'react';
import { ArchiveRegular } from '@fluentui/react-icons/svg/archive';
import { DocumentAddRegular } from '@fluentui/react-icons/svg/document-add';
import { DocumentCheckmarkRegular } from '@fluentui/react-icons/svg/document-checkmark';
import { DocumentTextRegular } from '@fluentui/react-icons/svg/document-text';
import { useSessionUser } from '../../app/session/sessionContext';
import type { Role } from '../../app/routing/dashboardRoutes';
import { fr } from '../../i18n/fr';
import { PageHeader } from '../../ui/PageHeader';
import { ReportCardGrid, ReportCardLink } from './ReportCards';
import { reportsText } from '../../i18n/reports';

const t = reportsText.myReports;
const titles = fr.titles;

interface Entry {
  label: string;
  title: string;
  to: string;
  icon: ReactNode;
  tone: 'brand' | 'green' | 'red' | 'orange';
}

const entries: Partial<Record<Role, Entry[]>> = {
  BAILIFF: [
    {
      label: t.bailiffInProgress,
      title: titles.bailiffInProgress,
      to: '/dashboard/constats-en-cours-moi-huissier',
      icon: <DocumentTextRegular />,
      tone: 'brand',
    },
    {
      label: t.bailiffArchived,
      title: titles.bailiffArchived,
      to: '/dashboard/constats-archives-moi-huissier',
      icon: <ArchiveRegular />,
      tone: 'orange',
    },
    {
      label: t.create,
      title: titles.createReport,
      to: '/dashboard/creer-un-constat-huissier',
      icon: <DocumentAddRegular />,
      tone: 'green',
    },
  ],
  ADMIN: [
    {
      label: t.adminInProgress,
      title: titles.reportsInProgress,
      to: '/dashboard/constats-en-cours-admin',
      icon: <DocumentTextRegular />,
      tone: 'brand',
    },
    {
      label: t.adminDone,
      title: titles.reportsDone,
      to: '/dashboard/constats-termines-admin',
      icon: <DocumentCheckmarkRegular />,
      tone: 'green',
    },
    {
      label: t.adminArchived,
      title: titles.reportsArchived,
      to: '/dashboard/constats-archives-admin',
      icon: <ArchiveRegular />,
      tone: 'orange',
    },
    {
      label: t.adminCreate,
      title: titles.createReport,
      to: '/dashboard/creer-un-constat-admin',
      icon: <DocumentAddRegular />,
      tone: 'red',
    },
  ],
};

/**
 * product.md §2 lists /dashboard/mesconstats as a static 'MES CONSTATS' page that calls nothing: it
 * stays static, and leads to the role's reports screens (docs/decisions.md).
 */
export default function MyReportsPage() {
  const { role } = useSessionUser();
  return (
    <section>
      <PageHeader title={titles.myReports} />
      <ReportCardGrid>
        {(entries[role] ?? []).map((entry) => (
          <ReportCardLink
            key={entry.to}
            icon={entry.icon}
            tone={entry.tone}
            label={entry.label}
            value={entry.title}
            textValue
            to={entry.to}
          />
        ))}
      </ReportCardGrid>
    </section>
  );
}
