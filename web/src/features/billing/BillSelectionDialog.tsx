import { useEffect, useMemo, useState } from 'react';
import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Field,
  Input,
  MessageBar,
  MessageBarBody,
  Spinner,
  Text,
} from '@fluentui/react-components';
import { graphql, useLazyLoadQuery, usePaginationFragment, useRelayEnvironment } from 'react-relay/hooks';
import { useNavigate } from 'react-router';
import { ConnectionHandler, fetchQuery } from 'relay-runtime';
import type { BillSelectionDialogQuery } from '../../__generated__/BillSelectionDialogQuery.graphql';
import type { BillSelectionDialogReportsFragment$key } from '../../__generated__/BillSelectionDialogReportsFragment.graphql';
import type { BillSelectionDialogReportsPaginationQuery } from '../../__generated__/BillSelectionDialogReportsPaginationQuery.graphql';
import type { BillSelectionDialogGenerateMutation } from '../../__generated__/BillSelectionDialogGenerateMutation.graphql';
import type { BillSelectionDialogNextNumberQuery } from '../../__generated__/BillSelectionDialogNextNumberQuery.graphql';
import { ApiError, describeError } from '../../relay/ApiError';
import { useCommit } from '../../relay/commit';
import { DocumentViewer, type ViewedDocument } from '../../ui/DocumentViewer';
import { monthName, ofPeriod } from '../../ui/periods';
import { useToast } from '../../ui/toasts';
import { BillSelectionTable } from './BillSelectionTable';
import { BillSummary } from './BillSummary';
import { GeneratedBill } from './GeneratedBill';
import { useBillDialogStyles } from './billDialogStyles';
import { hasErrors, previewTotals, validateSelection, type SelectionErrors } from './selection';
import { billingText, SELLER_SETTINGS_PATH } from '../../i18n/billing';

const t = billingText.dialog;

/** The server's answer keys discount errors by the report's numeric id. */
function serverDiscountErrors(error: unknown, reports: readonly { id: string; databaseId: number }[]): Record<string, string> {
  if (!(error instanceof ApiError)) return {};
  const errors: Record<string, string> = {};
  for (const report of reports) {
    const message = error.fields[`discounts.${report.databaseId}`] ?? error.fields[`reports.${report.databaseId}`];
    if (message) errors[report.id] = message;
  }
  return errors;
}

/** Constats read at once (the server's page, product.md §15). */
const PAGE = 100;

/** The Facturation row the dialog opens from. */
export interface BillingRow {
  /** The row's Relay record, which the generated bill updates. */
  recordId: string;
  groupId: string;
  groupName: string;
  year: number;
  month: number;
}

export interface BillSelectionDialogProps {
  row: BillingRow;
  /** product.md §4: bills are generated for the current month and year only. */
  canGenerate: boolean;
  /** False while the seller's invoicing settings are missing: the dialog leads to them instead of generating. */
  sellerReady: boolean;
  onClose: () => void;
}

/**
 * product.md §2 'Facturation' report-selection dialog: the étude's counted reports not billed yet, a
 * discount per selected report, a global discount, the totals and the generation of the bill
 * (current month only); once generated, the selection is shown read-only (product.md §4). Its constats
 * are read when it opens (product.md §15), not with the table: it suspends until they come, its opener
 * showing the wait (a transition), so that it opens whole and its focus lands as in any dialog.
 */
export function BillSelectionDialog({ row, canGenerate, sellerReady, onClose }: BillSelectionDialogProps) {
  const navigate = useNavigate();
  const styles = useBillDialogStyles();
  const commit = useCommit();
  const toast = useToast();
  const environment = useRelayEnvironment();
  // Always the server's list as it is now: another admin may have billed since the table was read.
  const query = useLazyLoadQuery<BillSelectionDialogQuery>(
    graphql`
      query BillSelectionDialogQuery($groupId: ID!, $year: Int!, $month: Int!, $count: Int!) {
        billingGroup(groupId: $groupId, year: $year, month: $month) {
          __id
          bill {
            ...GeneratedBillFragment
          }
        }
        ...BillSelectionDialogReportsFragment @arguments(groupId: $groupId, year: $year, month: $month, count: $count)
      }
    `,
    { groupId: row.groupId, year: row.year, month: row.month, count: PAGE },
    { fetchPolicy: 'network-only' },
  );
  const { data, hasNext, isLoadingNext, loadNext } = usePaginationFragment<
    BillSelectionDialogReportsPaginationQuery,
    BillSelectionDialogReportsFragment$key
  >(
    graphql`
      fragment BillSelectionDialogReportsFragment on Query
      @refetchable(queryName: "BillSelectionDialogReportsPaginationQuery")
      @argumentDefinitions(
        groupId: { type: "ID!" }
        year: { type: "Int!" }
        month: { type: "Int!" }
        count: { type: "Int", defaultValue: 100 }
        cursor: { type: "String" }
      ) {
        billingGroup(groupId: $groupId, year: $year, month: $month) {
          billableReportCount
          billableReports(first: $count, after: $cursor) @connection(key: "BillSelectionDialog_billableReports") {
            edges {
              node {
                id
                databaseId
                name
                createdAt
                countPagesBilling
                countPhotosBilling
                ...DetectionFlagFragment
                bailiff {
                  fullName
                }
                billingAmounts {
                  total
                }
              }
            }
          }
        }
      }
    `,
    query,
  );
  // The admin selects among ALL the étude's constats: the pages after the first are read at once,
  // so that « Tout sélectionner » and the totals cover every one (it is offered once they are in).
  useEffect(() => {
    if (hasNext && !isLoadingNext) loadNext(PAGE);
  }, [hasNext, isLoadingNext, loadNext]);
  const [selected, setSelected] = useState<readonly string[]>([]);
  const [justGenerated, setJustGenerated] = useState(false);
  const [discounts, setDiscounts] = useState<Record<string, string>>({});
  const [globalDiscount, setGlobalDiscount] = useState('');
  // Messages show for what the admin touched, and for everything once he tries to generate.
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set());
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [nextNumber, setNextNumber] = useState<number | null>(null);
  const [generating, setGenerating] = useState(false);
  const [viewed, setViewed] = useState<ViewedDocument | null>(null);

  const billingGroup = query.billingGroup;
  const reports = useMemo(() => data.billingGroup?.billableReports.edges.map((edge) => edge.node) ?? [], [data.billingGroup]);
  const total = data.billingGroup?.billableReportCount ?? 0;
  const bill = billingGroup?.bill ?? null;
  const generated = bill !== null;
  const editable = canGenerate && !generated && !generating;
  const ofMonth = ofPeriod(`${monthName(row.month)} ${row.year}`);

  // Informative only: the number is allocated when the bill is generated.
  useEffect(() => {
    if (!canGenerate || generated) return;
    const subscription = fetchQuery<BillSelectionDialogNextNumberQuery>(
      environment,
      graphql`
        query BillSelectionDialogNextNumberQuery {
          nextGroupBillNumber
        }
      `,
      {},
      { fetchPolicy: 'network-only' },
    ).subscribe({ next: (result) => setNextNumber(result.nextGroupBillNumber), error: () => setNextNumber(null) });
    return () => subscription.unsubscribe();
  }, [environment, canGenerate, generated]);

  const errors: SelectionErrors = useMemo(
    () => validateSelection(selected, discounts, globalDiscount),
    [selected, discounts, globalDiscount],
  );
  const totals = useMemo(
    () =>
      previewTotals(
        reports.map((report) => ({ id: report.id, amount: report.billingAmounts?.total ?? '0.00' })),
        selected,
        discounts,
        globalDiscount,
      ),
    [reports, selected, discounts, globalDiscount],
  );
  const shown = (key: string) => submitted || touched.has(key);
  const discountMessage = (id: string) => serverErrors[id] ?? (shown(id) ? errors.discounts[id] : undefined);

  const toggle = (id: string, checked: boolean) => {
    setSelected((current) => (checked ? [...current, id] : current.filter((other) => other !== id)));
    // A newly selected report starts at 0 %; the admin may change it (product.md §5: required).
    if (checked) setDiscounts((current) => (id in current ? current : { ...current, [id]: '0' }));
  };
  const toggleAll = (checked: boolean) => {
    setSelected(checked ? reports.map((report) => report.id) : []);
    if (checked) setDiscounts((current) => Object.fromEntries(reports.map((report) => [report.id, current[report.id] ?? '0'])));
  };

  const generate = async () => {
    setSubmitted(true);
    setServerErrors({});
    if (hasErrors(errors)) return;
    setGenerating(true);
    const billed = new Set(selected);
    try {
      await commit<BillSelectionDialogGenerateMutation>(
        {
          mutation: graphql`
            mutation BillSelectionDialogGenerateMutation($input: GenerateGroupBillInput!) {
              generateGroupBill(input: $input) {
                bill {
                  id
                  ...BillCellsFragment
                  ...GeneratedBillFragment
                }
              }
            }
          `,
          variables: {
            input: {
              groupId: row.groupId,
              year: row.year,
              month: row.month,
              reports: selected.map((id) => ({ reportId: id, discount: Number(discounts[id].trim()) })),
              discount: globalDiscount.trim() === '' ? null : Number(globalDiscount.trim()),
            },
          },
          // The table's row and the dialog's now have the bill, and the billed reports leave the
          // list of billable ones.
          updater: (store) => {
            const created = store.getRootField('generateGroupBill')?.getLinkedRecord('bill');
            if (!created) return;
            for (const id of [row.recordId, billingGroup?.__id]) {
              const record = id ? store.get(id) : null;
              if (!record) continue;
              record.setLinkedRecord(created, 'bill');
              record.setValue(total - billed.size, 'billableReportCount');
              const connection = ConnectionHandler.getConnection(record, 'BillSelectionDialog_billableReports');
              if (connection) for (const reportId of billed) ConnectionHandler.deleteNode(connection, reportId);
            }
          },
        },
        { errorToast: false },
      );
      setJustGenerated(true);
      toast('success', billingText.created);
    } catch (error) {
      setServerErrors(serverDiscountErrors(error, reports));
      toast('error', billingText.createFailed, { body: describeError(error) });
    } finally {
      setGenerating(false);
    }
  };

  return (
    <Dialog open onOpenChange={(_, change) => !change.open && !generating && onClose()}>
      <DialogSurface className={styles.surface}>
        <DialogBody>
          <DialogTitle>{t.title(row.groupName)}</DialogTitle>
          <DialogContent className={styles.content}>
            {bill ? (
              <GeneratedBill bill={bill} onView={setViewed} takeFocus={justGenerated} />
            ) : (
              <>
                <div className={styles.intro}>
                  <Text>{t.period(ofMonth)}</Text>
                  {canGenerate && nextNumber !== null ? <Text size={200}>{t.nextNumber(nextNumber)}</Text> : null}
                </div>
                {!canGenerate ? (
                  <MessageBar intent="warning">
                    <MessageBarBody>{t.notCurrent}</MessageBarBody>
                  </MessageBar>
                ) : null}
                {hasNext ? <Spinner size="tiny" className={styles.progress} label={t.loadingReports(reports.length, total)} /> : null}
                <BillSelectionTable
                  label={t.title(row.groupName)}
                  reports={reports}
                  selected={selected}
                  discounts={discounts}
                  editable={editable}
                  allLoaded={!hasNext}
                  discountMessage={discountMessage}
                  toggle={toggle}
                  toggleAll={toggleAll}
                  onDiscountChange={(id, value) => {
                    setDiscounts((current) => ({ ...current, [id]: value }));
                    setServerErrors(({ [id]: _gone, ...rest }) => rest);
                  }}
                  onDiscountBlur={(id) => setTouched((current) => new Set(current).add(id))}
                />
                <div className={styles.footer}>
                  <Field
                    label={t.globalDiscount}
                    hint={t.globalDiscountHint}
                    className={styles.global}
                    validationMessage={shown('global') ? (errors.global ?? undefined) : undefined}
                    validationState={shown('global') && errors.global ? 'error' : 'none'}
                  >
                    <Input
                      inputMode="numeric"
                      value={globalDiscount}
                      disabled={!editable}
                      onChange={(_, change) => setGlobalDiscount(change.value)}
                      onBlur={() => setTouched((current) => new Set(current).add('global'))}
                    />
                  </Field>
                  <BillSummary totals={totals} />
                </div>
                {submitted && errors.selection ? (
                  <MessageBar intent="error">
                    <MessageBarBody>{errors.selection}</MessageBarBody>
                  </MessageBar>
                ) : null}
              </>
            )}
          </DialogContent>
          <DialogActions>
            {generating ? <Spinner size="tiny" label={t.generating} className={styles.generating} /> : null}
            <Button appearance="secondary" disabled={generating} onClick={onClose}>
              {t.close}
            </Button>
            {!generated && canGenerate && !sellerReady ? (
              <Button appearance="primary" onClick={() => navigate(SELLER_SETTINGS_PATH)}>
                {billingText.settings.fill}
              </Button>
            ) : null}
            {!generated && canGenerate && sellerReady ? (
              <Button
                appearance="primary"
                // While generating it keeps the focus (a disabled button would drop it on <body>).
                disabled={(!editable && !generating) || reports.length === 0}
                disabledFocusable={generating}
                onClick={() => void generate()}
              >
                {t.generate}
              </Button>
            ) : null}
          </DialogActions>
        </DialogBody>
        <DocumentViewer document={viewed} onClose={() => setViewed(null)} />
      </DialogSurface>
    </Dialog>
  );
}
