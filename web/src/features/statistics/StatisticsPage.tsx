import { useState, useTransition } from 'react';
import { Card, Spinner, Text, makeStyles, tokens } from '@fluentui/react-components';
import { DataTrendingRegular } from '@fluentui/react-icons/svg/data-trending';
import { graphql } from 'react-relay/hooks';
import { useOpeningQuery } from '../../relay/useOpeningQuery';
import type { ScreenProps } from '../../app/routing/screen';
import type { StatisticsPageQuery } from '../../__generated__/StatisticsPageQuery.graphql';
import { fr } from '../../i18n/fr';
import { MonthSelect, YearSelect } from '../../ui/PeriodSelects';
import { PageHeader } from '../../ui/PageHeader';
import { StatisticsChart } from './StatisticsChart';
import { StatisticsTotals } from './StatisticsTotals';
import { statisticsText as t } from '../../i18n/statistics';
import { statisticsOpening } from './periodLabels';

/** product.md §2 and §9: statistics from 2000 to the current year. */
const FIRST_YEAR = 2000;

const useStyles = makeStyles({
  card: {
    display: 'flex',
    flexDirection: 'column',
    rowGap: tokens.spacingVerticalL,
    padding: tokens.spacingHorizontalXXL,
  },
  filters: {
    display: 'flex',
    alignItems: 'flex-end',
    flexWrap: 'wrap',
    columnGap: tokens.spacingHorizontalL,
    rowGap: tokens.spacingVerticalS,
  },
  select: { width: '180px' },
  pending: { marginBottom: tokens.spacingVerticalXS },
  empty: {
    height: '380px',
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'center',
    justifyContent: 'center',
    rowGap: tokens.spacingVerticalS,
    textAlign: 'center',
    color: tokens.colorNeutralForeground3,
  },
  emptyIcon: { fontSize: '40px', color: tokens.colorNeutralForeground4 },
});

/** product.md §2 'Statistiques' (/dashboard/statistiques): a year, a month or the whole year. */
export default function StatisticsPage({ queryRef }: ScreenProps<StatisticsPageQuery>) {
  const styles = useStyles();
  const [period, setPeriod] = useState(() => statisticsOpening());
  const [pending, startTransition] = useTransition();
  const data = useOpeningQuery<StatisticsPageQuery>(
    graphql`
      query StatisticsPageQuery($year: Int!, $month: Int) {
        statistics(year: $year, month: $month) {
          reportCount
          ...StatisticsChartFragment
          ...StatisticsTotalsFragment
        }
      }
    `,
    queryRef,
    period,
    { fetchPolicy: 'store-and-network' },
  );
  // The previous period stays on screen while the next one loads.
  const choose = (next: Partial<typeof period>) => startTransition(() => setPeriod((current) => ({ ...current, ...next })));

  return (
    <section>
      <PageHeader title={fr.titles.statistics} description={t.description} />
      <Card className={styles.card}>
        <div className={styles.filters}>
          <YearSelect firstYear={FIRST_YEAR} value={period.year} onChange={(year) => year && choose({ year })} className={styles.select} />
          <MonthSelect
            value={period.month}
            onChange={(month) => choose({ month })}
            emptyLabel={fr.periods.wholeYear}
            className={styles.select}
          />
          {pending ? <Spinner size="tiny" className={styles.pending} label={fr.loading} /> : null}
        </div>
        {data.statistics.reportCount === 0 ? (
          <div className={styles.empty}>
            <DataTrendingRegular className={styles.emptyIcon} aria-hidden />
            <Text size={400} weight="semibold">
              {t.empty}
            </Text>
            <Text>{t.emptyHint}</Text>
          </div>
        ) : (
          <StatisticsChart statistics={data.statistics} />
        )}
        <StatisticsTotals statistics={data.statistics} />
      </Card>
    </section>
  );
}
