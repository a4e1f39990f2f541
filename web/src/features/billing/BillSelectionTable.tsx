import { Fragment } from 'react';
import {
  Checkbox,
  Field,
  Input,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  mergeClasses,
} from '@fluentui/react-components';
import type { BillSelectionDialogReportsFragment$data } from '../../__generated__/BillSelectionDialogReportsFragment.graphql';
import { ExplainedLabel } from '../../ui/ExplainedLabel';
import { formatDate, formatMoney } from '../../ui/format';
import { ofPeriod } from '../../ui/periods';
import { DetectionFlag } from '../reports/DetectionFlag';
import { useBillDialogStyles } from './billDialogStyles';
import { groupByPeriod } from './selection';
import { billingText } from '../../i18n/billing';

const t = billingText.dialog;

type BillableReport = NonNullable<BillSelectionDialogReportsFragment$data['billingGroup']>['billableReports']['edges'][number]['node'];

/**
 * The étude's billable constats, by period: a check box to select each one (or all) and the
 * selected ones' discount, with its message. « Tout sélectionner » waits for every page of them
 * (`allLoaded`): it selects all the étude's constats, never just those read so far.
 */
export function BillSelectionTable({
  label,
  reports,
  selected,
  discounts,
  editable,
  allLoaded,
  discountMessage,
  toggle,
  toggleAll,
  onDiscountChange,
  onDiscountBlur,
}: {
  label: string;
  reports: readonly BillableReport[];
  selected: readonly string[];
  discounts: Record<string, string>;
  editable: boolean;
  allLoaded: boolean;
  discountMessage: (reportId: string) => string | undefined;
  toggle: (reportId: string, checked: boolean) => void;
  toggleAll: (checked: boolean) => void;
  onDiscountChange: (reportId: string, value: string) => void;
  onDiscountBlur: (reportId: string) => void;
}) {
  const styles = useBillDialogStyles();
  const allSelected = allLoaded && reports.length > 0 && selected.length === reports.length;
  return (
    <div className={styles.tableWrap}>
      <Table size="small" className={styles.table} aria-label={label}>
        <TableHeader>
          <TableRow>
            <TableHeaderCell className={mergeClasses(styles.headerCell, styles.check)}>
              <Checkbox
                aria-label={t.selectAll}
                checked={allSelected ? true : selected.length > 0 ? 'mixed' : false}
                disabled={!editable || !allLoaded || reports.length === 0}
                onChange={(_, change) => toggleAll(change.checked === true)}
              />
            </TableHeaderCell>
            <TableHeaderCell className={mergeClasses(styles.headerCell, styles.dateCol)}>{t.date}</TableHeaderCell>
            <TableHeaderCell className={styles.headerCell}>{t.name}</TableHeaderCell>
            <TableHeaderCell className={mergeClasses(styles.headerCell, styles.bailiffCol)}>{t.bailiff}</TableHeaderCell>
            <TableHeaderCell className={mergeClasses(styles.headerCell, styles.end, styles.countCol)}>{t.pages}</TableHeaderCell>
            <TableHeaderCell className={mergeClasses(styles.headerCell, styles.end, styles.countCol)}>{t.photos}</TableHeaderCell>
            <TableHeaderCell className={mergeClasses(styles.headerCell, styles.end, styles.amountCol)}>
              <ExplainedLabel rule="billing" of="amount">
                {t.amountHT}
              </ExplainedLabel>
            </TableHeaderCell>
            <TableHeaderCell className={mergeClasses(styles.headerCell, styles.discountCell)}>{t.discount}</TableHeaderCell>
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
                    {t.periodGroup(ofPeriod(group.label))}
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
                            onChange={(_, change) => onDiscountChange(report.id, change.value)}
                            onBlur={() => onDiscountBlur(report.id)}
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
  );
}
