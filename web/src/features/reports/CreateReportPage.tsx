import { useState, type FormEvent } from 'react';
import { Button, Field, Input, Spinner, Textarea, makeStyles, tokens } from '@fluentui/react-components';
import { graphql, useLazyLoadQuery } from 'react-relay/hooks';
import { useNavigate } from 'react-router';
import type { CreateReportPageMutation } from '../../__generated__/CreateReportPageMutation.graphql';
import type { CreateReportPageQuery } from '../../__generated__/CreateReportPageQuery.graphql';
import { fr } from '../../i18n/fr';
import { uploadablesFor } from '../../relay/multipart';
import { useUpload } from '../../relay/useUpload';
import { ChoiceSelect, type Choice } from '../../ui/ChoiceSelect';
import { PageHeader } from '../../ui/PageHeader';
import { UploadBox } from '../../ui/UploadBox';
import { useToast } from '../../ui/toasts';
import { ACCEPTED_DEPOSITED_FILES, ACCEPTED_DEPOSITED_LABEL, DEPOSITED_MEDIA_TYPES, reportsText } from '../../i18n/reports';

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
export default function CreateReportPage() {
  const data = useLazyLoadQuery<CreateReportPageQuery>(
    graphql`
      query CreateReportPageQuery {
        # Every active bailiff, never a first page (product.md §15).
        bailiffs: peopleChoices(role: BAILIFF, activeOnly: true) {
          id
          fullName
        }
      }
    `,
    {},
    { fetchPolicy: 'store-and-network' },
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

/** product.md §2 'Créer un constat', §4 report creation states (progress, cancel), §5 messages. */
export function CreateReportForm({ bailiffs, createdPath, cancelPath }: CreateReportFormProps) {
  const styles = useStyles();
  const navigate = useNavigate();
  const toast = useToast();
  const upload = useUpload();
  const [bailiffId, setBailiffId] = useState('');
  const [name, setName] = useState('');
  const [comment, setComment] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const [errors, setErrors] = useState<Errors>({});
  const [submitted, setSubmitted] = useState(false);
  const uploading = upload.progress !== null;

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
    const { placeholders, uploadables } = uploadablesFor('input.files', files);
    try {
      await upload.start<CreateReportPageMutation>({
        mutation: graphql`
          mutation CreateReportPageMutation($input: CreateReportInput!) {
            createReport(input: $input) {
              report {
                id
                name
                status
              }
            }
          }
        `,
        variables: {
          input: { bailiffId: bailiffs ? bailiffId : null, name: name.trim(), comment: comment.trim() || null, files: placeholders },
        },
        uploadables,
      });
    } catch {
      // A failure was announced by a toast (the server's reason, or 'Essayer plus tard'); a cancel needs none.
      return;
    }
    toast('success', t.success);
    void navigate(createdPath);
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
          <UploadBox
            label={t.files}
            files={files}
            accept={ACCEPTED_DEPOSITED_FILES}
            acceptedLabel={ACCEPTED_DEPOSITED_LABEL}
            mediaTypes={DEPOSITED_MEDIA_TYPES}
            camera
            disabled={uploading}
            progress={upload.progress}
            onCancel={upload.cancel}
            error={errors.files}
            onFilesChange={(next) => {
              setFiles(next);
              recheck({ files: next });
            }}
          />
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
          <Button disabled={uploading} onClick={() => navigate(cancelPath)}>
            {t.cancel}
          </Button>
          <Button appearance="primary" type="submit" disabled={uploading} icon={uploading ? <Spinner size="tiny" /> : undefined}>
            {t.submit}
          </Button>
        </div>
      </form>
    </section>
  );
}
