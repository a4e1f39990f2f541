import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Button, Field, Input, Spinner, Textarea, makeStyles, tokens } from '@fluentui/react-components';
import { graphql, usePreloadedQuery } from 'react-relay/hooks';
import { useNavigate } from 'react-router';
import type { CreateReportPageMutation } from '../../__generated__/CreateReportPageMutation.graphql';
import type { CreateReportPageQuery } from '../../__generated__/CreateReportPageQuery.graphql';
import { useSessionUser } from '../../app/session/sessionContext';
import { depositsText } from '../../i18n/deposits';
import { fr } from '../../i18n/fr';
import { useCommit } from '../../relay/commit';
import { ChoiceSelect, type Choice } from '../../ui/ChoiceSelect';
import { dismissDeposit, startDeposit } from '../deposits/depositRunner';
import { DepositProgress, depositHeadline, refusalsSummary } from '../deposits/DepositProgress';
import { useDeposit } from '../deposits/useDeposits';
import { PageHeader } from '../../ui/PageHeader';
import { UploadBox } from '../../ui/UploadBox';
import { useToast } from '../../ui/toasts';
import { ACCEPTED_DEPOSITED_FILES, ACCEPTED_DEPOSITED_LABEL, DEPOSITED_MEDIA_TYPES, reportsText } from '../../i18n/reports';
import type { ScreenProps } from '../../app/routing/screen';

const t = reportsText.create;
const NAME_MAX = 90;

const useStyles = makeStyles({
  card: {
    display: 'flex',
    flexDirection: 'column',
    rowGap: tokens.spacingVerticalL,
    maxWidth: '760px',
    padding: tokens.spacingHorizontalXXL,
    backgroundColor: tokens.colorNeutralBackground1,
    borderRadius: tokens.borderRadiusXLarge,
    boxShadow: tokens.shadow4,
  },
  actions: {
    display: 'flex',
    justifyContent: 'flex-end',
    columnGap: tokens.spacingHorizontalS,
    paddingTop: tokens.spacingVerticalS,
  },
});

interface Errors {
  bailiff?: string;
  name?: string;
  files?: string;
}

/** product.md §2 'Créer un constat' (admin): the form with its bailiff select. */
export default function CreateReportPage({ queryRef }: ScreenProps<CreateReportPageQuery>) {
  const data = usePreloadedQuery<CreateReportPageQuery>(
    graphql`
      query CreateReportPageQuery {
        # Every active bailiff, never a first page (product.md §15).
        bailiffs: peopleChoices(role: BAILIFF, activeOnly: true) {
          id
          fullName
        }
      }
    `,
    queryRef,
  );
  return (
    <CreateReportForm
      bailiffs={data.bailiffs.map((bailiff) => ({ id: bailiff.id, label: bailiff.fullName }))}
      createdPath="/dashboard/constats-en-cours-admin"
      cancelPath="/dashboard/constatsencours"
    />
  );
}

interface CreateReportFormProps {
  /** The admin picks the bailiff; without options the report is the signed-in bailiff's own. */
  bailiffs?: readonly Choice[];
  /** Where a created report is listed. */
  createdPath: string;
  cancelPath: string;
}

/**
 * product.md §2 'Créer un constat', §5 messages, §16 deposits: one click creates the constat with its
 * files announced, then they travel as a resumable deposit (depositRunner.ts) while the form shows
 * its progress; once every file arrived it goes to the list, or first shows the refused ones.
 */
export function CreateReportForm({ bailiffs, createdPath, cancelPath }: CreateReportFormProps) {
  const styles = useStyles();
  const navigate = useNavigate();
  const toast = useToast();
  const commit = useCommit();
  const user = useSessionUser();
  const [bailiffId, setBailiffId] = useState('');
  const [name, setName] = useState('');
  const [comment, setComment] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const [errors, setErrors] = useState<Errors>({});
  const [submitted, setSubmitted] = useState(false);
  const [creating, setCreating] = useState(false);
  const [depositId, setDepositId] = useState<number | null>(null);
  const deposit = useDeposit(depositId);
  const uploading = creating || depositId !== null;
  const finished = deposit?.progress.finished ?? false;
  const told = useRef(false);

  // Every file settled: the list, at once when all arrived; after « Continuer » when some were
  // refused (a toast gives the reason, the form lists each one).
  useEffect(() => {
    if (!finished || depositId === null || told.current) return;
    told.current = true;
    if (deposit && deposit.progress.cancelled > 0) {
      // Stopped by the bailiff: the constat exists with what arrived, as the list shows.
      toast('info', depositHeadline(deposit));
      dismissDeposit(depositId);
      void navigate(createdPath);
      return;
    }
    toast('success', t.success);
    const refusals = deposit && refusalsSummary(deposit);
    if (refusals) {
      toast('error', refusals);
      return;
    }
    dismissDeposit(depositId);
    void navigate(createdPath);
  }, [finished, deposit, depositId, toast, navigate, createdPath]);

  const validate = (next: { bailiffId: string; name: string; files: readonly File[] }): Errors => ({
    bailiff: next.bailiffId || !bailiffs ? undefined : t.bailiffRequired,
    name: next.name.trim() ? undefined : t.nameRequired,
    files: next.files.length > 0 ? undefined : t.fileRequired,
  });

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    const found = validate({ bailiffId, name, files });
    setErrors(found);
    if (found.bailiff || found.name || found.files) return;
    setCreating(true);
    try {
      const response = await commit<CreateReportPageMutation>({
        mutation: graphql`
          mutation CreateReportPageMutation($input: CreateReportInput!) {
            createReport(input: $input) {
              report {
                id
                name
                status
              }
              deposit {
                databaseId
              }
            }
          }
        `,
        variables: {
          input: {
            bailiffId: bailiffs ? bailiffId : null,
            name: name.trim(),
            comment: comment.trim() || null,
            deposit: { files: files.length },
          },
        },
      });
      const { report, deposit: opened } = response.createReport;
      if (!opened) return;
      setDepositId(opened.databaseId);
      await startDeposit({ depositId: opened.databaseId, reportId: report.id, reportName: report.name, owner: user.id }, files);
    } catch {
      // Announced by a toast (the server's reason, or 'Réessayez plus tard.').
    } finally {
      setCreating(false);
    }
  };

  const recheck = (next: Partial<{ bailiffId: string; name: string; files: readonly File[] }>) => {
    if (submitted) setErrors(validate({ bailiffId, name, files, ...next }));
  };

  return (
    <section>
      <PageHeader title={fr.titles.createReport} />
      <form className={styles.card} onSubmit={(event) => void onSubmit(event)} noValidate>
        {bailiffs ? (
          <Field label={t.bailiff} required validationMessage={errors.bailiff}>
            <ChoiceSelect
              choices={bailiffs}
              value={bailiffId}
              disabled={uploading}
              emptyLabel={t.bailiffPlaceholder}
              onChange={(next) => {
                setBailiffId(next);
                recheck({ bailiffId: next });
              }}
            />
          </Field>
        ) : null}
        <Field label={t.name} required validationMessage={errors.name} hint={t.hint(name.length)}>
          <Input
            value={name}
            maxLength={NAME_MAX}
            disabled={uploading}
            onChange={(_, next) => {
              setName(next.value);
              recheck({ name: next.value });
            }}
          />
        </Field>
        <Field label={t.files} required>
          {deposit ? (
            <DepositProgress deposit={deposit} />
          ) : creating ? (
            <Spinner size="small" label={depositsText.preparing} />
          ) : (
            <UploadBox
              label={t.files}
              files={files}
              accept={ACCEPTED_DEPOSITED_FILES}
              acceptedLabel={ACCEPTED_DEPOSITED_LABEL}
              mediaTypes={DEPOSITED_MEDIA_TYPES}
              camera
              error={errors.files}
              onFilesChange={(next) => {
                setFiles(next);
                recheck({ files: next });
              }}
            />
          )}
        </Field>
        <Field label={t.comment} hint={t.hint(comment.length)}>
          <Textarea
            value={comment}
            maxLength={NAME_MAX}
            disabled={uploading}
            resize="vertical"
            onChange={(_, next) => setComment(next.value)}
          />
        </Field>
        <div className={styles.actions}>
          {finished && depositId !== null ? (
            <Button
              appearance="primary"
              onClick={() => {
                dismissDeposit(depositId);
                void navigate(createdPath);
              }}
            >
              {depositsText.continue}
            </Button>
          ) : (
            <>
              <Button disabled={uploading} onClick={() => navigate(cancelPath)}>
                {t.cancel}
              </Button>
              <Button appearance="primary" type="submit" disabled={uploading} icon={uploading ? <Spinner size="tiny" /> : undefined}>
                {t.submit}
              </Button>
            </>
          )}
        </div>
      </form>
    </section>
  );
}
