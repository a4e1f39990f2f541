import type { ReactNode } from 'react';
import { makeStyles } from '@fluentui/react-components';

// The usual "screen-reader only" box: out of sight, still read and still part of accessible names.
const useStyles = makeStyles({
  root: {
    position: 'absolute',
    width: '1px',
    height: '1px',
    margin: '-1px',
    padding: 0,
    overflow: 'hidden',
    clip: 'rect(0 0 0 0)',
    whiteSpace: 'nowrap',
    border: 0,
  },
});

/** Text for screen readers only: what a colour, an icon or the layout says to sighted users. */
export function VisuallyHidden({ children }: { children: ReactNode }) {
  return <span className={useStyles().root}>{children}</span>;
}
