import { useState, type FormEvent } from 'react';
import { Button, Card, Checkbox, Field, Input, Spinner, makeStyles, tokens } from '@fluentui/react-components';
import { graphql, useFragment } from 'react-relay/hooks';
import { useNavigate } from 'react-router';
import type { NewsFormCreateMutation } from '../../__generated__/NewsFormCreateMutation.graphql';
import type { NewsFormFragment$key } from '../../__generated__/NewsFormFragment.graphql';
import type { NewsFormUpdateMutation } from '../../__generated__/NewsFormUpdateMutation.graphql';
import { fr } from '../../i18n/fr';
import { ApiError, describeError } from '../../relay/ApiError';
import { useCommit } from '../../relay/commit';
import { PageHeader } from '../../ui/PageHeader';
import { useToast } from '../../ui/toasts';
import { RichTextEditor, richTextIsEmpty } from './RichTextEditor';

const n = fr.news;

const useStyles = makeStyles({
  card: { maxWidth: '880px', padding: tokens.spacingHorizontalXXL },
  form: { display: 'flex', flexDirection: 'column', rowGap: tokens.spacingVerticalL },
  actions: {
    display: 'flex',
    justifyContent: 'flex-end',
    columnGap: tokens.spacingHorizontalS,
    borderTop: `1px solid ${tokens.colorNeutralStroke2}`,
    paddingTop: tokens.spacingVerticalL,
  },
});

type NewsField = 'title' | 'body';

/**
 * Spec §2 'CRÉER UNE ACTUALITÉ' and its edit screen (checkbox 'Importante'): title, rich-text body,
 * important flag; §5 rules live; back to /dashboard/viewnews after saving.
 */
export function NewsForm({ news }: { news: NewsFormFragment$key | null }) {
  const styles = useStyles();
  const navigate = useNavigate();
  const commit = useCommit();
  const toast = useToast();
  const data = useFragment(
    graphql`
      fragment NewsFormFragment on News {
        id
        title
        body
        important
      }
    `,
    news,
  );
  const editing = Boolean(data);
  const [title, setTitle] = useState(data?.title ?? '');
  const [body, setBody] = useState(data?.body ?? '');
  const [important, setImportant] = useState(data?.important ?? false);
  const [touched, setTouched] = useState<ReadonlySet<NewsField>>(new Set());
  const [serverErrors, setServerErrors] = useState<Partial<Record<string, string>>>({});
  const [saving, setSaving] = useState(false);

  const validate = (field: NewsField): string | null => {
    if (field === 'title') {
      const value = title.trim();
      if (!value) return editing ? fr.forms.required : n.titleRequired;
      return value.length < 3 ? n.min3 : null;
    }
    return richTextIsEmpty(body) ? fr.forms.required : null;
  };
  const errorOf = (field: NewsField) => serverErrors[field] ?? (touched.has(field) ? validate(field) : null);
  const touch = (field: NewsField) => setTouched((current) => new Set(current).add(field));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTouched(new Set<NewsField>(['title', 'body']));
    if (validate('title') || validate('body')) return;
    setSaving(true);
    const errorToast = (error: unknown) =>
      error instanceof ApiError && Object.keys(error.fields).length > 0 ? null : describeError(error);
    try {
      if (data) {
        const response = await commit<NewsFormUpdateMutation>(
          {
            mutation: graphql`
              mutation NewsFormUpdateMutation($input: UpdateNewsInput!) {
                updateNews(input: $input) {
                  message
                  news {
                    ...NewsFormFragment
                    createdAt
                  }
                }
              }
            `,
            variables: { input: { id: data.id, title: title.trim(), body, important } },
          },
          { errorToast },
        );
        toast('success', response.updateNews.message || n.updated);
      } else {
        const response = await commit<NewsFormCreateMutation>(
          {
            mutation: graphql`
              mutation NewsFormCreateMutation($input: CreateNewsInput!) {
                createNews(input: $input) {
                  message
                  news {
                    id
                  }
                }
              }
            `,
            variables: { input: { title: title.trim(), body, important } },
          },
          { errorToast },
        );
        toast('success', response.createNews.message || n.created);
      }
      navigate('/dashboard/viewnews');
    } catch (error) {
      if (error instanceof ApiError) setServerErrors(error.fields);
      setSaving(false);
    }
  };

  const titleError = errorOf('title');
  const bodyError = errorOf('body');
  return (
    <section>
      <PageHeader title={editing ? fr.titles.editNews : fr.titles.createNews} description={n.formDescription} />
      <Card className={styles.card}>
        <form className={styles.form} onSubmit={(event) => void submit(event)} noValidate>
          <Field
            label={n.title}
            required
            validationState={titleError ? 'error' : 'none'}
            validationMessage={titleError ?? undefined}
          >
            <Input
              value={title}
              maxLength={200}
              onChange={(_, d) => {
                setTitle(d.value);
                setServerErrors(({ title: _, ...rest }) => rest);
              }}
              onBlur={() => touch('title')}
            />
          </Field>
          <Field
            label={n.body}
            required
            validationState={bodyError ? 'error' : 'none'}
            validationMessage={bodyError ?? undefined}
          >
            {(props) => (
              <RichTextEditor
                {...props}
                defaultValue={data?.body ?? ''}
                onChange={(html) => {
                  setBody(html);
                  setServerErrors(({ body: _, ...rest }) => rest);
                }}
                onBlur={() => touch('body')}
              />
            )}
          </Field>
          <Checkbox
            label={editing ? n.importantEdit : n.importantCreate}
            checked={important}
            onChange={(_, d) => setImportant(d.checked === true)}
          />
          <div className={styles.actions}>
            <Button type="button" disabled={saving} onClick={() => navigate('/dashboard/viewnews')}>
              {fr.forms.cancel}
            </Button>
            <Button
              type="submit"
              appearance="primary"
              disabled={saving}
              icon={saving ? <Spinner size="tiny" /> : undefined}
            >
              {editing ? fr.forms.submit : n.send}
            </Button>
          </div>
        </form>
      </Card>
    </section>
  );
}
