import { makeStyles, tokens } from '@fluentui/react-components';

/** Shared by the bell's notification and news rows. */
export const useBellItemStyles = makeStyles({
  item: {
    position: 'relative',
    display: 'flex',
    alignItems: 'flex-start',
    columnGap: tokens.spacingHorizontalS,
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalM}`,
    borderBottom: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke3}`,
    ':hover': {
      backgroundColor: tokens.colorNeutralBackground1Hover,
    },
    ':last-child': {
      borderBottom: 'none',
    },
  },
  unread: {
    backgroundColor: tokens.colorBrandBackground2,
    ':hover': {
      backgroundColor: tokens.colorBrandBackground2Hover,
    },
  },
  open: {
    flexGrow: 1,
    minWidth: 0,
    display: 'flex',
    flexDirection: 'column',
    rowGap: tokens.spacingVerticalXXS,
    padding: `${tokens.spacingVerticalXS} 0`,
    border: 'none',
    background: 'none',
    textAlign: 'start',
    cursor: 'pointer',
    color: 'inherit',
    font: 'inherit',
    borderRadius: tokens.borderRadiusMedium,
    ':focus-visible': {
      outline: `${tokens.strokeWidthThick} solid ${tokens.colorStrokeFocus2}`,
      outlineOffset: '2px',
    },
  },
  title: {
    overflow: 'hidden',
    textOverflow: 'ellipsis',
    whiteSpace: 'nowrap',
  },
  preview: {
    color: tokens.colorNeutralForeground2,
    display: '-webkit-box',
    WebkitLineClamp: '2',
    WebkitBoxOrient: 'vertical',
    overflow: 'hidden',
  },
  date: {
    color: tokens.colorNeutralForeground3,
  },
  star: {
    flexShrink: 0,
    marginTop: tokens.spacingVerticalXS,
    fontSize: '20px',
    color: tokens.colorNeutralForeground3,
  },
  starOn: {
    color: tokens.colorPaletteMarigoldForeground1,
  },
});
