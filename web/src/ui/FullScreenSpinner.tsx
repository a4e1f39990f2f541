import { Spinner, makeStyles, tokens } from '@fluentui/react-components';
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
});

export function FullScreenSpinner() {
  const styles = useStyles();
  return (
    <div className={styles.root}>
      <Spinner size="large" label={fr.loading} labelPosition="below" />
    </div>
  );
}
