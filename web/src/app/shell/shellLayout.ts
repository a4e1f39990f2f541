import { makeStyles, tokens } from '@fluentui/react-components';
import { narrowQuery } from '../../ui/breakpoints';

// The dashboard's frame, drawn by the live shell (DashboardShell) and by its skeleton (ShellSkeleton,
// also prerendered into the page the server sends for /dashboard): one set of sizes, so that the
// screen's title stays in place from the first paint to the loaded screen.
export const useShellLayoutStyles = makeStyles({
  root: {
    minHeight: '100vh',
    display: 'flex',
    flexDirection: 'column',
    backgroundColor: tokens.colorNeutralBackground2,
  },
  body: {
    flexGrow: 1,
    display: 'flex',
    alignItems: 'stretch',
    minHeight: 0,
  },
  // The menu's column runs the full height of the page; the menu itself stays in view.
  navColumn: {
    flexShrink: 0,
    backgroundColor: tokens.colorNeutralBackground4,
    borderRight: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
  },
  // The skeleton decides by CSS alone (the prerendered page has no script to ask the window).
  navColumnWideOnly: {
    [`@media ${narrowQuery}`]: { display: 'none' },
  },
  nav: {
    position: 'sticky',
    top: '64px',
    height: 'calc(100vh - 64px)',
  },
  // Where the header and the menu will be while the shell's query is on its way (their sizes).
  headerPlaceholder: {
    // The header's 64 px, its border included.
    boxSizing: 'border-box',
    height: '64px',
    backgroundColor: tokens.colorNeutralBackground1,
    borderBottom: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
  },
  menuPlaceholder: {
    width: '264px',
  },
  main: {
    flexGrow: 1,
    minWidth: 0,
    boxSizing: 'border-box',
    padding: `${tokens.spacingVerticalXXL} ${tokens.spacingHorizontalXXXL}`,
    '@media (max-width: 640px)': {
      padding: `${tokens.spacingVerticalL} ${tokens.spacingHorizontalL}`,
    },
  },
  content: {
    maxWidth: '1440px',
    marginInline: 'auto',
  },
  fullWidth: { maxWidth: 'none' },
});
