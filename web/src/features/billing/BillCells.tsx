import { useState } from 'react';
import { Button, Checkbox, Text, Tooltip, makeStyles, mergeClasses, tokens, useRestoreFocusTarget } from '@fluentui/react-components';
import { DocumentBulletListRegular } from '@fluentui/react-icons/svg/document-bullet-list';
import { SendRegular } from '@fluentui/react-icons/svg/send';
import { graphql, useFragment } from 'react-relay/hooks';
import type { BillCellsFragment$key } from '../../__generated__/BillCellsFragment.graphql';
import type { BillCellsPaidMutation } from '../../__generated__/BillCellsPaidMutation.graphql';
import type { BillCellsSendMutation } from '../../__generated__/BillCellsSendMutation.graphql';
import { describeError } from '../../relay/ApiError';
import { useCommit } from '../../relay/commit';
import { useConfirm } from '../../ui/ConfirmDialog';
import type { ViewedDocument } from '../../ui/DocumentViewer';
import { DownloadFileButton, ViewFileButton } from '../../ui/FileButtons';
import { formatDate, formatDateTime, formatMoney } from '../../ui/format';
import { useToast } from '../../ui/toasts';
import { billingText } from '../../i18n/billing';
import { PaymentDialog } from './PaymentDialog';

const t = billingText.table;

// What the Facturation row shows of its bill; several cells read it.
const billFragment = graphql`
  fragment BillCellsFragment on GroupBill {
    id
    number
    amountTTC
    isSent
    sentAt
    isPaid
    paidAt
    reportCount
    pdf {
      name
      url
      downloadUrl
    }
    xml {
      name
      url
      downloadUrl
    }
  }
`;

const useStyles = makeStyles({
  stack: { display: 'flex', flexDirection: 'column' },
  muted: { color: tokens.colorNeutralForeground3 },
  figure: { fontVariantNumeric: 'tabular-nums' },
  dot: {
    display: 'inline-block',
    width: '12px',
    height: '12px',
    borderRadius: '50%',
    boxSizing: 'border-box',
    verticalAlign: 'middle',
  },
  sent: { backgroundColor: tokens.colorPaletteGreenBackground3 },
  notSent: { border: `${tokens.strokeWidthThick} solid ${tokens.colorNeutralStroke1}` },
  actions: { display: 'inline-flex', alignItems: 'center', columnGap: tokens.spacingHorizontalXXS },
  paid: { display: 'inline-flex', flexDirection: 'column', alignItems: 'center' },
  xml: { minWidth: 'auto' },
});

/** 'Facture n° 57 : 32 constats' and its amount TTC, or 'Non générée' with what is left to bill. */
export function BillNumberCell({ bill, billableCount }: { bill: BillCellsFragment$key | null | undefined; billableCount: number }) {
  const styles = useStyles();
  const data = useFragment(billFragment, bill);
  if (!data) {
    return (
      <span className={styles.stack}>
        <Text className={styles.muted}>{t.notGenerated}</Text>
        {billableCount > 0 ? (
          <Text size={200} className={styles.muted}>
            {t.toBill(billableCount)}
          </Text>
        ) : null}
      </span>
    );
  }
  return (
    <span className={styles.stack}>
      <Text weight="semibold">{t.billNumber(data.number, data.reportCount)}</Text>
      <Text size={200} className={mergeClasses(styles.muted, styles.figure)}>
        {t.billTTC(formatMoney(data.amountTTC))}
      </Text>
    </span>
  );
}

/** product.md §4: a sent bill shows a green dot (`is_sent`). */
export function SentDot({ bill }: { bill: BillCellsFragment$key | null | undefined }) {
  const styles = useStyles();
  const data = useFragment(billFragment, bill);
  if (!data) return null;
  const label = data.isSent ? t.sentOn(formatDateTime(data.sentAt)) : t.notSent;
  return (
    <Tooltip content={label} relationship="label">
      <span role="img" data-sent={data.isSent} className={mergeClasses(styles.dot, data.isSent ? styles.sent : styles.notSent)} />
    </Tooltip>
  );
}

/**
 * product.md §4: 'paid' is a checkbox the admin ticks or unticks once the bill exists; ticking it asks the
 * day the étude paid (today by default), shown under the box.
 */
export function PaidCheckbox({ bill, client }: { bill: BillCellsFragment$key | null | undefined; client: string }) {
  const styles = useStyles();
  const data = useFragment(billFragment, bill);
  const commit = useCommit();
  const toast = useToast();
  const [saving, setSaving] = useState(false);
  const [asking, setAsking] = useState(false);
  const setPaid = async (isPaid: boolean, paidAt?: string) => {
    if (!data) return;
    await commit<BillCellsPaidMutation>(
      {
        mutation: graphql`
          mutation BillCellsPaidMutation($input: SetGroupBillPaidInput!) {
            setGroupBillPaid(input: $input) {
              bill {
                id
                isPaid
                paidAt
              }
            }
          }
        `,
        variables: { input: { billId: data.id, isPaid, paidAt } },
      },
      // The payment dialog shows its own refusals under the date.
      isPaid ? { errorToast: false } : undefined,
    );
    toast('success', isPaid ? billingText.paid : billingText.unpaid);
  };
  const unpay = () => {
    setSaving(true);
    setPaid(false)
      .catch(() => null)
      .finally(() => setSaving(false));
  };
  return (
    <span className={styles.paid}>
      <Checkbox
        aria-label={t.paidLabel(client)}
        checked={data?.isPaid ?? false}
        disabled={!data || saving}
        onChange={(_, change) => (change.checked === true ? setAsking(true) : unpay())}
      />
      {data?.isPaid && data.paidAt ? (
        <Text size={200} className={mergeClasses(styles.muted, styles.figure)}>
          {t.paidOn(formatDate(data.paidAt))}
        </Text>
      ) : null}
      {asking && data ? (
        <PaymentDialog
          number={data.number}
          onCancel={() => setAsking(false)}
          onSave={async (day) => {
            await setPaid(true, day);
            setAsking(false);
          }}
        />
      ) : null}
    </span>
  );
}

/**
 * The confirmation before sending (product.md §4). A bill already sent is re-sent after a question of
 * its own, naming when it left (product.md §4), so a second click is never taken for a first send.
 */
function sendConfirmation(bill: { number: number; isSent: boolean; sentAt: string | null | undefined }, email: string) {
  return bill.isSent
    ? {
        title: billingText.resendConfirmTitle,
        message: billingText.resendConfirm(bill.number, formatDateTime(bill.sentAt), email),
        confirmLabel: billingText.resend,
      }
    : { title: billingText.sendConfirmTitle, message: billingText.sendConfirm(bill.number, email) };
}

/**
 * The row's actions: the report-selection dialog, the bill's PDF in the viewer, its download (↓), the
 * Factur-X XML as an action of its own, named, and sending the bill to the étude's accounting address
 * after a confirmation (product.md §4; a bill may be sent again).
 */
export function BillActions({
  bill,
  client,
  email,
  onSelect,
  onView,
}: {
  bill: BillCellsFragment$key | null | undefined;
  client: string;
  /** The étude's accounting e-mail, named in the confirmation. */
  email: string;
  onSelect: () => void;
  onView: (file: ViewedDocument) => void;
}) {
  const styles = useStyles();
  const data = useFragment(billFragment, bill);
  const commit = useCommit();
  const toast = useToast();
  const { confirm, dialog } = useConfirm();
  const [sending, setSending] = useState(false);
  const restoreFocusHere = useRestoreFocusTarget();

  const send = async () => {
    if (!data) return;
    if (!(await confirm(sendConfirmation(data, email)))) return;
    setSending(true);
    try {
      await commit<BillCellsSendMutation>(
        {
          mutation: graphql`
            mutation BillCellsSendMutation($input: SendGroupBillInput!) {
              sendGroupBill(input: $input) {
                bill {
                  id
                  isSent
                  sentAt
                }
              }
            }
          `,
          variables: { input: { billId: data.id } },
        },
        { errorToast: false },
      );
      toast('success', billingText.sent);
    } catch (error) {
      toast('error', billingText.sendFailed, { body: describeError(error) });
    } finally {
      setSending(false);
    }
  };

  return (
    <span className={styles.actions}>
      <Tooltip content={t.select(client)} relationship="label">
        {/* The selection dialog opens without a DialogTrigger: this marks where its focus returns. */}
        <Button appearance="subtle" icon={<DocumentBulletListRegular />} onClick={onSelect} {...restoreFocusHere} />
      </Tooltip>
      <ViewFileButton file={data?.pdf ?? null} label={t.view(client)} onView={onView} />
      <DownloadFileButton file={data?.pdf ?? null} label={t.download(client)} />
      {data?.xml ? (
        // Named « XML » on screen, the tooltip names it in full (it holds the visible word).
        <Tooltip content={billingText.xml.download(client)} relationship="label">
          <Button
            as="a"
            appearance="subtle"
            size="small"
            className={styles.xml}
            href={data.xml.downloadUrl ?? data.xml.url}
            download={data.xml.name}
          >
            {t.xml}
          </Button>
        </Tooltip>
      ) : null}
      <Tooltip content={data?.isSent ? t.resend(client) : t.send(client)} relationship="label">
        <Button appearance="subtle" icon={<SendRegular />} disabled={!data || sending} onClick={() => void send()} />
      </Tooltip>
      {dialog}
    </span>
  );
}
