import { useState } from 'react';
import { makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { depositsText as t } from '../../i18n/deposits';
import type { DepositFile } from './depositQueue';

const ROW_PX = 32;
const HEIGHT_PX = 224;
/** Rows drawn above and below the visible ones, so that a quick scroll shows no gap. */
const OVERSCAN = 4;

const useStyles = makeStyles({
  viewport: {
    position: 'relative',
    overflowY: 'auto',
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground1,
    ':focus-visible': { outline: `${tokens.strokeWidthThick} solid ${tokens.colorStrokeFocus2}` },
  },
  list: { listStyle: 'none', margin: 0, padding: 0, position: 'relative' },
  row: {
    position: 'absolute',
    left: 0,
    right: 0,
    height: `${ROW_PX}px`,
    boxSizing: 'border-box',
    display: 'flex',
    alignItems: 'center',
    columnGap: tokens.spacingHorizontalS,
    padding: `0 ${tokens.spacingHorizontalS}`,
    fontSize: tokens.fontSizeBase200,
  },
  name: { flexGrow: 1, minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
  state: { flexShrink: 0, color: tokens.colorNeutralForeground3 },
  sending: { color: tokens.colorBrandForeground1 },
  sent: { color: tokens.colorPaletteGreenForeground1 },
  refused: { color: tokens.colorPaletteRedForeground1 },
  cancelled: { color: tokens.colorNeutralForeground3, fontStyle: 'italic' },
});

/**
 * Each file of a deposit with its state (en attente, en cours, envoyé, refusé), in a box of fixed
 * height that draws only the rows in view: a thousand photos cost a dozen rows. The refusals'
 * reasons are listed apart, in full (DepositProgress).
 */
export function DepositFileList({ files }: { files: readonly DepositFile[] }) {
  const styles = useStyles();
  const [scrollTop, setScrollTop] = useState(0);
  const height = Math.min(HEIGHT_PX, files.length * ROW_PX + 2);
  const first = Math.max(0, Math.floor(scrollTop / ROW_PX) - OVERSCAN);
  const last = Math.min(files.length, Math.ceil((scrollTop + height) / ROW_PX) + OVERSCAN);
  return (
    <div
      className={styles.viewport}
      style={{ height }}
      // Scrolled by the keyboard too: an overflowing region takes the focus (axe's scrollable-region-focusable).
      // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
      tabIndex={0}
      role="region"
      aria-label={t.listLabel}
      onScroll={(event) => setScrollTop(event.currentTarget.scrollTop)}
    >
      <ul className={styles.list} style={{ height: files.length * ROW_PX }}>
        {files.slice(first, last).map((file) => (
          <li
            key={file.index}
            className={styles.row}
            style={{ top: file.index * ROW_PX }}
            aria-setsize={files.length}
            aria-posinset={file.index + 1}
          >
            <span className={styles.name} title={file.name}>
              {file.name}
            </span>
            <span className={mergeClasses(styles.state, file.state !== 'waiting' && styles[file.state])}>{t.states[file.state]}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
