import { ArchiveRegular } from '@fluentui/react-icons/svg/archive';
import { DocumentAddRegular } from '@fluentui/react-icons/svg/document-add';
import { DocumentTextRegular } from '@fluentui/react-icons/svg/document-text';
import { ReceiptRegular } from '@fluentui/react-icons/svg/receipt';
import { graphql, useFragment } from 'react-relay/hooks';
import type { BailiffTilesFragment$key } from '../../__generated__/BailiffTilesFragment.graphql';
import { fr } from '../../i18n/fr';
import { ReportCard, ReportCardGrid, ReportCardLink } from './ReportCards';
import { reportsText } from '../../i18n/reports';

const t = reportsText.bailiffTiles;

/**
 * product.md §2, bailiff 'Mes constats en cours': his in-progress and archived constats of the month,
 * 'Créer un constat' and his étude's invoices of the month; each leads to its screen.
 */
export function BailiffTiles({ headers }: { headers: BailiffTilesFragment$key }) {
  const data = useFragment(
    graphql`
      fragment BailiffTilesFragment on ReportHeaders {
        bailiff {
          inProgressThisMonth
          archivedThisMonth
          invoicesThisMonth
        }
      }
    `,
    headers,
  );
  const tiles = data.bailiff;
  return (
    <ReportCardGrid>
      <ReportCard icon={<DocumentTextRegular />} tone="brand" label={t.inProgress} value={String(tiles?.inProgressThisMonth ?? 0)} />
      <ReportCardLink
        icon={<ArchiveRegular />}
        tone="orange"
        label={t.archived}
        value={String(tiles?.archivedThisMonth ?? 0)}
        to="/dashboard/constats-archives-moi-huissier"
      />
      <ReportCardLink
        icon={<DocumentAddRegular />}
        tone="green"
        label={t.create}
        value={fr.titles.createReport}
        textValue
        to="/dashboard/creer-un-constat-huissier"
      />
      <ReportCardLink
        icon={<ReceiptRegular />}
        tone="red"
        label={t.invoices}
        value={String(tiles?.invoicesThisMonth ?? 0)}
        to="/dashboard/mes-factures-huissier"
      />
    </ReportCardGrid>
  );
}
