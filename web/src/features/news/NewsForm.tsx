import { useState, type FormEvent } from 'react';
import { Checkbox, Field } from '@fluentui/react-components';
import { graphql, useFragment } from 'react-relay/hooks';
import { useNavigate } from 'react-router';
import type { NewsFormCreateMutation } from '../../__generated__/NewsFormCreateMutation.graphql';
import type { NewsFormFragment$key } from '../../__generated__/NewsFormFragment.graphql';
import type { NewsFormUpdateMutation } from '../../__generated__/NewsFormUpdateMutation.graphql';
import { fr } from '../../i18n/fr';
import { newsText } from '../../i18n/news';
import { ApiError, describeError } from '../../relay/ApiError';
import { useCommit } from '../../relay/commit';
import { FormActions, FormCard } from '../../ui/FormLayout';
import { PageHeader } from '../../ui/PageHeader';
import { useToast } from '../../ui/toasts';
import { useFormFields } from '../../ui/useFormFields';
import { RichTextEditor, richTextIsEmpty } from './RichTextEditor';

const n = newsText;

type NewsField = 'title' | 'body';
const NEWS_FIELDS: readonly NewsField[] = ['title', 'body'];

/**
 * product.md §2 'CRÉER UNE ACTUALITÉ' and its edit screen (checkbox 'Importante'): title, rich-text body,
 * important flag; §5 rules live; back to /dashboard/viewnews after saving.
 */
export function NewsForm({ news }: { news: NewsFormFragment$key | null }) {
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
  const form = useFormFields<NewsField>({ title: data?.title ?? '', body: data?.body ?? '' }, (field, values) => {
    if (field === 'title') {
      const value = values.title.trim();
      if (!value) return editing ? fr.forms.required : n.titleRequired;
      return value.length < 3 ? n.min3 : null;
    }
    return richTextIsEmpty(values.body) ? fr.forms.required : null;
  });
  const [important, setImportant] = useState(data?.important ?? false);
  const [saving, setSaving] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!form.validate(NEWS_FIELDS)) return;
    const title = form.values.title.trim();
    const { body } = form.values;
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
            variables: { input: { id: data.id, title, body, important } },
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
            variables: { input: { title, body, important } },
          },
          { errorToast },
        );
        toast('success', response.createNews.message || n.created);
      }
      void navigate('/dashboard/viewnews');
    } catch (error) {
      if (error instanceof ApiError) form.setServerErrors(error.fields);
      setSaving(false);
    }
  };

  const bodyError = form.errorOf('body');
  return (
    <section>
      <PageHeader title={editing ? fr.titles.editNews : fr.titles.createNews} description={n.formDescription} />
      <FormCard onSubmit={(event) => void submit(event)}>
        {form.textField('title', { label: n.title, maxLength: 200 })}
        <Field label={n.body} required validationState={bodyError ? 'error' : 'none'} validationMessage={bodyError ?? undefined}>
          {(props) => (
            <RichTextEditor
              {...props}
              defaultValue={data?.body ?? ''}
              onChange={(html) => form.change('body', html)}
              onBlur={() => form.touch('body')}
            />
          )}
        </Field>
        <Checkbox
          label={editing ? n.importantEdit : n.importantCreate}
          checked={important}
          onChange={(_, d) => setImportant(d.checked === true)}
        />
        <FormActions saving={saving} onCancel={() => navigate('/dashboard/viewnews')} submitLabel={editing ? fr.forms.submit : n.send} />
      </FormCard>
    </section>
  );
}
