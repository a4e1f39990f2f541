import { Button, MessageBar, MessageBarActions, MessageBarBody, Spinner, makeStyles, tokens } from '@fluentui/react-components';
import { fr } from '../i18n/fr';

const useStyles = makeStyles({
  root: {
    position: 'fixed',
    inset: 0,
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
    backgroundColor: tokens.colorNeutralBackground2,
  },
  message: { maxWidth: '520px' },
});

export function FullScreenSpinner() {
  const styles = useStyles();
  return (
    <div className={styles.root}>
      <Spinner size="large" label={fr.loading} labelPosition="below" />
    </div>
  );
}

/** Instead of the spinner when the server could not be reached: the user tries again. */
export function FullScreenUnreachable({ onRetry }: { onRetry: () => void }) {
  const styles = useStyles();
  return (
    <div className={styles.root}>
      <MessageBar intent="warning" layout="multiline" className={styles.message}>
        <MessageBarBody>{fr.errors.network}</MessageBarBody>
        <MessageBarActions>
          <Button appearance="primary" onClick={onRetry}>
            {fr.errors.retry}
          </Button>
        </MessageBarActions>
      </MessageBar>
    </div>
  );
}
