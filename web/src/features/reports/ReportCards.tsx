import { createContext, useContext, type ReactNode } from 'react';
import { Text, makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { AlertRegular } from '@fluentui/react-icons/svg/alert';
import { ClockRegular } from '@fluentui/react-icons/svg/clock';
import { DocumentTextRegular } from '@fluentui/react-icons/svg/document-text';
import { MoneyRegular } from '@fluentui/react-icons/svg/money';
import { graphql, useFragment } from 'react-relay/hooks';
import { useHref, useLinkClickHandler } from 'react-router';
import type { ReportCardsFragment$key } from '../../__generated__/ReportCardsFragment.graphql';
import { formatMoney } from '../../ui/format';
import { VisuallyHidden } from '../../ui/VisuallyHidden';
import { reportsText as t } from '../../i18n/reports';

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
  textValue: { lineHeight: tokens.lineHeightBase400 },
  // Five tiles on one row of a 1280 px screen (the secretary's): the label takes the tile's whole
  // width above its icon and figure, so that « Délai moyen de retour » keeps to one line
  // (product.md §13; beside the icon it had 110 px and wrapped).
  compactGrid: { gridTemplateColumns: 'repeat(auto-fit, minmax(170px, 1fr))', gap: tokens.spacingHorizontalM },
  compactCard: {
    display: 'grid',
    gridTemplateColumns: 'auto minmax(0, 1fr)',
    gridTemplateAreas: '"label label" "icon value" "hint hint"',
    alignItems: 'center',
    columnGap: tokens.spacingHorizontalS,
    rowGap: tokens.spacingVerticalXS,
    padding: `${tokens.spacingVerticalM} ${tokens.spacingHorizontalM}`,
  },
  compactText: { display: 'contents' },
  compactLabel: { gridArea: 'label' },
  compactValue: { gridArea: 'value' },
  hint: { color: tokens.colorNeutralForeground3 },
  compactHint: { gridArea: 'hint' },
  compactIcon: { gridArea: 'icon', width: '30px', height: '30px', fontSize: '16px' },
  link: {
    color: 'inherit',
    textDecorationLine: 'none',
    ':hover': { boxShadow: tokens.shadow8 },
    ':focus-visible': { outline: `${tokens.strokeWidthThick} solid ${tokens.colorStrokeFocus2}` },
  },
});

export interface ReportCardProps {
  icon: ReactNode;
  tone: 'brand' | 'green' | 'red' | 'orange';
  label: string;
  value: string;
  /** Words (an action's name) rather than a figure: smaller, and they may wrap. */
  textValue?: boolean;
  /** What the figure counts, under it, when the label alone cannot say. */
  hint?: string;
}

/** One figure above a reports list (product.md §2 cards and tiles). */
export function ReportCard({ icon, tone, label, value }: ReportCardProps) {
  const styles = useStyles();
  const compact = useContext(Compact);
  return (
    <div className={mergeClasses(styles.card, compact && styles.compactCard)} role="group" aria-label={label}>
      <CardContent icon={icon} tone={tone} label={label} value={value} />
    </div>
  );
}

/** A card that opens a screen (the home tiles lead to the lists they count). */
export function ReportCardLink({ to, ...card }: ReportCardProps & { to: string }) {
  const styles = useStyles();
  const href = useHref(to);
  const onClick = useLinkClickHandler<HTMLAnchorElement>(to);
  const compact = useContext(Compact);
  return (
    <a className={mergeClasses(styles.card, compact && styles.compactCard, styles.link)} href={href} onClick={onClick}>
      <CardContent {...card} />
    </a>
  );
}

function CardContent({ icon, tone, label, value, textValue = false, hint }: ReportCardProps) {
  const styles = useStyles();
  const compact = useContext(Compact);
  return (
    <>
      <span className={mergeClasses(styles.icon, styles[tone], compact && styles.compactIcon)}>{icon}</span>
      <span className={mergeClasses(styles.text, compact && styles.compactText)}>
        <Text size={200} weight="medium" className={mergeClasses(styles.label, compact && styles.compactLabel)}>
          {label}
        </Text>
        {/* The link's name reads « label : value » (WCAG 2.5.3: the visible words, in order). */}
        <VisuallyHidden> : </VisuallyHidden>
        <Text
          size={textValue ? 400 : 500}
          weight="semibold"
          className={mergeClasses(textValue ? styles.textValue : styles.value, compact && styles.compactValue)}
        >
          {value}
        </Text>
        {hint ? (
          <Text size={100} className={mergeClasses(styles.hint, compact && styles.compactHint)}>
            <VisuallyHidden> : </VisuallyHidden>
            {hint}
          </Text>
        ) : null}
      </span>
    </>
  );
}

const Compact = createContext(false);

/** The grid the cards sit in; `compact` makes its cards smaller. */
export function ReportCardGrid({ children, compact = false }: { children: ReactNode; compact?: boolean }) {
  const styles = useStyles();
  return (
    <Compact.Provider value={compact}>
      <div className={mergeClasses(styles.grid, compact && styles.compactGrid)}>{children}</div>
    </Compact.Provider>
  );
}

/** product.md §2: the four cards above the admin reports lists. */
export function ReportCards({ headers }: { headers: ReportCardsFragment$key }) {
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
    <ReportCardGrid>
      <ReportCard icon={<MoneyRegular />} tone="green" label={t.cards.revenue} value={formatMoney(data.currentRevenue)} />
      <ReportCard icon={<DocumentTextRegular />} tone="brand" label={t.cards.total} value={String(data.totalReports)} />
      <ReportCard icon={<AlertRegular />} tone="red" label={t.cards.alert} value={String(data.reportsInAlert)} />
      <ReportCard
        icon={<ClockRegular />}
        tone="orange"
        label={t.cards.delay}
        value={t.cards.delayValue(data.averageDelay.hours, data.averageDelay.minutes)}
      />
    </ReportCardGrid>
  );
}
