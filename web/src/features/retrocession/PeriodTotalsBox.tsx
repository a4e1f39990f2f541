import { Text, makeStyles, tokens } from '@fluentui/react-components';
import { graphql, useFragment } from 'react-relay/hooks';
import type { PeriodTotalsBoxFragment$key } from '../../__generated__/PeriodTotalsBoxFragment.graphql';
import { onPhone } from '../../ui/breakpoints';
import type { ReactNode } from 'react';
import type { TextPagesRule } from '@constats/domain/line-amounts';
import { ExplainedLabel } from '../../ui/ExplainedLabel';
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
  hint: { color: tokens.colorNeutralForeground3 },
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

/**
 * product.md §2: the 'CUMUL PÉRIODE' box of the rétrocession screens; another screen names what it
 * counts (`title`, `hint`: the Facturation's « Constats du mois »).
 */
export function PeriodTotalsBox({
  totals,
  rule,
  title = t.title,
  hint,
}: {
  totals: PeriodTotalsBoxFragment$key;
  /** Whose text pages these are (product.md §9): the explanation beside them and the amount follows it. */
  rule: TextPagesRule;
  title?: string;
  hint?: string;
}) {
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
  const figures: [string, ReactNode, string][] = [
    [t.reports, t.reports, String(data.reports)],
    [
      t.textPages,
      <ExplainedLabel key="label" rule={rule} of="textPages">
        {t.textPages}
      </ExplainedLabel>,
      String(data.textPages),
    ],
    [t.photos, t.photos, String(data.photos)],
    [
      t.amountHT,
      <ExplainedLabel key="label" rule={rule} of="amount">
        {t.amountHT}
      </ExplainedLabel>,
      formatMoney(data.amountHT),
    ],
  ];
  return (
    <section className={styles.root} aria-label={title}>
      <Text size={300} weight="bold" className={styles.title}>
        {title}
      </Text>
      {hint ? (
        <Text size={200} className={styles.hint}>
          {hint}
        </Text>
      ) : null}
      <dl className={styles.figures}>
        {figures.map(([key, label, value]) => (
          <div key={key} className={styles.figure}>
            <dt className={styles.label}>{label}</dt>
            <dd className={styles.value}>{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
