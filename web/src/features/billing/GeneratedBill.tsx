import { useEffect, useRef } from 'react';
import {
  Button,
  Checkbox,
  Field,
  Input,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  Spinner,
  Text,
  mergeClasses,
} from '@fluentui/react-components';
import { EyeRegular } from '@fluentui/react-icons/svg/eye';
import { graphql, usePaginationFragment } from 'react-relay/hooks';
import type { GeneratedBillFragment$key } from '../../__generated__/GeneratedBillFragment.graphql';
import type { GeneratedBillLinesPaginationQuery } from '../../__generated__/GeneratedBillLinesPaginationQuery.graphql';
import type { ViewedDocument } from '../../ui/DocumentViewer';
import { ExplainedLabel } from '../../ui/ExplainedLabel';
import { formatDate, formatMoney } from '../../ui/format';
import { ofPeriod } from '../../ui/periods';
import { BillSummary } from './BillSummary';
import { useBillDialogStyles } from './billDialogStyles';
import { billingText } from '../../i18n/billing';

const t = billingText.dialog;

/** Lines a request (the server's page, product.md §15). */
const PAGE = 100;

/** After generation (product.md §4): the bill's frozen lines (read 100 at a time), discounts locked, and its PDF. */
export function GeneratedBill({
  bill,
  onView,
  takeFocus = false,
}: {
  bill: GeneratedBillFragment$key;
  onView: (file: ViewedDocument) => void;
  /** Just generated: the button that generated it is gone, its number takes the focus (product.md §13). */
  takeFocus?: boolean;
}) {
  const styles = useBillDialogStyles();
  const intro = useRef<HTMLSpanElement>(null);
  useEffect(() => {
    if (takeFocus) intro.current?.focus();
  }, [takeFocus]);
  const { data, hasNext, isLoadingNext, loadNext } = usePaginationFragment<GeneratedBillLinesPaginationQuery, GeneratedBillFragment$key>(
    graphql`
      fragment GeneratedBillFragment on GroupBill
      @refetchable(queryName: "GeneratedBillLinesPaginationQuery")
      @argumentDefinitions(count: { type: "Int", defaultValue: 100 }, cursor: { type: "String" }) {
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
        lines(first: $count, after: $cursor) @connection(key: "GeneratedBill_lines") {
          totalCount
          edges {
            node {
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
        }
      }
    `,
    bill,
  );
  const lines = data.lines.edges.map((edge) => edge.node);
  // The bill shows every line, as its PDF does: the pages after the first are read at once.
  useEffect(() => {
    if (hasNext && !isLoadingNext) loadNext(PAGE);
  }, [hasNext, isLoadingNext, loadNext]);
  return (
    <>
      <Text ref={intro} tabIndex={-1} className={styles.intro}>
        {t.generatedPeriod(data.number, ofPeriod(data.monthLabel))}
      </Text>
      {hasNext ? <Spinner size="tiny" className={styles.progress} label={t.loadingLines(lines.length, data.lines.totalCount)} /> : null}
      <div className={styles.tableWrap}>
        <Table size="small" className={styles.table} aria-label={t.title(data.monthLabel)}>
          <TableHeader>
            <TableRow>
              <TableHeaderCell className={mergeClasses(styles.headerCell, styles.check)} />
              <TableHeaderCell className={mergeClasses(styles.headerCell, styles.dateCol)}>{t.date}</TableHeaderCell>
              <TableHeaderCell className={styles.headerCell}>{t.name}</TableHeaderCell>
              <TableHeaderCell className={mergeClasses(styles.headerCell, styles.end, styles.countCol)}>{t.pages}</TableHeaderCell>
              <TableHeaderCell className={mergeClasses(styles.headerCell, styles.end, styles.countCol)}>{t.photos}</TableHeaderCell>
              <TableHeaderCell className={mergeClasses(styles.headerCell, styles.end, styles.amountCol)}>
                <ExplainedLabel rule="billing" of="amount">
                  {t.amountHT}
                </ExplainedLabel>
              </TableHeaderCell>
              <TableHeaderCell className={mergeClasses(styles.headerCell, styles.discountCell)}>{t.discount}</TableHeaderCell>
              <TableHeaderCell className={mergeClasses(styles.headerCell, styles.end, styles.amountCol)}>{t.netAmountHT}</TableHeaderCell>
            </TableRow>
          </TableHeader>
          <TableBody>
            {lines.map((line) => (
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
                  <Input className={styles.discountInput} value={String(line.discount)} disabled aria-label={t.discountOf(line.name)} />
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
        <BillSummary totals={data} />
      </div>
      <div>
        <Button icon={<EyeRegular />} onClick={() => onView(data.pdf)}>
          {t.viewBill}
        </Button>
      </div>
    </>
  );
}
