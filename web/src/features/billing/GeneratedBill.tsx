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
  Text,
  mergeClasses,
} from '@fluentui/react-components';
import { EyeRegular } from '@fluentui/react-icons/svg/eye';
import { graphql, useFragment } from 'react-relay/hooks';
import type { GeneratedBillFragment$key } from '../../__generated__/GeneratedBillFragment.graphql';
import type { ViewedDocument } from '../../ui/DocumentViewer';
import { formatDate, formatMoney } from '../../ui/format';
import { BillSummary } from './BillSummary';
import { useBillDialogStyles } from './billDialogStyles';
import { billingText } from '../../i18n/billing';

const t = billingText.dialog;

/** After generation (spec §4): the bill's frozen lines, discounts locked, and its PDF. */
export function GeneratedBill({
  bill,
  onView,
  takeFocus = false,
}: {
  bill: GeneratedBillFragment$key;
  onView: (file: ViewedDocument) => void;
  /** Just generated: the button that generated it is gone, its number takes the focus (issue 23). */
  takeFocus?: boolean;
}) {
  const styles = useBillDialogStyles();
  const intro = useRef<HTMLSpanElement>(null);
  useEffect(() => {
    if (takeFocus) intro.current?.focus();
  }, [takeFocus]);
  const data = useFragment(
    graphql`
      fragment GeneratedBillFragment on GroupBill {
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
              <TableHeaderCell className={mergeClasses(styles.headerCell, styles.end, styles.countCol)}>{t.pages}</TableHeaderCell>
              <TableHeaderCell className={mergeClasses(styles.headerCell, styles.end, styles.countCol)}>{t.photos}</TableHeaderCell>
              <TableHeaderCell className={mergeClasses(styles.headerCell, styles.end, styles.amountCol)}>{t.amountHT}</TableHeaderCell>
              <TableHeaderCell className={mergeClasses(styles.headerCell, styles.discountCell)}>{t.discount}</TableHeaderCell>
              <TableHeaderCell className={mergeClasses(styles.headerCell, styles.end, styles.amountCol)}>{t.netAmountHT}</TableHeaderCell>
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
