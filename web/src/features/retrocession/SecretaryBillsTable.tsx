import { useState } from 'react';
import { makeStyles } from '@fluentui/react-components';
import { graphql, useFragment } from 'react-relay/hooks';
import type { SecretaryBillsTableFragment$key } from '../../__generated__/SecretaryBillsTableFragment.graphql';
import { DataTable, type DataTableColumn, type DataTablePagination } from '../../ui/DataTable';
import { ExplainedLabel } from '../../ui/ExplainedLabel';
import { DownloadFileButton, ViewFileButton } from '../../ui/FileButtons';
import { formatMoney } from '../../ui/format';
import { SecretaryBillPreview } from './SecretaryBillPreview';
import type { RetrocessionViewer } from './RetrocessionReportsTable';
import { retrocessionText } from '../../i18n/retrocession';

const t = retrocessionText.bills;

const useStyles = makeStyles({
  number: { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' },
});

/**
 * product.md §2: secretaries' monthly bills — admin 'Factures' (Secrétaire, …) and the secretary's
 * 'MES FACTURES' (Mois, …): Nombre pages, Nombre photos, Montant HT, Voir (the invoice preview),
 * Télécharger (the uploaded file).
 */
export function SecretaryBillsTable({
  bills,
  viewer,
  pagination,
  loading,
  onRemove,
}: {
  bills: SecretaryBillsTableFragment$key;
  viewer: RetrocessionViewer;
  pagination?: DataTablePagination;
  loading?: boolean;
  /** Admins remove a bill from its preview. */
  onRemove?: (billId: string) => Promise<unknown>;
}) {
  const styles = useStyles();
  const data = useFragment(
    graphql`
      fragment SecretaryBillsTableFragment on SecretaryBill @relay(plural: true) {
        id
        monthLabel
        secretary {
          fullName
        }
        figures {
          textPages
          photos
          amountHT
        }
        file {
          name
          url
          downloadUrl
        }
        ...SecretaryBillPreviewFragment
      }
    `,
    bills,
  );
  type Row = (typeof data)[number];
  const [previewId, setPreviewId] = useState<string | null>(null);
  const preview = data.find((bill) => bill.id === previewId) ?? null;
  const labelOf = (row: Row) => (viewer === 'admin' ? `${row.secretary.fullName} ${row.monthLabel}` : row.monthLabel);

  const columns: DataTableColumn<Row>[] = [
    viewer === 'admin'
      ? { id: 'secretary', header: t.secretary, cell: (row) => row.secretary.fullName }
      : { id: 'month', header: t.month, cell: (row) => row.monthLabel },
    {
      id: 'pages',
      header: (
        <ExplainedLabel rule="retrocession" of="textPages">
          {t.pages}
        </ExplainedLabel>
      ),
      width: '140px',
      align: 'end',
      cell: (row) => <span className={styles.number}>{row.figures.textPages}</span>,
    },
    {
      id: 'photos',
      header: t.photos,
      width: '140px',
      align: 'end',
      cell: (row) => <span className={styles.number}>{row.figures.photos}</span>,
    },
    {
      id: 'amount',
      header: (
        <ExplainedLabel rule="retrocession" of="amount">
          {t.amountHT}
        </ExplainedLabel>
      ),
      width: '150px',
      align: 'end',
      cell: (row) => <span className={styles.number}>{formatMoney(row.figures.amountHT)}</span>,
    },
    {
      id: 'view',
      card: 'actions',
      header: t.view,
      width: '90px',
      align: 'center',
      // 'Voir' opens the bill's invoice preview, which shows the file in turn.
      cell: (row) => <ViewFileButton file={row.file} label={t.viewBill(labelOf(row))} onView={() => setPreviewId(row.id)} />,
    },
    {
      id: 'download',
      card: 'actions',
      header: t.download,
      width: '110px',
      align: 'center',
      cell: (row) => <DownloadFileButton file={row.file} label={t.downloadBill(labelOf(row))} />,
    },
  ];

  return (
    <>
      <DataTable
        label={viewer === 'admin' ? t.label : t.myLabel}
        columns={columns}
        rows={data}
        getRowId={(row) => row.id}
        emptyText={t.empty}
        loading={loading}
        pagination={pagination}
      />
      <SecretaryBillPreview
        bill={preview}
        onClose={() => setPreviewId(null)}
        onRemove={onRemove && preview ? () => onRemove(preview.id).then(() => setPreviewId(null)) : undefined}
      />
    </>
  );
}
