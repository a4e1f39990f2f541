import { makeStyles, tokens } from '@fluentui/react-components';
import { graphql, useFragment } from 'react-relay/hooks';
import type { StatisticsTotalsFragment$key } from '../../__generated__/StatisticsTotalsFragment.graphql';
import { STATISTICS_DEFINITIONS } from '@constats/domain/line-amounts';
import { formatMoney } from '../../ui/format';
import { seriesColors } from './StatisticsChart';
import { statisticsText as t } from '../../i18n/statistics';

const useStyles = makeStyles({
  list: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fit, minmax(220px, 1fr))',
    gap: tokens.spacingHorizontalL,
    margin: 0,
    paddingTop: tokens.spacingVerticalL,
    borderTop: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
  },
  item: {
    display: 'flex',
    flexDirection: 'column',
    rowGap: tokens.spacingVerticalXXS,
    padding: `${tokens.spacingVerticalM} ${tokens.spacingHorizontalL}`,
    borderRadius: tokens.borderRadiusLarge,
    backgroundColor: tokens.colorNeutralBackground2,
  },
  label: {
    display: 'flex',
    alignItems: 'center',
    columnGap: tokens.spacingHorizontalS,
    color: tokens.colorNeutralForeground3,
    fontSize: tokens.fontSizeBase200,
    lineHeight: tokens.lineHeightBase200,
    fontWeight: tokens.fontWeightMedium,
  },
  swatch: {
    width: '12px',
    height: '4px',
    borderRadius: tokens.borderRadiusSmall,
  },
  definitions: {
    margin: `${tokens.spacingVerticalM} 0 0`,
    paddingLeft: tokens.spacingHorizontalL,
    color: tokens.colorNeutralForeground3,
    fontSize: tokens.fontSizeBase200,
    lineHeight: tokens.lineHeightBase200,
  },
  value: {
    margin: 0,
    fontSize: tokens.fontSizeBase600,
    lineHeight: tokens.lineHeightBase600,
    fontWeight: tokens.fontWeightSemibold,
    fontVariantNumeric: 'tabular-nums',
    whiteSpace: 'nowrap',
  },
});

/** The period's totals under the chart; the coloured marks double as the chart's legend. */
export function StatisticsTotals({ statistics }: { statistics: StatisticsTotalsFragment$key }) {
  const styles = useStyles();
  const data = useFragment(
    graphql`
      fragment StatisticsTotalsFragment on Statistics {
        reportCount
        secretariesTotal
        bailiffsTotal
        detectionAgreement {
          compared
          agreeing
        }
      }
    `,
    statistics,
  );
  const items = [
    { id: 'reports', label: t.reports, value: String(data.reportCount) },
    { id: 'secretaries', label: t.secretaries, value: formatMoney(data.secretariesTotal), color: seriesColors[0] },
    { id: 'bailiffs', label: t.bailiffs, value: formatMoney(data.bailiffsTotal), color: seriesColors[1] },
    // product.md §10: billed constats whose counts are those the server detected.
    { id: 'detection', label: t.detection, value: t.detectionValue(data.detectionAgreement.agreeing, data.detectionAgreement.compared) },
  ];
  return (
    <>
      <dl className={styles.list} aria-label={t.totals}>
        {items.map((item) => (
          <div key={item.id} className={styles.item} data-testid={`statistics-total-${item.id}`}>
            <dt className={styles.label}>
              {item.color ? <span className={styles.swatch} style={{ backgroundColor: item.color }} aria-hidden /> : null}
              {item.label}
            </dt>
            <dd className={styles.value}>{item.value}</dd>
          </div>
        ))}
      </dl>
      {/* What the two amounts add up, as the API and docs/api.md define them. */}
      <ul className={styles.definitions}>
        <li>{STATISTICS_DEFINITIONS.secretaries}</li>
        <li>{STATISTICS_DEFINITIONS.bailiffs}</li>
      </ul>
    </>
  );
}
