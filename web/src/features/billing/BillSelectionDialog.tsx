import { Fragment, useEffect, useMemo, useRef, useState } from 'react';
import {
  Button,
  Checkbox,
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
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  Text,
  makeStyles,
  mergeClasses,
  tokens,
} from '@fluentui/react-components';
import { EyeRegular } from '@fluentui/react-icons/svg/eye';
import { graphql, useFragment, useRelayEnvironment } from 'react-relay/hooks';
import { useNavigate } from 'react-router';
import { fetchQuery } from 'relay-runtime';
import type { BillSelectionDialogBillFragment$key } from '../../__generated__/BillSelectionDialogBillFragment.graphql';
import type { BillSelectionDialogFragment$key } from '../../__generated__/BillSelectionDialogFragment.graphql';
import type { BillSelectionDialogGenerateMutation } from '../../__generated__/BillSelectionDialogGenerateMutation.graphql';
import type { BillSelectionDialogNextNumberQuery } from '../../__generated__/BillSelectionDialogNextNumberQuery.graphql';
import { ApiError, describeError } from '../../relay/ApiError';
import { useCommit } from '../../relay/commit';
import { DocumentViewer, type ViewedDocument } from '../../ui/DocumentViewer';
import { formatDate, formatMoney } from '../../ui/format';
import { monthName } from '../../ui/periods';
import { useToast } from '../../ui/toasts';
import { DetectionFlag } from '../reports/DetectionFlag';
import { groupByPeriod, hasErrors, previewTotals, validateSelection, type SelectionErrors, type SelectionTotals } from './selection';
import { billingText, SELLER_SETTINGS_PATH } from './text';

const t = billingText.dialog;

const useStyles = makeStyles({
  periodHead: { fontWeight: tokens.fontWeightSemibold, backgroundColor: tokens.colorNeutralBackground2 },
  surface: { width: '1040px', maxWidth: 'calc(100vw - 48px)' },
  content: { display: 'flex', flexDirection: 'column', rowGap: tokens.spacingVerticalL },
  intro: { display: 'flex', flexDirection: 'column', rowGap: tokens.spacingVerticalXXS, color: tokens.colorNeutralForeground2 },
  tableWrap: {
    maxHeight: '45vh',
    overflowY: 'auto',
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusMedium,
  },
  headerCell: { fontWeight: tokens.fontWeightSemibold, backgroundColor: tokens.colorNeutralBackground2 },
  check: { width: '44px' },
  // The report name takes what the fixed columns leave.
  dateCol: { width: '100px' },
  bailiffCol: { width: '140px' },
  countCol: { width: '72px' },
  amountCol: { width: '110px' },
  end: { textAlign: 'end', fontVariantNumeric: 'tabular-nums', '& > *': { justifyContent: 'flex-end' } },
  discountCell: { width: '120px', paddingBlock: tokens.spacingVerticalXS },
  discountInput: { width: '84px' },
  date: { whiteSpace: 'nowrap', color: tokens.colorNeutralForeground2 },
  empty: { padding: tokens.spacingVerticalXL, textAlign: 'center', color: tokens.colorNeutralForeground3 },
  footer: {
    display: 'flex',
    justifyContent: 'space-between',
    alignItems: 'flex-start',
    flexWrap: 'wrap',
    columnGap: tokens.spacingHorizontalXXL,
    rowGap: tokens.spacingVerticalM,
  },
  global: { maxWidth: '260px' },
  summary: {
    display: 'grid',
    gridTemplateColumns: 'auto auto',
    columnGap: tokens.spacingHorizontalXXL,
    rowGap: tokens.spacingVerticalXXS,
    margin: 0,
    minWidth: '260px',
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalL}`,
    backgroundColor: tokens.colorNeutralBackground2,
    borderRadius: tokens.borderRadiusMedium,
    '& dt': { color: tokens.colorNeutralForeground2 },
    '& dd': { margin: 0, textAlign: 'end', fontVariantNumeric: 'tabular-nums' },
  },
  total: { fontWeight: tokens.fontWeightSemibold, fontSize: tokens.fontSizeBase400 },
  generating: { marginInlineEnd: 'auto' },
});

function Summary({ totals }: { totals: SelectionTotals }) {
  const styles = useStyles();
  const s = t.summary;
  const rows: [string, string, boolean][] = [
    [s.amountHT, totals.amountHT, false],
    [s.discountAmount, totals.discountAmount, false],
    [s.netAmountHT, totals.netAmountHT, false],
    [s.vatAmount, totals.vatAmount, false],
    [s.amountTTC, totals.amountTTC, true],
  ];
  return (
    <dl className={styles.summary} aria-label={s.label}>
      {rows.map(([label, amount, strong]) => (
        <div key={label} style={{ display: 'contents' }}>
          <dt className={strong ? styles.total : undefined}>{label}</dt>
          <dd className={strong ? styles.total : undefined}>{formatMoney(amount)}</dd>
        </div>
      ))}
    </dl>
  );
}

/** After generation (spec §4): the bill's frozen lines, discounts locked, and its PDF. */
function GeneratedBill({
  bill,
  onView,
  takeFocus = false,
}: {
  bill: BillSelectionDialogBillFragment$key;
  onView(file: ViewedDocument): void;
  /** Just generated: the button that generated it is gone, its number takes the focus (issue 23). */
  takeFocus?: boolean;
}) {
  const styles = useStyles();
  const intro = useRef<HTMLSpanElement>(null);
  useEffect(() => {
    if (takeFocus) intro.current?.focus();
  }, [takeFocus]);
  const data = useFragment(
    graphql`
      fragment BillSelectionDialogBillFragment on GroupBill {
        number
        monthLabel
        discount
        amountHT
        discountAmount
        netAmountHT
        vatAmount
        amountTTC
        pdf {
          name
          url
          downloadUrl
        }
        lines {
          reportId
          name
          createdAt
          pages
          photos
          amountHT
          discount
          netAmountHT
        }
      }
    `,
    bill,
  );
  return (
    <>
      <Text ref={intro} tabIndex={-1} className={styles.intro}>
        {t.generatedPeriod(data.number, data.monthLabel)}
      </Text>
      <div className={styles.tableWrap}>
        <Table size="small" aria-label={t.title(data.monthLabel)}>
          <TableHeader>
            <TableRow>
              <TableHeaderCell className={mergeClasses(styles.headerCell, styles.check)} />
              <TableHeaderCell className={mergeClasses(styles.headerCell, styles.dateCol)}>{t.date}</TableHeaderCell>
              <TableHeaderCell className={styles.headerCell}>{t.name}</TableHeaderCell>
              <TableHeaderCell className={mergeClasses(styles.headerCell, styles.end, styles.countCol)}>
                {t.pages}
              </TableHeaderCell>
              <TableHeaderCell className={mergeClasses(styles.headerCell, styles.end, styles.countCol)}>
                {t.photos}
              </TableHeaderCell>
              <TableHeaderCell className={mergeClasses(styles.headerCell, styles.end, styles.amountCol)}>
                {t.amountHT}
              </TableHeaderCell>
              <TableHeaderCell className={mergeClasses(styles.headerCell, styles.discountCell)}>{t.discount}</TableHeaderCell>
              <TableHeaderCell className={mergeClasses(styles.headerCell, styles.end, styles.amountCol)}>
                {t.netAmountHT}
              </TableHeaderCell>
            </TableRow>
          </TableHeader>
          <TableBody>
            {data.lines.map((line) => (
              <TableRow key={line.reportId}>
                <TableCell className={styles.check}>
                  <Checkbox checked disabled aria-label={t.selectReport(line.name)} />
                </TableCell>
                <TableCell className={styles.date}>{formatDate(line.createdAt)}</TableCell>
                <TableCell>{line.name}</TableCell>
                <TableCell className={styles.end}>{line.pages}</TableCell>
                <TableCell className={styles.end}>{line.photos}</TableCell>
                <TableCell className={styles.end}>{formatMoney(line.amountHT)}</TableCell>
                <TableCell className={styles.discountCell}>
                  <Input
                    className={styles.discountInput}
                    value={String(line.discount)}
                    disabled
                    aria-label={t.discountOf(line.name)}
                  />
                </TableCell>
                <TableCell className={styles.end}>{formatMoney(line.netAmountHT)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </div>
      <div className={styles.footer}>
        <Field label={t.globalDiscount} className={styles.global}>
          <Input value={String(data.discount)} disabled />
        </Field>
        <Summary totals={data} />
      </div>
      <div>
        <Button icon={<EyeRegular />} onClick={() => onView(data.pdf)}>
          {t.viewBill}
        </Button>
      </div>
    </>
  );
}

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

export interface BillSelectionDialogProps {
  billingGroup: BillSelectionDialogFragment$key;
  /** Spec §4: bills are generated for the current month and year only. */
  canGenerate: boolean;
  /** False while the seller's invoicing settings are missing: the dialog leads to them instead of generating. */
  sellerReady: boolean;
  onClose(): void;
}

/**
 * Spec §2 'Facturation' report-selection dialog: the étude's counted reports not billed yet, a
 * discount per selected report, a global discount, the totals and the generation of the bill
 * (current month only); once generated, the selection is shown read-only (spec §4).
 */
export function BillSelectionDialog({ billingGroup, canGenerate, sellerReady, onClose }: BillSelectionDialogProps) {
  const navigate = useNavigate();
  const styles = useStyles();
  const commit = useCommit();
  const toast = useToast();
  const environment = useRelayEnvironment();
  const data = useFragment(
    graphql`
      fragment BillSelectionDialogFragment on BillingGroup {
        __id
        year
        month
        group {
          id
          name
        }
        billableReports {
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
        bill {
          ...BillSelectionDialogBillFragment
        }
      }
    `,
    billingGroup,
  );
  const [selected, setSelected] = useState<readonly string[]>([]);
  const [justGenerated, setJustGenerated] = useState(false);
  const [discounts, setDiscounts] = useState<Record<string, string>>({});
  const [globalDiscount, setGlobalDiscount] = useState('');
  // Messages show for what the admin touched, and for everything once he tries to generate.
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set());
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [generating, setGenerating] = useState(false);
  const [nextNumber, setNextNumber] = useState<number | null>(null);
  const [viewed, setViewed] = useState<ViewedDocument | null>(null);

  const reports = data.billableReports;
  const generated = data.bill !== null;
  const editable = canGenerate && !generated && !generating;
  const period = `${monthName(data.month)} ${data.year}`;

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
    // A newly selected report starts at 0 %; the admin may change it (spec §5: required).
    if (checked) setDiscounts((current) => (id in current ? current : { ...current, [id]: '0' }));
  };
  const toggleAll = (checked: boolean) => {
    setSelected(checked ? reports.map((report) => report.id) : []);
    if (checked) setDiscounts((current) => Object.fromEntries(reports.map((report) => [report.id, current[report.id] ?? '0'])));
  };
  const allSelected = reports.length > 0 && selected.length === reports.length;

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
                  ...BillSelectionDialogBillFragment
                }
              }
            }
          `,
          variables: {
            input: {
              groupId: data.group.id,
              year: data.year,
              month: data.month,
              reports: selected.map((id) => ({ reportId: id, discount: Number(discounts[id].trim()) })),
              discount: globalDiscount.trim() === '' ? null : Number(globalDiscount.trim()),
            },
          },
          // The row now has its bill, and the billed reports leave the list of billable ones.
          updater: (store) => {
            const bill = store.getRootField('generateGroupBill')?.getLinkedRecord('bill');
            const row = store.get(data.__id);
            if (!bill || !row) return;
            row.setLinkedRecord(bill, 'bill');
            const remaining = (row.getLinkedRecords('billableReports') ?? []).filter((report) => !billed.has(report.getDataID()));
            row.setLinkedRecords(remaining, 'billableReports');
            row.setValue(remaining.length, 'billableReportCount');
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
          <DialogTitle>{t.title(data.group.name)}</DialogTitle>
          <DialogContent className={styles.content}>
            {data.bill ? (
              <GeneratedBill bill={data.bill} onView={setViewed} takeFocus={justGenerated} />
            ) : (
              <>
                <div className={styles.intro}>
                  <Text>{t.period(period)}</Text>
                  {canGenerate && nextNumber !== null ? <Text size={200}>{t.nextNumber(nextNumber)}</Text> : null}
                </div>
                {!canGenerate ? (
                  <MessageBar intent="warning">
                    <MessageBarBody>{t.notCurrent}</MessageBarBody>
                  </MessageBar>
                ) : null}
                <div className={styles.tableWrap}>
                  <Table size="small" aria-label={t.title(data.group.name)}>
                    <TableHeader>
                      <TableRow>
                        <TableHeaderCell className={mergeClasses(styles.headerCell, styles.check)}>
                          <Checkbox
                            aria-label={t.selectAll}
                            checked={allSelected ? true : selected.length > 0 ? 'mixed' : false}
                            disabled={!editable || reports.length === 0}
                            onChange={(_, change) => toggleAll(change.checked === true)}
                          />
                        </TableHeaderCell>
                        <TableHeaderCell className={mergeClasses(styles.headerCell, styles.dateCol)}>{t.date}</TableHeaderCell>
                        <TableHeaderCell className={styles.headerCell}>{t.name}</TableHeaderCell>
                        <TableHeaderCell className={mergeClasses(styles.headerCell, styles.bailiffCol)}>
                          {t.bailiff}
                        </TableHeaderCell>
                        <TableHeaderCell className={mergeClasses(styles.headerCell, styles.end, styles.countCol)}>
                          {t.pages}
                        </TableHeaderCell>
                        <TableHeaderCell className={mergeClasses(styles.headerCell, styles.end, styles.countCol)}>
                          {t.photos}
                        </TableHeaderCell>
                        <TableHeaderCell className={mergeClasses(styles.headerCell, styles.end, styles.amountCol)}>
                          {t.amountHT}
                        </TableHeaderCell>
                        <TableHeaderCell className={mergeClasses(styles.headerCell, styles.discountCell)}>
                          {t.discount}
                        </TableHeaderCell>
                      </TableRow>
                    </TableHeader>
                    <TableBody>
                      {reports.length === 0 ? (
                        <TableRow>
                          <TableCell colSpan={8} className={styles.empty}>
                            {t.empty}
                          </TableCell>
                        </TableRow>
                      ) : (
                        groupByPeriod(reports).map((group) => (
                          <Fragment key={group.key}>
                            <TableRow>
                              <TableCell colSpan={8} className={styles.periodHead}>
                                {t.periodGroup(group.label)}
                              </TableCell>
                            </TableRow>
                            {group.reports.map((report) => {
                          const isSelected = selected.includes(report.id);
                          const message = isSelected ? discountMessage(report.id) : undefined;
                          return (
                            <TableRow key={report.id}>
                              <TableCell className={styles.check}>
                                <Checkbox
                                  aria-label={t.selectReport(report.name)}
                                  checked={isSelected}
                                  disabled={!editable}
                                  onChange={(_, change) => toggle(report.id, change.checked === true)}
                                />
                              </TableCell>
                              <TableCell className={styles.date}>{formatDate(report.createdAt)}</TableCell>
                              <TableCell>
                                {report.name}
                                <DetectionFlag report={report} line="billing" />
                              </TableCell>
                              <TableCell>{report.bailiff.fullName}</TableCell>
                              <TableCell className={styles.end}>{report.countPagesBilling}</TableCell>
                              <TableCell className={styles.end}>{report.countPhotosBilling}</TableCell>
                              <TableCell className={styles.end}>{formatMoney(report.billingAmounts?.total)}</TableCell>
                              <TableCell className={styles.discountCell}>
                                <Field validationMessage={message} validationState={message ? 'error' : 'none'}>
                                  <Input
                                    className={styles.discountInput}
                                    aria-label={t.discountOf(report.name)}
                                    inputMode="numeric"
                                    value={isSelected ? (discounts[report.id] ?? '') : ''}
                                    disabled={!editable || !isSelected}
                                    onChange={(_, change) => {
                                      setDiscounts((current) => ({ ...current, [report.id]: change.value }));
                                      setServerErrors(({ [report.id]: _gone, ...rest }) => rest);
                                    }}
                                    onBlur={() => setTouched((current) => new Set(current).add(report.id))}
                                  />
                                </Field>
                              </TableCell>
                            </TableRow>
                          );
                            })}
                          </Fragment>
                        ))
                      )}
                    </TableBody>
                  </Table>
                </div>
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
                  <Summary totals={totals} />
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
