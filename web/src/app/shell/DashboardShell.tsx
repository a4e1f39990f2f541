import { makeStyles, tokens } from '@fluentui/react-components';
import { graphql, useFragment } from 'react-relay/hooks';
import type { DashboardShellFragment$key } from '../../__generated__/DashboardShellFragment.graphql';
import { DashboardHome } from '../home/DashboardHome';
import { DashboardHeader } from './DashboardHeader';

const useStyles = makeStyles({
  root: {
    minHeight: '100vh',
    display: 'flex',
    flexDirection: 'column',
    backgroundColor: tokens.colorNeutralBackground2,
  },
  main: {
    flexGrow: 1,
    width: '100%',
    maxWidth: '1280px',
    boxSizing: 'border-box',
    marginInline: 'auto',
    padding: `${tokens.spacingVerticalXXL} ${tokens.spacingHorizontalXXL}`,
    '@media (max-width: 640px)': {
      padding: `${tokens.spacingVerticalL} ${tokens.spacingHorizontalL}`,
    },
  },
});

/** Everything under /dashboard: the header, then the screen of the current path. */
export function DashboardShell({ user }: { user: DashboardShellFragment$key }) {
  const styles = useStyles();
  const data = useFragment(
    graphql`
      fragment DashboardShellFragment on User {
        ...DashboardHeaderFragment
      }
    `,
    user,
  );
  return (
    <div className={styles.root}>
      <DashboardHeader user={data} />
      <main className={styles.main}>
        {/* The per-role screens and their /dashboard/… routes come with the role home pages;
            until then every dashboard path shows the home page. */}
        <DashboardHome />
      </main>
    </div>
  );
}
