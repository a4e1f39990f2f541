// The bill dialog's styles, shared by its parts (the selection table, the generated bill, the totals).
import { makeStyles, tokens } from '@fluentui/react-components';
import { DESKTOP_WIDTH } from '../../ui/breakpoints';

export const useBillDialogStyles = makeStyles({
  periodHead: { fontWeight: tokens.fontWeightSemibold, backgroundColor: tokens.colorNeutralBackground2 },
  surface: { width: '1040px', maxWidth: 'calc(100vw - 48px)' },
  content: { display: 'flex', flexDirection: 'column', rowGap: tokens.spacingVerticalL },
  intro: { display: 'flex', flexDirection: 'column', rowGap: tokens.spacingVerticalXXS, color: tokens.colorNeutralForeground2 },
  tableWrap: {
    maxHeight: '45vh',
    overflowY: 'auto',
    overflowX: 'auto',
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusMedium,
  },
  // Under a desktop's width the columns keep their room (the name 200 px) and the table scrolls in its box.
  table: { [`@media (max-width: ${DESKTOP_WIDTH - 1}px)`]: { minWidth: '880px' } },
  headerCell: { fontWeight: tokens.fontWeightSemibold, backgroundColor: tokens.colorNeutralBackground2 },
  check: { width: '44px' },
  // The report name takes what the fixed columns leave.
  dateCol: { width: '100px' },
  bailiffCol: { width: '140px' },
  countCol: { width: '72px' },
  amountCol: { width: '110px' },
  end: { textAlign: 'end', fontVariantNumeric: 'tabular-nums', '& > *': { justifyContent: 'flex-end' } },
  discountCell: { width: '120px', paddingBlock: tokens.spacingVerticalXS },
  discountInput: { width: '84px' },
  date: { whiteSpace: 'nowrap', color: tokens.colorNeutralForeground2 },
  empty: { padding: tokens.spacingVerticalXL, textAlign: 'center', color: tokens.colorNeutralForeground3 },
  footer: {
    display: 'flex',
    justifyContent: 'space-between',
    alignItems: 'flex-start',
    flexWrap: 'wrap',
    columnGap: tokens.spacingHorizontalXXL,
    rowGap: tokens.spacingVerticalM,
  },
  global: { maxWidth: '260px' },
  summary: {
    display: 'grid',
    gridTemplateColumns: 'auto auto',
    columnGap: tokens.spacingHorizontalXXL,
    rowGap: tokens.spacingVerticalXXS,
    margin: 0,
    minWidth: '260px',
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalL}`,
    backgroundColor: tokens.colorNeutralBackground2,
    borderRadius: tokens.borderRadiusMedium,
    '& dt': { color: tokens.colorNeutralForeground2 },
    '& dd': { margin: 0, textAlign: 'end', fontVariantNumeric: 'tabular-nums' },
  },
  total: { fontWeight: tokens.fontWeightSemibold, fontSize: tokens.fontSizeBase400 },
  generating: { marginInlineEnd: 'auto' },
  // The pages still being read, under the intro rather than centred.
  progress: { alignSelf: 'flex-start' },
});
