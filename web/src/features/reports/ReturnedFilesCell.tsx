import { useRef, useState } from 'react';
import { Button, ProgressBar, Text, makeStyles, tokens } from '@fluentui/react-components';
import { ArrowUploadRegular } from '@fluentui/react-icons/svg/arrow-upload';
import { DismissRegular } from '@fluentui/react-icons/svg/dismiss';
import { graphql, useFragment } from 'react-relay/hooks';
import type { ReturnedFilesCellFragment$key } from '../../__generated__/ReturnedFilesCellFragment.graphql';
import { fr } from '../../i18n/fr';
import { FileGroupCell } from './ReportCells';
import { useAddReportFiles } from './ReportFiles';
import { ACCEPTED_RETURNED_FILES, reportsText as t } from '../../i18n/reports';

const useStyles = makeStyles({
  root: { display: 'flex', alignItems: 'center', columnGap: tokens.spacingHorizontalS },
  progress: { display: 'flex', flexDirection: 'column', rowGap: '2px', minWidth: '110px' },
  hidden: { display: 'none' },
});

/**
 * The secretary's 'Éléments retournés' cell (product.md §2): what was returned (count, size, download
 * all) and, while she may return files, a button that sends the picked files at once with a
 * progress bar and 'Annuler'. Returning files terminates the constat (TE, product.md §4).
 */
export function ReturnedFilesCell({ report, onReturned }: { report: ReturnedFilesCellFragment$key; onReturned?: () => void }) {
  const styles = useStyles();
  const data = useFragment(
    graphql`
      fragment ReturnedFilesCellFragment on Report {
        id
        name
        returned {
          count
          totalSize
          archiveUrl
        }
        viewerCan {
          addReturned
        }
      }
    `,
    report,
  );
  const input = useRef<HTMLInputElement>(null);
  const addFiles = useAddReportFiles();
  const [sending, setSending] = useState(false);
  const label = t.secretary.returnFilesLabel(data.name);

  const send = async (files: File[]) => {
    if (files.length === 0) return;
    setSending(true);
    try {
      await addFiles.send(data.id, 'RETURNED', files);
      onReturned?.();
    } catch {
      // Announced by a toast; a cancel needs no message.
    } finally {
      setSending(false);
    }
  };

  const progress = sending ? (addFiles.progress ?? 0) : null;
  return (
    <span className={styles.root}>
      {progress !== null ? (
        <span className={styles.progress}>
          <Text size={200} aria-live="polite">
            {fr.upload.progress(progress)}
          </Text>
          <ProgressBar value={progress / 100} aria-label={fr.upload.progress(progress)} />
        </span>
      ) : (
        <FileGroupCell group={data.returned} label={`${t.columns.returned} ${data.name}`} />
      )}
      {progress !== null ? (
        <Button appearance="subtle" size="small" icon={<DismissRegular />} aria-label={fr.upload.cancel} onClick={addFiles.cancel} />
      ) : data.viewerCan.addReturned ? (
        <>
          <Button
            appearance="subtle"
            size="small"
            icon={<ArrowUploadRegular />}
            title={label}
            aria-label={label}
            onClick={() => input.current?.click()}
          />
          <input
            ref={input}
            className={styles.hidden}
            type="file"
            multiple
            accept={ACCEPTED_RETURNED_FILES.join(',')}
            onChange={(event) => {
              const files = Array.from(event.target.files ?? []);
              // The same file can be picked again after a failure.
              event.target.value = '';
              void send(files);
            }}
          />
        </>
      ) : null}
    </span>
  );
}
