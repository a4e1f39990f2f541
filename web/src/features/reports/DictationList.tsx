import { Text, makeStyles, tokens, useId } from '@fluentui/react-components';
import { KeyboardRegular } from '@fluentui/react-icons/svg/keyboard';
import { dictationText as d } from '../../i18n/dictation';
import { reportsText as t } from '../../i18n/reports';
import type { ViewedDocument } from '../../ui/DocumentViewer';
import { DownloadFileButton } from '../../ui/FileButtons';
import { VisuallyHidden } from '../../ui/VisuallyHidden';
import { SHORTCUTS } from './dictation';
import { DictationPlayer, type DictationFile } from './DictationPlayer';
import { RemoveFileButton } from './FileRows';
import { useDictationFacts, useSaveDictationPosition } from './useDictationFacts';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', rowGap: tokens.spacingVerticalS },
  list: { listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', rowGap: '2px' },
  shortcuts: {
    display: 'flex',
    flexDirection: 'column',
    rowGap: tokens.spacingVerticalXXS,
    padding: `${tokens.spacingVerticalXS} ${tokens.spacingHorizontalS}`,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusMedium,
  },
  shortcutsTitle: { display: 'inline-flex', alignItems: 'center', columnGap: tokens.spacingHorizontalXS },
  keys: {
    display: 'grid',
    gridTemplateColumns: 'max-content 1fr',
    columnGap: tokens.spacingHorizontalM,
    rowGap: tokens.spacingVerticalXXS,
    margin: 0,
  },
  // Each key and its action are one row of the grid.
  pair: { display: 'contents' },
  key: {
    margin: 0,
    fontFamily: tokens.fontFamilyMonospace,
    fontSize: tokens.fontSizeBase200,
    whiteSpace: 'nowrap',
  },
  action: { margin: 0, fontSize: tokens.fontSizeBase200 },
  muted: { color: tokens.colorNeutralForeground3 },
});

type ListedDictation = DictationFile & ViewedDocument;

/** « Raccourcis clavier »: what the page's shortcuts do, beside the players they drive. */
function ShortcutList() {
  const styles = useStyles();
  const titleId = useId('dictation-shortcuts');
  return (
    <section className={styles.shortcuts} aria-labelledby={titleId}>
      <Text id={titleId} size={200} weight="semibold" className={styles.shortcutsTitle}>
        <KeyboardRegular aria-hidden />
        {d.shortcuts.title}
      </Text>
      <Text size={200} className={styles.muted}>
        {d.shortcuts.hint}
      </Text>
      <dl className={styles.keys}>
        {SHORTCUTS.map(({ action }) => (
          <div key={action} className={styles.pair}>
            <dt className={styles.key}>
              <kbd>
                <span aria-hidden>{d.shortcuts.keys[action]}</span>
                <VisuallyHidden>{d.shortcuts.spokenKeys[action]}</VisuallyHidden>
              </kbd>
            </dt>
            <dd className={styles.action}>{d.shortcuts.actions[action]}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

/**
 * A constat's deposited dictations (product.md §16), each with its player, and the keyboard
 * shortcuts that drive them. Their lengths and the signed-in user's positions come from a query of
 * their own (useDictationFacts).
 */
export function DictationList({
  reportId,
  files,
  onRemove,
}: {
  reportId: string;
  files: readonly ListedDictation[];
  onRemove?: (fileId: string) => void;
}) {
  const styles = useStyles();
  const facts = useDictationFacts(
    reportId,
    files.map((file) => file.id),
  );
  const save = useSaveDictationPosition();
  return (
    <div className={styles.root}>
      <ul className={styles.list}>
        {files.map((file) => (
          <DictationPlayer
            key={file.id}
            file={file}
            facts={facts ? (facts.get(file.id) ?? { duration: null, listenedUntil: null }) : undefined}
            save={save}
            actions={
              <>
                <DownloadFileButton size="small" file={file} label={t.downloadFile(file.name)} />
                {onRemove ? <RemoveFileButton file={file} onRemove={onRemove} /> : null}
              </>
            }
          />
        ))}
      </ul>
      <ShortcutList />
    </div>
  );
}
