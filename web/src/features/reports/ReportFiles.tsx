import { useState } from 'react';
import { Button, Text, makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { fileKindOf } from '@constats/domain/file-kinds';
import { graphql, useFragment } from 'react-relay/hooks';
import type { ReportFilesAddMutation } from '../../__generated__/ReportFilesAddMutation.graphql';
import type { ReportFilesFragment$key } from '../../__generated__/ReportFilesFragment.graphql';
import type { ReportFilesRemoveMutation } from '../../__generated__/ReportFilesRemoveMutation.graphql';
import { useCommit } from '../../relay/commit';
import { uploadablesFor } from '../../relay/multipart';
import { useUpload } from '../../relay/useUpload';
import { useConfirm } from '../../ui/ConfirmDialog';
import { DocumentViewer, type ViewedDocument } from '../../ui/DocumentViewer';
import { formatFileSize } from '../../ui/format';
import { useToast } from '../../ui/toasts';
import { UploadBox } from '../../ui/UploadBox';
import { useUnsentWork } from '../../ui/unsentWork';
import { depositsText } from '../../i18n/deposits';
import { fr } from '../../i18n/fr';
import { DepositProgress } from '../deposits/DepositProgress';
import { DepositedItems } from './DepositedItems';
import { FileRows } from './FileRows';
import { isDone } from './ReportCells';
import { useDepositFiles } from './useDepositFiles';
import {
  ACCEPTED_DEPOSITED_FILES,
  ACCEPTED_DEPOSITED_LABEL,
  ACCEPTED_RETURNED_FILES,
  DEPOSITED_MEDIA_TYPES,
  reportsText as t,
} from '../../i18n/reports';

const useStyles = makeStyles({
  root: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fit, minmax(320px, 1fr))',
    gap: tokens.spacingHorizontalXL,
  },
  group: { display: 'flex', flexDirection: 'column', rowGap: tokens.spacingVerticalS },
  // A gallery takes the row's whole width; the returned items go below it.
  wide: { gridColumn: '1 / -1' },
  muted: { color: tokens.colorNeutralForeground3 },
});

const fileFields = graphql`
  fragment ReportFilesFragment on Report {
    id
    name
    status
    # A deposit in progress, from any device, live (product.md §16).
    deposit {
      expectedFiles
      receivedFiles
      refusedFiles
    }
    deposited {
      count
      totalSize
      archiveUrl
      wordArchiveUrl
      dictationSeconds
      files {
        id
        name
        size
        createdAt
        url
        downloadUrl
      }
    }
    returned {
      count
      totalSize
      archiveUrl
      files {
        id
        name
        size
        createdAt
        url
        downloadUrl
      }
    }
    viewerCan {
      addDeposited
      removeDeposited
      addReturned
      removeReturned
    }
  }
`;

type Kind = 'DEPOSITED' | 'RETURNED';

/**
 * Sends deposited or returned items to a report with upload progress (product.md §4), then the store
 * holds the report's new files and status, and a toast says how many were sent (§8). Rejects
 * when it failed (already announced) or was cancelled.
 */
export function useAddReportFiles(): {
  send: (reportId: string, kind: Kind, files: readonly File[]) => Promise<void>;
  progress: number | null;
  cancel: () => void;
} {
  const toast = useToast();
  const upload = useUpload();
  const send = async (reportId: string, kind: Kind, files: readonly File[]) => {
    const { placeholders, uploadables } = uploadablesFor('input.files', [...files]);
    await upload.start<ReportFilesAddMutation>({
      mutation: graphql`
        mutation ReportFilesAddMutation($input: AddReportFilesInput!) {
          addReportFiles(input: $input) {
            report {
              status
              alert
              updatedAt
              lastStatusChange
              ...ReportFilesFragment
            }
          }
        }
      `,
      variables: { input: { reportId, kind, files: placeholders } },
      uploadables,
    });
    toast('success', files.length > 1 ? t.filesUploaded(files.length) : t.fileUploaded);
  };
  return { send, progress: upload.progress, cancel: upload.cancel };
}

/**
 * A report's deposited and returned items (product.md §2 expanded row): viewer, download, deletion
 * after 'Êtes-vous sûr de vouloir supprimer le fichier ?' and, where allowed, an upload box, above
 * the deposited items' gallery (product.md §16) and below the returned items.
 * `readOnly` (terminated and archived lists) hides uploads and deletions; `returnedOnceDone` (the
 * bailiff) says the returned items come with the terminated constat (product.md §6).
 */
export function ReportFiles({
  report,
  readOnly = false,
  returnedOnceDone = false,
}: {
  report: ReportFilesFragment$key;
  readOnly?: boolean;
  returnedOnceDone?: boolean;
}) {
  const styles = useStyles();
  const data = useFragment(fileFields, report);
  const commit = useCommit();
  const addFiles = useAddReportFiles();
  const depositFiles = useDepositFiles(data.id, data.name);
  const { confirm, dialog } = useConfirm();
  const [viewed, setViewed] = useState<ViewedDocument | null>(null);
  const [pending, setPending] = useState<Record<Kind, File[]>>({ DEPOSITED: [], RETURNED: [] });
  const [uploadingKind, setUploadingKind] = useState<Kind | null>(null);
  const hasPhotos = data.deposited.files.some((file) => fileKindOf(file.name) === 'photo');
  useUnsentWork(pending.DEPOSITED.length > 0 || pending.RETURNED.length > 0);

  const remove = async (fileId: string) => {
    if (!(await confirm({ message: t.deleteFileConfirm }))) return;
    await commit<ReportFilesRemoveMutation>({
      mutation: graphql`
        mutation ReportFilesRemoveMutation($input: RemoveReportFilesInput!) {
          removeReportFiles(input: $input) {
            report {
              status
              alert
              ...ReportFilesFragment
            }
          }
        }
      `,
      variables: { input: { reportId: data.id, fileIds: [fileId] } },
    }).catch(() => null);
  };

  const send = async (kind: Kind) => {
    const files = pending[kind];
    setUploadingKind(kind);
    try {
      // Deposited items travel as a resumable deposit; returned ones (a few typed PVs) in one request.
      if (kind === 'DEPOSITED') await depositFiles.send(files);
      else await addFiles.send(data.id, kind, files);
      setPending((current) => ({ ...current, [kind]: [] }));
    } catch {
      // Announced by a toast; a cancel needs no message.
    } finally {
      setUploadingKind(null);
    }
  };

  const group = (kind: Kind) => {
    const files = kind === 'DEPOSITED' ? data.deposited : data.returned;
    const title = kind === 'DEPOSITED' ? t.columns.deposited : t.columns.returned;
    const canRemove = !readOnly && (kind === 'DEPOSITED' ? data.viewerCan.removeDeposited : data.viewerCan.removeReturned);
    const canAdd = !readOnly && (kind === 'DEPOSITED' ? data.viewerCan.addDeposited : data.viewerCan.addReturned);
    // Photos and dictations are deposited; what is returned is the typed PV.
    const deposit = kind === 'DEPOSITED';
    const onRemove = canRemove ? (fileId: string) => void remove(fileId) : undefined;
    const addBox =
      canAdd && deposit && depositFiles.deposit ? (
        <>
          <DepositProgress deposit={depositFiles.deposit} />
          {depositFiles.deposit.progress.finished ? (
            <div>
              <Button onClick={depositFiles.dismiss}>{fr.close}</Button>
            </div>
          ) : null}
        </>
      ) : canAdd ? (
        <>
          <UploadBox
            label={`${t.addFiles} : ${title}`}
            files={pending[kind]}
            accept={deposit ? ACCEPTED_DEPOSITED_FILES : ACCEPTED_RETURNED_FILES}
            acceptedLabel={deposit ? ACCEPTED_DEPOSITED_LABEL : undefined}
            mediaTypes={deposit ? DEPOSITED_MEDIA_TYPES : []}
            camera={deposit}
            disabled={uploadingKind !== null || depositFiles.busy}
            progress={uploadingKind === kind && !deposit ? addFiles.progress : null}
            onCancel={addFiles.cancel}
            onFilesChange={(next) => setPending((current) => ({ ...current, [kind]: next }))}
          />
          {pending[kind].length > 0 && uploadingKind === null ? (
            <div>
              <Button appearance="primary" onClick={() => void send(kind)}>
                {t.send}
              </Button>
            </div>
          ) : null}
        </>
      ) : null;
    return (
      <div className={mergeClasses(styles.group, deposit && hasPhotos && styles.wide)} role="region" aria-label={`${title} : ${data.name}`}>
        <Text weight="semibold">
          {title}{' '}
          <span className={styles.muted}>
            · {t.files(files.count)} · {formatFileSize(files.totalSize)}
          </span>
        </Text>
        {deposit && data.deposit ? (
          <Text size={200} role="status">
            {depositsText.onReport(data.deposit.receivedFiles, data.deposit.expectedFiles)}
          </Text>
        ) : null}
        {deposit ? addBox : null}
        {files.files.length === 0 ? (
          <Text className={styles.muted}>
            {kind === 'RETURNED' && returnedOnceDone && !isDone(data.status) ? t.returnedOnceDone : t.noFile}
          </Text>
        ) : deposit ? (
          <DepositedItems
            reportId={data.id}
            files={data.deposited.files}
            archiveUrl={data.deposited.archiveUrl}
            wordArchiveUrl={data.deposited.wordArchiveUrl}
            dictationSeconds={data.deposited.dictationSeconds}
            onView={setViewed}
            onRemove={onRemove}
          />
        ) : (
          <FileRows files={files.files} onView={setViewed} onRemove={onRemove} />
        )}
        {deposit ? null : addBox}
      </div>
    );
  };

  return (
    <div className={styles.root}>
      {group('DEPOSITED')}
      {group('RETURNED')}
      {dialog}
      <DocumentViewer document={viewed} onClose={() => setViewed(null)} />
    </div>
  );
}
