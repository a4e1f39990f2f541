import type { FormEvent, ReactNode } from 'react';
import { Button, Card, Spinner, Text, makeStyles, tokens } from '@fluentui/react-components';
import { fr } from '../i18n/fr';
import { onPhone } from './breakpoints';

const useStyles = makeStyles({
  card: { maxWidth: '920px', padding: tokens.spacingHorizontalXXL, [onPhone]: { padding: tokens.spacingHorizontalL } },
  form: { display: 'flex', flexDirection: 'column', rowGap: tokens.spacingVerticalXL },
  sectionTitle: {
    margin: 0,
    color: tokens.colorNeutralForeground2,
    textTransform: 'uppercase',
    letterSpacing: '0.05em',
  },
  section: { display: 'flex', flexDirection: 'column', rowGap: tokens.spacingVerticalM },
  grid: {
    display: 'grid',
    // Two columns from 320 px each; one, as wide as the card, on a phone's narrower one.
    gridTemplateColumns: 'repeat(auto-fit, minmax(min(320px, 100%), 1fr))',
    alignItems: 'start',
    columnGap: tokens.spacingHorizontalXL,
    rowGap: tokens.spacingVerticalM,
  },
  wide: { gridColumn: '1 / -1' },
  actions: {
    display: 'flex',
    justifyContent: 'flex-end',
    columnGap: tokens.spacingHorizontalS,
    borderTop: `1px solid ${tokens.colorNeutralStroke2}`,
    paddingTop: tokens.spacingVerticalL,
  },
});

/** The card holding a dashboard form: fields flow in a column of sections, browser checks off. */
export function FormCard({ onSubmit, children }: { onSubmit: (event: FormEvent) => void; children: ReactNode }) {
  const styles = useStyles();
  return (
    <Card className={styles.card}>
      <form className={styles.form} onSubmit={onSubmit} noValidate>
        {children}
      </form>
    </Card>
  );
}

/** A titled group of fields laid out on a two-column grid (one column when narrow). */
export function FormSection({ title, children }: { title?: string; children: ReactNode }) {
  const styles = useStyles();
  return (
    <div className={styles.section}>
      {title ? (
        <Text as="h2" size={300} weight="semibold" className={styles.sectionTitle}>
          {title}
        </Text>
      ) : null}
      <div className={styles.grid}>{children}</div>
    </div>
  );
}

/** A field spanning the whole width of its section's grid (an address, a rich text). */
export function FormWide({ children }: { children: ReactNode }) {
  const styles = useStyles();
  return <div className={styles.wide}>{children}</div>;
}

/** 'Annuler' and 'Valider' at the bottom of a form; both disabled while it is being saved. */
export function FormActions({
  saving,
  onCancel,
  submitLabel = fr.forms.submit,
}: {
  saving: boolean;
  onCancel?: () => void;
  submitLabel?: string;
}) {
  const styles = useStyles();
  return (
    <div className={styles.actions}>
      {onCancel ? (
        <Button type="button" disabled={saving} onClick={onCancel}>
          {fr.forms.cancel}
        </Button>
      ) : null}
      <Button type="submit" appearance="primary" disabled={saving} icon={saving ? <Spinner size="tiny" /> : undefined}>
        {submitLabel}
      </Button>
    </div>
  );
}
