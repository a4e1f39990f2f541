import { formatMoney } from '../../ui/format';
import { useBillDialogStyles } from './billDialogStyles';
import type { SelectionTotals } from './selection';
import { billingText } from '../../i18n/billing';

const t = billingText.dialog;

/** The bill's totals: HT, discount, net HT, VAT and TTC (the last in bold). */
export function BillSummary({ totals }: { totals: SelectionTotals }) {
  const styles = useBillDialogStyles();
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
