import { useState } from 'react';
import { Button, Text, makeStyles, tokens } from '@fluentui/react-components';
import { ArrowDownloadRegular } from '@fluentui/react-icons/svg/arrow-download';
import { ArrowUploadRegular } from '@fluentui/react-icons/svg/arrow-upload';
import { DocumentCheckmarkRegular } from '@fluentui/react-icons/svg/document-checkmark';
import { EyeRegular } from '@fluentui/react-icons/svg/eye';
import { graphql, useFragment } from 'react-relay/hooks';
import type { SecretaryBillUploadFragment$key } from '../../__generated__/SecretaryBillUploadFragment.graphql';
import type { SecretaryBillUploadMutation } from '../../__generated__/SecretaryBillUploadMutation.graphql';
import { useUpload } from '../../relay/useUpload';
import { formatDateTime, formatFileSize } from '../../ui/format';
import { monthName, ofPeriod, parisYearMonth } from '../../ui/periods';
import { useToast } from '../../ui/toasts';
import { UploadBox } from '../../ui/UploadBox';
import { SecretaryBillPreview } from './SecretaryBillPreview';
import { isBillableMonth } from './rules';
import { ACCEPTED_BILL_FILES, retrocessionText } from '../../i18n/retrocession';

const t = retrocessionText.upload;

const useStyles = makeStyles({
  root: {
    display: 'flex',
    flexDirection: 'column',
    rowGap: tokens.spacingVerticalM,
    padding: `${tokens.spacingVerticalL} ${tokens.spacingHorizontalL}`,
    backgroundColor: tokens.colorNeutralBackground1,
    borderRadius: tokens.borderRadiusXLarge,
    boxShadow: tokens.shadow4,
  },
  hint: { color: tokens.colorNeutralForeground3 },
  bill: {
    display: 'flex',
    alignItems: 'center',
    columnGap: tokens.spacingHorizontalM,
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalM}`,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground2,
  },
  billIcon: { fontSize: '28px', color: tokens.colorPaletteGreenForeground1, flexShrink: 0 },
  billText: { display: 'flex', flexDirection: 'column', flexGrow: 1, minWidth: 0 },
  billName: { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
});

/**
 * product.md §2 'RÉTROCESSION' and 'MES FACTURES': the secretary's bill for the month shown — one Word or PDF file sent
 * with a progress bar (product.md §5); once sent, the bill itself (preview, download). Only an admin
 * removes a bill, so the box says how to replace it.
 */
export function SecretaryBillUpload({ period, onUploaded }: { period: SecretaryBillUploadFragment$key; onUploaded?: () => void }) {
  const styles = useStyles();
  const toast = useToast();
  const upload = useUpload();
  const data = useFragment(
    graphql`
      fragment SecretaryBillUploadFragment on RetrocessionPeriod {
        year
        month
        # A secretary's month holds her own bill only (at most one).
        bills(first: 1) @connection(key: "SecretaryBillUpload_bills") {
          __id
          edges {
            node {
              id
              createdAt
              file {
                name
                size
                downloadUrl
              }
              ...SecretaryBillPreviewFragment
            }
          }
        }
      }
    `,
    period,
  );
  const [files, setFiles] = useState<File[]>([]);
  const [error, setError] = useState<string | undefined>();
  const [previewOpen, setPreviewOpen] = useState(false);
  const month = data.month;
  if (month === null || month === undefined) return null;
  const bill = data.bills.edges[0]?.node ?? null;

  const send = async () => {
    if (files.length !== 1) {
      setError(t.fileRequired);
      return;
    }
    try {
      await upload
        .start<SecretaryBillUploadMutation>({
          mutation: graphql`
            mutation SecretaryBillUploadMutation($input: UploadSecretaryBillInput!, $connections: [ID!]!) {
              uploadSecretaryBill(input: $input) {
                message
                # The bill shows at once in the month's box.
                bill @appendNode(connections: $connections, edgeTypeName: "RetrocessionPeriodBillsConnectionEdge") {
                  id
                  createdAt
                  file {
                    name
                    size
                    downloadUrl
                  }
                  ...SecretaryBillPreviewFragment
                  ...SecretaryBillsTableFragment
                }
              }
            }
          `,
          variables: { input: { file: null, year: data.year, month }, connections: [data.bills.__id] },
          uploadables: { 'input.file': files[0] },
        })
        .then((response) => toast('success', response.uploadSecretaryBill.message));
      setFiles([]);
      onUploaded?.();
    } catch {
      // Announced by a toast (the server's French message); a cancel needs none.
    }
  };

  return (
    <section className={styles.root} aria-label={t.label}>
      <Text weight="semibold" size={400}>
        {t.title(ofPeriod(`${monthName(month)} ${data.year}`))}
      </Text>
      {bill ? (
        <>
          <div className={styles.bill}>
            <DocumentCheckmarkRegular className={styles.billIcon} aria-hidden />
            <span className={styles.billText}>
              <Text weight="semibold" className={styles.billName} title={bill.file.name}>
                {bill.file.name}
              </Text>
              <Text size={200} className={styles.hint}>
                {t.uploadedOn(formatDateTime(bill.createdAt))} · {formatFileSize(bill.file.size)}
              </Text>
            </span>
            <Button icon={<EyeRegular />} onClick={() => setPreviewOpen(true)}>
              {retrocessionText.bills.view}
            </Button>
            <Button as="a" icon={<ArrowDownloadRegular />} href={bill.file.downloadUrl} download={bill.file.name}>
              {retrocessionText.bills.download}
            </Button>
          </div>
          <Text size={200} className={styles.hint}>
            {t.replaceHint}
          </Text>
          <SecretaryBillPreview bill={previewOpen ? bill : null} onClose={() => setPreviewOpen(false)} />
        </>
      ) : isBillableMonth({ year: data.year, month }, parisYearMonth()) ? (
        <>
          <Text size={200} className={styles.hint}>
            {t.hint}
          </Text>
          <UploadBox
            label={t.label}
            files={files}
            multiple={false}
            accept={ACCEPTED_BILL_FILES}
            progress={upload.progress}
            onCancel={upload.cancel}
            error={error}
            onFilesChange={(next) => {
              setFiles(next);
              setError(undefined);
            }}
          />
          <div>
            <Button appearance="primary" icon={<ArrowUploadRegular />} disabled={upload.progress !== null} onClick={() => void send()}>
              {t.submit}
            </Button>
          </div>
        </>
      ) : (
        <Text className={styles.hint}>{t.futureMonth}</Text>
      )}
    </section>
  );
}
