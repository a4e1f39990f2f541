import type { ReactNode } from 'react';
import { Text, makeStyles, tokens } from '@fluentui/react-components';
import { AlertRegular } from '@fluentui/react-icons/svg/alert';
import { ClockRegular } from '@fluentui/react-icons/svg/clock';
import { DocumentTextRegular } from '@fluentui/react-icons/svg/document-text';
import { MoneyRegular } from '@fluentui/react-icons/svg/money';
import { graphql, useFragment } from 'react-relay/hooks';
import type { ReportCardsFragment$key } from '../../__generated__/ReportCardsFragment.graphql';
import { formatMoney } from '../../ui/format';
import { reportsText as t } from './text';

const useStyles = makeStyles({
  grid: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fit, minmax(210px, 1fr))',
    gap: tokens.spacingHorizontalL,
    marginBottom: tokens.spacingVerticalXL,
  },
  card: {
    display: 'flex',
    alignItems: 'center',
    columnGap: tokens.spacingHorizontalL,
    padding: `${tokens.spacingVerticalL} ${tokens.spacingHorizontalL}`,
    backgroundColor: tokens.colorNeutralBackground1,
    borderRadius: tokens.borderRadiusXLarge,
    boxShadow: tokens.shadow4,
  },
  icon: {
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
    width: '44px',
    height: '44px',
    borderRadius: tokens.borderRadiusCircular,
    fontSize: '22px',
    flexShrink: 0,
  },
  brand: { backgroundColor: tokens.colorBrandBackground2, color: tokens.colorBrandForeground1 },
  green: { backgroundColor: tokens.colorPaletteGreenBackground1, color: tokens.colorPaletteGreenForeground1 },
  red: { backgroundColor: tokens.colorPaletteRedBackground1, color: tokens.colorPaletteRedForeground1 },
  orange: { backgroundColor: tokens.colorPaletteDarkOrangeBackground1, color: tokens.colorPaletteDarkOrangeForeground1 },
  text: { display: 'flex', flexDirection: 'column', minWidth: 0 },
  label: { color: tokens.colorNeutralForeground3 },
  value: { whiteSpace: 'nowrap' },
});

function Card({ icon, tone, label, value }: { icon: ReactNode; tone: 'brand' | 'green' | 'red' | 'orange'; label: string; value: string }) {
  const styles = useStyles();
  return (
    <div className={styles.card} role="group" aria-label={label}>
      <span className={`${styles.icon} ${styles[tone]}`}>{icon}</span>
      <span className={styles.text}>
        <Text size={200} weight="medium" className={styles.label}>
          {label}
        </Text>
        <Text size={500} weight="semibold" className={styles.value}>
          {value}
        </Text>
      </span>
    </div>
  );
}

/** Spec §2: the four cards above the admin reports lists. */
export function ReportCards({ headers }: { headers: ReportCardsFragment$key }) {
  const styles = useStyles();
  const data = useFragment(
    graphql`
      fragment ReportCardsFragment on ReportHeaders {
        currentRevenue
        totalReports
        reportsInAlert
        averageDelay {
          hours
          minutes
        }
      }
    `,
    headers,
  );
  return (
    <div className={styles.grid}>
      <Card icon={<MoneyRegular />} tone="green" label={t.cards.revenue} value={formatMoney(data.currentRevenue)} />
      <Card icon={<DocumentTextRegular />} tone="brand" label={t.cards.total} value={String(data.totalReports)} />
      <Card icon={<AlertRegular />} tone="red" label={t.cards.alert} value={String(data.reportsInAlert)} />
      <Card
        icon={<ClockRegular />}
        tone="orange"
        label={t.cards.delay}
        value={t.cards.delayValue(data.averageDelay.hours, data.averageDelay.minutes)}
      />
    </div>
  );
}
