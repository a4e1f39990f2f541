import { useEffect } from 'react';
import { Button, Text, makeStyles, tokens } from '@fluentui/react-components';
import { depositsText as t } from '../../i18n/deposits';
import { fr } from '../../i18n/fr';
import { dismissDeposit, pauseDeposits, resumeDeposits } from './depositRunner';
import { DepositProgress } from './DepositProgress';
import { useDeposits } from './useDeposits';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', rowGap: tokens.spacingVerticalM, marginBottom: tokens.spacingVerticalL },
  card: {
    display: 'flex',
    flexDirection: 'column',
    rowGap: tokens.spacingVerticalS,
    padding: tokens.spacingHorizontalL,
    backgroundColor: tokens.colorNeutralBackground1,
    borderRadius: tokens.borderRadiusLarge,
    boxShadow: tokens.shadow4,
    maxWidth: '760px',
    boxSizing: 'border-box',
  },
  title: { overflowWrap: 'anywhere' },
});

/**
 * The signed-in user's deposits in the shell, above every screen (product.md §16): the ones kept in
 * the browser resume as soon as he is back in the app (after a reload or a closed tab) and show here
 * unless a form shows them; leaving the page while one runs asks first. Signing out stops them,
 * kept for the next sign-in.
 */
export function DepositBanner({ owner }: { owner: string }) {
  const styles = useStyles();
  const deposits = useDeposits();
  const unfinished = deposits.some((deposit) => !deposit.progress.finished);

  useEffect(() => {
    void resumeDeposits(owner);
    return pauseDeposits;
  }, [owner]);

  useEffect(() => {
    if (!unfinished) return undefined;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers show their own words only when a text is set.
      event.returnValue = t.leaveWarning;
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [unfinished]);

  const shown = deposits.filter((deposit) => !deposit.claimed);
  if (shown.length === 0) return null;
  return (
    <div className={styles.root}>
      {shown.map((deposit) => (
        <section key={deposit.depositId} className={styles.card} aria-label={t.running(deposit.reportName)}>
          <Text weight="semibold" className={styles.title}>
            {t.running(deposit.reportName)}
          </Text>
          <DepositProgress deposit={deposit} />
          {deposit.progress.finished ? (
            <div>
              <Button onClick={() => dismissDeposit(deposit.depositId)}>{fr.close}</Button>
            </div>
          ) : null}
        </section>
      ))}
    </div>
  );
}
