import { useEffect, useRef, useState } from 'react';
import { MessageBar, MessageBarBody, ProgressBar, Text, makeStyles, tokens } from '@fluentui/react-components';
import { depositsText as t } from '../../i18n/deposits';
import { formatFileSize } from '../../ui/format';
import { VisuallyHidden } from '../../ui/VisuallyHidden';
import { CancelDepositButton } from './CancelDepositButton';
import type { DepositView } from './depositRunner';
import { DepositFileList } from './DepositFileList';

/** Screen readers hear the progress at most this often (and at once for a cut or the end). */
const ANNOUNCE_EVERY_MS = 10_000;
/** Refusals listed with their reasons; beyond, a count. */
const REFUSALS_SHOWN = 20;

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', rowGap: tokens.spacingVerticalS, minWidth: 0 },
  line: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    justifyContent: 'space-between',
    columnGap: tokens.spacingHorizontalM,
    rowGap: tokens.spacingVerticalXS,
  },
  figures: { color: tokens.colorNeutralForeground2, overflowWrap: 'anywhere', minWidth: 0 },
  refusals: {
    margin: 0,
    paddingLeft: tokens.spacingHorizontalL,
    display: 'flex',
    flexDirection: 'column',
    rowGap: tokens.spacingVerticalXXS,
  },
  refusal: { color: tokens.colorPaletteRedForeground1, overflowWrap: 'anywhere' },
});

/** « 57 / 120 fichiers · 12,30 Mo sur 40,00 Mo · environ 2 min restantes » */
export function depositFigures(deposit: DepositView): string {
  const { progress } = deposit;
  const parts = [
    t.filesDone(progress.done, progress.files),
    t.bytesDone(formatFileSize(progress.bytesDone), formatFileSize(progress.bytes)),
  ];
  if (!progress.finished && deposit.secondsLeft !== null) parts.push(t.timeLeft(deposit.secondsLeft));
  return parts.join(' · ');
}

/** What a toast says of a finished deposit's refusals: the server's reason for one, a count for more; null without. */
export function refusalsSummary(deposit: DepositView): string | null {
  const refused = deposit.files.filter((file) => file.state === 'refused');
  if (refused.length === 0) return null;
  return refused.length === 1 ? (refused[0].message ?? t.refusedUnknown) : t.refusedSummary(refused.length);
}

/** The headline: resumed after a reload, cancelled, finished, or the percentage sent. */
export function depositHeadline(deposit: DepositView): string {
  const { progress } = deposit;
  if (progress.finished && progress.cancelled > 0) return t.cancelled(progress.sent, progress.files);
  if (progress.finished) return t.finished(progress.sent, progress.files);
  if (deposit.resumed) return t.resumed(progress.done, progress.files);
  return t.percent(progress.percent);
}

/** What a screen reader hears now, at most every ANNOUNCE_EVERY_MS unless a cut or the end. */
function useAnnouncement(deposit: DepositView): string {
  const [said, setSaid] = useState('');
  const saidAt = useRef(0);
  const urgent = deposit.reconnecting || deposit.progress.finished;
  const text = deposit.reconnecting
    ? t.reconnecting
    : `${depositHeadline(deposit)}. ${t.filesDone(deposit.progress.done, deposit.progress.files)}`;
  useEffect(() => {
    const now = Date.now();
    if (text === said || (!urgent && now - saidAt.current < ANNOUNCE_EVERY_MS)) return;
    saidAt.current = now;
    setSaid(text);
  }, [text, said, urgent]);
  return said;
}

/**
 * A running deposit (product.md §16): the headline (« Envoi en cours… 42 % », « Dépôt repris : 57 /
 * 120 fichiers »), one bar of the bytes, files and bytes done and the time left, the cut that
 * resumes by itself, each file's state and the refusals' reasons.
 */
export function DepositProgress({ deposit }: { deposit: DepositView }) {
  const styles = useStyles();
  const announcement = useAnnouncement(deposit);
  const headline = depositHeadline(deposit);
  const refused = deposit.files.filter((file) => file.state === 'refused');
  return (
    <div className={styles.root}>
      <Text weight="semibold">{headline}</Text>
      <ProgressBar
        value={deposit.progress.percent / 100}
        thickness="large"
        color={deposit.progress.refused > 0 ? 'warning' : 'brand'}
        aria-label={headline}
      />
      <div className={styles.line}>
        <Text size={200} className={styles.figures}>
          {depositFigures(deposit)}
        </Text>
        {deposit.progress.finished ? null : <CancelDepositButton deposit={deposit} />}
      </div>
      {deposit.reconnecting ? (
        <MessageBar intent="warning" layout="multiline">
          <MessageBarBody>{t.reconnecting}</MessageBarBody>
        </MessageBar>
      ) : null}
      <VisuallyHidden>
        <span role="status" aria-live="polite" aria-atomic="true">
          {announcement}
        </span>
      </VisuallyHidden>
      <DepositFileList files={deposit.files} />
      {refused.length > 0 ? (
        <>
          <Text size={200} weight="semibold">
            {t.refusedLabel} ({t.refusedCount(refused.length)})
          </Text>
          <ul className={styles.refusals}>
            {refused.slice(0, REFUSALS_SHOWN).map((file) => (
              <li key={file.index} className={styles.refusal}>
                <Text size={200}>
                  {file.name} : {file.message}
                </Text>
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </div>
  );
}
