import { Text, makeStyles, tokens } from '@fluentui/react-components';
import { graphql, useFragment } from 'react-relay/hooks';
import type { PeriodTotalsBoxFragment$key } from '../../__generated__/PeriodTotalsBoxFragment.graphql';
import { onPhone } from '../../ui/breakpoints';
import { formatMoney } from '../../ui/format';
import { retrocessionText } from '../../i18n/retrocession';

const t = retrocessionText.totals;

const useStyles = makeStyles({
  root: {
    display: 'flex',
    flexDirection: 'column',
    rowGap: tokens.spacingVerticalS,
    padding: `${tokens.spacingVerticalM} ${tokens.spacingHorizontalL}`,
    backgroundColor: tokens.colorNeutralBackground1,
    borderRadius: tokens.borderRadiusXLarge,
    boxShadow: tokens.shadow4,
  },
  title: {
    color: tokens.colorBrandForeground1,
    letterSpacing: '0.04em',
  },
  figures: {
    display: 'grid',
    gridTemplateColumns: 'repeat(4, minmax(120px, 1fr))',
    columnGap: tokens.spacingHorizontalL,
    margin: 0,
    [onPhone]: { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))', rowGap: tokens.spacingVerticalM },
  },
  figure: {
    display: 'flex',
    flexDirection: 'column',
    rowGap: tokens.spacingVerticalXXS,
    paddingLeft: tokens.spacingHorizontalM,
    borderLeft: `${tokens.strokeWidthThick} solid ${tokens.colorNeutralStroke2}`,
  },
  label: {
    color: tokens.colorNeutralForeground3,
    fontSize: tokens.fontSizeBase200,
    lineHeight: tokens.lineHeightBase200,
    fontWeight: tokens.fontWeightMedium,
  },
  value: {
    margin: 0,
    whiteSpace: 'nowrap',
    fontSize: tokens.fontSizeBase500,
    lineHeight: tokens.lineHeightBase500,
    fontWeight: tokens.fontWeightSemibold,
  },
});

/** product.md §2: the 'CUMUL PÉRIODE' box of the rétrocession screens. */
export function PeriodTotalsBox({ totals }: { totals: PeriodTotalsBoxFragment$key }) {
  const styles = useStyles();
  const data = useFragment(
    graphql`
      fragment PeriodTotalsBoxFragment on PeriodTotals {
        reports
        textPages
        photos
        amountHT
      }
    `,
    totals,
  );
  const figures: [string, string][] = [
    [t.reports, String(data.reports)],
    [t.textPages, String(data.textPages)],
    [t.photos, String(data.photos)],
    [t.amountHT, formatMoney(data.amountHT)],
  ];
  return (
    <section className={styles.root} aria-label={t.title}>
      <Text size={300} weight="bold" className={styles.title}>
        {t.title}
      </Text>
      <dl className={styles.figures}>
        {figures.map(([label, value]) => (
          <div key={label} className={styles.figure}>
            <dt className={styles.label}>{label}</dt>
            <dd className={styles.value}>{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
