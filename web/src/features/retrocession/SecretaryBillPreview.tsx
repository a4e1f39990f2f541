import { useState } from 'react';
import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  Text,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { ArrowDownloadRegular } from '@fluentui/react-icons/svg/arrow-download';
import { DeleteRegular } from '@fluentui/react-icons/svg/delete';
import { EyeRegular } from '@fluentui/react-icons/svg/eye';
import { graphql, useFragment } from 'react-relay/hooks';
import type { SecretaryBillPreviewFragment$key } from '../../__generated__/SecretaryBillPreviewFragment.graphql';
import { ClosableDialogTitle } from '../../ui/ClosableDialogTitle';
import { useConfirm } from '../../ui/ConfirmDialog';
import { DocumentViewer, type ViewedDocument } from '../../ui/DocumentViewer';
import { formatDate, formatMoney } from '../../ui/format';
import { retrocessionText } from '../../i18n/retrocession';

const t = retrocessionText.invoice;

const useStyles = makeStyles({
  surface: { maxWidth: '820px', width: '92vw' },
  // The invoice itself: an A4-like sheet (product.md §9: invoice pages are 210 mm wide).
  sheet: {
    display: 'flex',
    flexDirection: 'column',
    rowGap: tokens.spacingVerticalXL,
    padding: `${tokens.spacingVerticalXXL} ${tokens.spacingHorizontalXXL}`,
    backgroundColor: tokens.colorNeutralBackground1,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusMedium,
    boxShadow: tokens.shadow8,
    color: tokens.colorNeutralForeground1,
  },
  top: {
    display: 'flex',
    justifyContent: 'space-between',
    columnGap: tokens.spacingHorizontalXXL,
    flexWrap: 'wrap',
    rowGap: tokens.spacingVerticalL,
  },
  party: { display: 'flex', flexDirection: 'column', rowGap: '2px', minWidth: '220px' },
  caption: {
    color: tokens.colorNeutralForeground3,
    textTransform: 'uppercase',
    letterSpacing: '0.06em',
    fontSize: tokens.fontSizeBase100,
    fontWeight: tokens.fontWeightSemibold,
  },
  heading: { display: 'flex', flexDirection: 'column', alignItems: 'flex-end', rowGap: '2px', textAlign: 'end' },
  headingTitle: { color: tokens.colorBrandForeground1, letterSpacing: '0.08em' },
  muted: { color: tokens.colorNeutralForeground3 },
  table: { width: '100%', borderCollapse: 'collapse' },
  th: {
    textAlign: 'start',
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalM}`,
    backgroundColor: tokens.colorNeutralBackground3,
    fontWeight: tokens.fontWeightSemibold,
    fontSize: tokens.fontSizeBase200,
  },
  td: {
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalM}`,
    borderBottom: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
  },
  number: { textAlign: 'end', fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' },
  total: {
    alignSelf: 'flex-end',
    display: 'flex',
    columnGap: tokens.spacingHorizontalXXL,
    alignItems: 'baseline',
    padding: `${tokens.spacingVerticalM} ${tokens.spacingHorizontalL}`,
    backgroundColor: tokens.colorBrandBackground2,
    borderRadius: tokens.borderRadiusMedium,
  },
  // The removal stands apart, on the left, from the file's actions.
  footer: {
    paddingTop: tokens.spacingVerticalM,
    borderTop: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
  },
});

/**
 * product.md §2 "Modal with secretary invoice template": the secretary's monthly bill as an invoice
 * (issuer, period, pages, photos, tariffs, amount HT from the API), with the uploaded file to view
 * or download and, for admins, its removal (a wrong file, so that she can upload the right one).
 */
export function SecretaryBillPreview({
  bill,
  onClose,
  onRemove,
}: {
  bill: SecretaryBillPreviewFragment$key | null;
  onClose: () => void;
  /** Admins: removes the bill (asked for confirmation first). */
  onRemove?: () => Promise<unknown>;
}) {
  const styles = useStyles();
  const data = useFragment(
    graphql`
      fragment SecretaryBillPreviewFragment on SecretaryBill {
        number
        monthLabel
        createdAt
        pricePage
        pricePhoto
        figures {
          reports
          textPages
          photos
          amountHT
        }
        file {
          name
          url
          downloadUrl
        }
        secretary {
          fullName
          address
          zip
          city
          siret
          email
          telephone
          rib
        }
      }
    `,
    bill,
  );
  const { confirm, dialog } = useConfirm();
  const [viewed, setViewed] = useState<ViewedDocument | null>(null);
  const [removing, setRemoving] = useState(false);

  const remove = async () => {
    if (!onRemove || !(await confirm({ message: t.removeConfirm }))) return;
    setRemoving(true);
    try {
      await onRemove();
    } catch {
      // Announced by the commit's toast; the bill stays.
    } finally {
      setRemoving(false);
    }
  };

  const secretary = data?.secretary;
  return (
    <>
      <Dialog open={data !== null} onOpenChange={(_, state) => !state.open && onClose()}>
        <DialogSurface className={styles.surface}>
          {data && secretary ? (
            <DialogBody>
              <ClosableDialogTitle>{t.title(data.monthLabel)}</ClosableDialogTitle>
              <DialogContent>
                <article className={styles.sheet} aria-label={t.heading}>
                  <div className={styles.top}>
                    <div className={styles.party}>
                      <span className={styles.caption}>{t.from}</span>
                      <Text weight="semibold" size={400}>
                        {secretary.fullName}
                      </Text>
                      {secretary.address ? <Text>{secretary.address}</Text> : null}
                      {secretary.zip || secretary.city ? <Text>{[secretary.zip, secretary.city].filter(Boolean).join(' ')}</Text> : null}
                      {secretary.siret ? <Text>{t.siret(secretary.siret)}</Text> : null}
                      {secretary.email ? <Text className={styles.muted}>{secretary.email}</Text> : null}
                      {secretary.telephone ? <Text className={styles.muted}>{secretary.telephone}</Text> : null}
                    </div>
                    <div className={styles.heading}>
                      <Text size={600} weight="bold" className={styles.headingTitle}>
                        {t.heading}
                      </Text>
                      <Text weight="semibold">{t.number(data.number)}</Text>
                      <Text className={styles.muted}>{t.issuedOn(formatDate(data.createdAt))}</Text>
                      <Text>
                        {t.period} : <strong>{data.monthLabel}</strong>
                      </Text>
                    </div>
                  </div>
                  <div className={styles.party}>
                    <span className={styles.caption}>{t.to}</span>
                    <Text weight="semibold">{t.client}</Text>
                  </div>
                  <table className={styles.table}>
                    <thead>
                      <tr>
                        <th className={styles.th}>{t.description}</th>
                        <th className={`${styles.th} ${styles.number}`}>{t.quantity}</th>
                        <th className={`${styles.th} ${styles.number}`}>{t.unitPrice}</th>
                      </tr>
                    </thead>
                    <tbody>
                      <tr>
                        <td className={styles.td}>{t.reports}</td>
                        <td className={`${styles.td} ${styles.number}`}>{data.figures.reports}</td>
                        <td className={`${styles.td} ${styles.number}`} />
                      </tr>
                      <tr>
                        <td className={styles.td}>{t.textPages}</td>
                        <td className={`${styles.td} ${styles.number}`}>{data.figures.textPages}</td>
                        <td className={`${styles.td} ${styles.number}`}>{formatMoney(data.pricePage, { exact: true })}</td>
                      </tr>
                      <tr>
                        <td className={styles.td}>{t.photos}</td>
                        <td className={`${styles.td} ${styles.number}`}>{data.figures.photos}</td>
                        <td className={`${styles.td} ${styles.number}`}>{formatMoney(data.pricePhoto, { exact: true })}</td>
                      </tr>
                    </tbody>
                  </table>
                  <div className={styles.total} role="group" aria-label={t.totalHT}>
                    <Text weight="semibold">{t.totalHT}</Text>
                    <Text size={500} weight="bold" className={styles.number}>
                      {formatMoney(data.figures.amountHT)}
                    </Text>
                  </div>
                  <div className={styles.footer}>
                    <span className={styles.caption}>{t.rib}</span>
                    <Text block>{secretary.rib || t.missing}</Text>
                  </div>
                </article>
              </DialogContent>
              {onRemove ? (
                // Apart from the others, on the left: the destructive action.
                <DialogActions position="start">
                  <Button appearance="subtle" icon={<DeleteRegular />} disabled={removing} onClick={() => void remove()}>
                    {t.remove}
                  </Button>
                </DialogActions>
              ) : null}
              <DialogActions position="end">
                <Button
                  icon={<EyeRegular />}
                  onClick={() => setViewed({ name: data.file.name, url: data.file.url, downloadUrl: data.file.downloadUrl })}
                >
                  {t.openFile}
                </Button>
                <Button as="a" appearance="primary" icon={<ArrowDownloadRegular />} href={data.file.downloadUrl} download={data.file.name}>
                  {t.download}
                </Button>
              </DialogActions>
            </DialogBody>
          ) : null}
        </DialogSurface>
      </Dialog>
      {dialog}
      <DocumentViewer document={viewed} onClose={() => setViewed(null)} />
    </>
  );
}
