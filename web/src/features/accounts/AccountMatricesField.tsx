import { Button, Field, Link, makeStyles, tokens } from '@fluentui/react-components';
import { ACCEPTED_EXTENSIONS, pickerExtensions } from '@constats/domain/file-kinds';
import { accountsText } from '../../i18n/accounts';
import { UploadBox } from '../../ui/UploadBox';

const t = accountsText.form;

const useStyles = makeStyles({
  matrices: {
    display: 'flex',
    flexDirection: 'column',
    rowGap: tokens.spacingVerticalS,
  },
  matrixList: {
    margin: 0,
    padding: 0,
    listStyleType: 'none',
    display: 'flex',
    flexDirection: 'column',
  },
  matrix: {
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'space-between',
    columnGap: tokens.spacingHorizontalM,
  },
  removed: {
    textDecorationLine: 'line-through',
    color: tokens.colorNeutralForeground3,
  },
});

/** product.md §3: matrices are .doc, .docx, .odt, .pdf or .txt documents. */
const MATRIX_TYPES = pickerExtensions(ACCEPTED_EXTENSIONS.document);

/**
 * A bailiff's « Matrices associées »: the current ones, each to remove (struck through until the
 * form is saved, and kept again by a second click), and new ones to add.
 */
export function AccountMatricesField({
  current,
  removed,
  onRemovedChange,
  added,
  onAddedChange,
  disabled,
}: {
  current: readonly { readonly id: string; readonly name: string; readonly downloadUrl: string }[];
  removed: ReadonlySet<string>;
  onRemovedChange: (next: ReadonlySet<string>) => void;
  added: File[];
  onAddedChange: (files: File[]) => void;
  disabled: boolean;
}) {
  const styles = useStyles();
  const toggle = (id: string) => {
    const next = new Set(removed);
    if (removed.has(id)) next.delete(id);
    else next.add(id);
    onRemovedChange(next);
  };
  return (
    <Field label={t.matrices}>
      <div className={styles.matrices}>
        {current.length > 0 ? (
          <ul className={styles.matrixList} aria-label={t.currentMatrices}>
            {current.map((matrix) => {
              const isRemoved = removed.has(matrix.id);
              return (
                <li key={matrix.id} className={styles.matrix}>
                  <Link href={matrix.downloadUrl} target="_blank" rel="noreferrer" className={isRemoved ? styles.removed : undefined}>
                    {matrix.name}
                  </Link>
                  <Button type="button" size="small" appearance="subtle" onClick={() => toggle(matrix.id)}>
                    {isRemoved ? t.keepMatrix : t.removeMatrix}
                  </Button>
                </li>
              );
            })}
          </ul>
        ) : null}
        <UploadBox label={t.matrices} files={added} onFilesChange={onAddedChange} accept={MATRIX_TYPES} disabled={disabled} />
      </div>
    </Field>
  );
}
