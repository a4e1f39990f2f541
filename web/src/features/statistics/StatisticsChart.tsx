import { useId, useMemo, useState } from 'react';
import {
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  Text,
  ToggleButton,
  makeStyles,
  mergeClasses,
  tokens,
} from '@fluentui/react-components';
import { TableRegular } from '@fluentui/react-icons/svg/table';
import { ResponsiveLine, type SliceTooltipProps } from '@nivo/line';
import { graphql, useFragment } from 'react-relay/hooks';
import type { StatisticsChartFragment$data, StatisticsChartFragment$key } from '../../__generated__/StatisticsChartFragment.graphql';
import { formatMoney } from '../../ui/format';
import { phoneQuery } from '../../ui/breakpoints';
import { useMediaQuery } from '../../ui/useMediaQuery';
import { amountTicks, elapsedPoints, shortAmount, spacedTicks } from './chartScale';
import { pointTitle } from './periodLabels';
import { statisticsText as t } from '../../i18n/statistics';

/** Series colours, in the API's order (secretaries, bailiffs); the totals use them as a legend. */
export const seriesColors = ['#1F4E8C', '#CA5010'] as const;

const useStyles = makeStyles({
  chart: {
    height: '380px',
    minWidth: 0,
  },
  phoneChart: { height: '300px' },
  tooltip: {
    display: 'flex',
    flexDirection: 'column',
    rowGap: tokens.spacingVerticalXS,
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalM}`,
    backgroundColor: tokens.colorNeutralBackground1,
    borderRadius: tokens.borderRadiusMedium,
    boxShadow: tokens.shadow16,
    minWidth: '220px',
  },
  row: {
    display: 'flex',
    alignItems: 'center',
    columnGap: tokens.spacingHorizontalS,
  },
  swatch: {
    width: '10px',
    height: '10px',
    borderRadius: tokens.borderRadiusCircular,
    flexShrink: 0,
  },
  figures: {
    display: 'flex',
    flexDirection: 'column',
    rowGap: tokens.spacingVerticalS,
  },
  toggle: { alignSelf: 'flex-start' },
  caption: {
    textAlign: 'start',
    fontWeight: tokens.fontWeightSemibold,
    paddingBlock: tokens.spacingVerticalS,
  },
  number: {
    textAlign: 'end',
    fontVariantNumeric: 'tabular-nums',
    whiteSpace: 'nowrap',
  },
  amount: {
    marginLeft: 'auto',
    fontVariantNumeric: 'tabular-nums',
    whiteSpace: 'nowrap',
  },
});

type FragmentPoint = StatisticsChartFragment$data['series'][number]['data'][number];
/** A line as drawn: a period still to come has no value (y null), so no point. */
type Series = { id: string; data: (Omit<FragmentPoint, 'y'> & { y: number | null })[] };

// Nivo draws SVG attributes, which cannot read Fluent's CSS variables: plain values here.
const chartTheme = {
  text: { fontFamily: 'inherit', fontSize: 12, fill: '#616161' },
  axis: { legend: { text: { fontSize: 13, fill: '#424242' } } },
  grid: { line: { stroke: '#e0e0e0', strokeWidth: 1 } },
};

/** The axes' layout: a phone labels fewer days or months and shortens the amounts, in less margin. */
const layouts = {
  wide: { margin: { top: 24, right: 24, bottom: 56, left: 104 }, amountLegendOffset: -94, maxPeriodTicks: Infinity, amountTicks: 5 },
  phone: { margin: { top: 16, right: 16, bottom: 56, left: 64 }, amountLegendOffset: -56, maxPeriodTicks: 6, amountTicks: 4 },
} as const;

function Tooltip({ slice, year, month }: SliceTooltipProps<Series> & { year: number; month: number | null }) {
  const styles = useStyles();
  const index = slice.points[0]?.indexInSeries ?? 0;
  return (
    <div className={styles.tooltip}>
      <Text weight="semibold">{pointTitle(year, month, index)}</Text>
      {slice.points.map((point) => (
        <span key={point.id} className={styles.row}>
          <span className={styles.swatch} style={{ backgroundColor: point.seriesColor }} />
          <Text size={200}>{point.seriesId}</Text>
          <Text size={200} weight="semibold" className={styles.amount}>
            {formatMoney(point.data.amount)}
          </Text>
        </span>
      ))}
    </div>
  );
}

/** product.md §2 'Statistiques': the secretaries' and the bailiffs' amounts as two lines (nivo). */
export function StatisticsChart({ statistics }: { statistics: StatisticsChartFragment$key }) {
  const styles = useStyles();
  const data = useFragment(
    graphql`
      fragment StatisticsChartFragment on Statistics {
        year
        month
        series {
          id
          data {
            x
            y
            amount
          }
        }
      }
    `,
    statistics,
  );
  const { year } = data;
  const month = data.month ?? null;
  // Periods still to come have no point (not 0 €); the grid lines sit on the axis' round values.
  const series = useMemo(() => {
    const elapsed = elapsedPoints(year, month, data.series[0]?.data.length ?? 0);
    return data.series.map((line) => ({
      id: line.id,
      data: line.data.map((point, index) => ({ ...point, y: index < elapsed ? point.y : null })),
    }));
  }, [data.series, year, month]);
  const phone = useMediaQuery(phoneQuery);
  const layout = phone ? layouts.phone : layouts.wide;
  const ticks = useMemo(
    () => amountTicks(Math.max(0, ...series.flatMap((line) => line.data.map((point) => point.y ?? 0))), layout.amountTicks),
    [series, layout],
  );
  const periodTicks = spacedTicks(data.series[0]?.data.map((point) => point.x) ?? [], layout.maxPeriodTicks);
  return (
    <div className={styles.figures}>
      <div className={mergeClasses(styles.chart, phone && styles.phoneChart)} data-testid="statistics-chart">
        <ResponsiveLine<Series>
          role="img"
          ariaLabel={t.chartLabel}
          data={series}
          colors={[...seriesColors]}
          theme={chartTheme}
          margin={layout.margin}
          xScale={{ type: 'point' }}
          yScale={{ type: 'linear', min: 0, max: ticks[ticks.length - 1] }}
          gridYValues={ticks}
          curve="monotoneX"
          lineWidth={3}
          pointSize={7}
          pointBorderWidth={2}
          pointColor="#ffffff"
          pointBorderColor={{ from: 'seriesColor' }}
          enableGridX={false}
          enableSlices="x"
          sliceTooltip={(props) => <Tooltip {...props} year={year} month={month} />}
          axisBottom={{
            tickSize: 0,
            tickPadding: 10,
            tickValues: periodTicks,
            legend: month === null ? t.axisMonth : t.axisDay,
            legendOffset: 44,
            legendPosition: 'middle',
          }}
          axisLeft={{
            tickSize: 0,
            tickPadding: 10,
            tickValues: ticks,
            format: (value) => (phone ? shortAmount(Number(value)) : formatMoney(Number(value))),
            legend: t.axisAmount,
            legendOffset: layout.amountLegendOffset,
            legendPosition: 'middle',
          }}
          animate={false}
        />
      </div>
      <ChartFigures series={series} year={year} month={month} />
    </div>
  );
}

/** WCAG 1.1.1: the chart's text alternative, a table of the plotted figures shown on demand. */
function ChartFigures({ series, year, month }: { series: Series[]; year: number; month: number | null }) {
  const styles = useStyles();
  const [shown, setShown] = useState(false);
  const tableId = useId();
  const points = series[0]?.data ?? [];
  return (
    <>
      <ToggleButton
        className={styles.toggle}
        appearance="subtle"
        icon={<TableRegular />}
        checked={shown}
        aria-expanded={shown}
        aria-controls={shown ? tableId : undefined}
        onClick={() => setShown((value) => !value)}
      >
        {shown ? t.hideFigures : t.showFigures}
      </ToggleButton>
      {shown ? (
        <Table id={tableId} size="small">
          <caption className={styles.caption}>{t.figuresCaption}</caption>
          <TableHeader>
            <TableRow>
              <TableHeaderCell>{month === null ? t.axisMonth : t.axisDay}</TableHeaderCell>
              {series.map((line) => (
                <TableHeaderCell key={line.id}>{line.id}</TableHeaderCell>
              ))}
            </TableRow>
          </TableHeader>
          <TableBody>
            {points.map((point, index) => (
              <TableRow key={String(point.x)}>
                <TableCell>{pointTitle(year, month, index)}</TableCell>
                {series.map((line) => {
                  const value = line.data[index];
                  return (
                    <TableCell key={line.id} className={styles.number}>
                      {value && value.y !== null ? formatMoney(value.amount) : t.notYet}
                    </TableCell>
                  );
                })}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      ) : null}
    </>
  );
}
