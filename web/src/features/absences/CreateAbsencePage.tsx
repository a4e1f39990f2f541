import { useState, type FormEvent } from 'react';
import {
  Button,
  Card,
  Field,
  MessageBar,
  MessageBarBody,
  MessageBarTitle,
  Spinner,
  Textarea,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { graphql } from 'react-relay/hooks';
import { useNavigate } from 'react-router';
import type { CreateAbsencePageMutation } from '../../__generated__/CreateAbsencePageMutation.graphql';
import { useSessionUser } from '../../app/session/sessionContext';
import { fr } from '../../i18n/fr';
import { ApiError } from '../../relay/ApiError';
import { useCommit } from '../../relay/commit';
import { DatePicker } from '../../ui/DatePicker';
import { formatDate } from '../../ui/format';
import { PageHeader } from '../../ui/PageHeader';
import { useToast } from '../../ui/toasts';
import { calendarPathAfterReport, checkAbsenceDates, type AbsenceDates } from './absenceForm';
import { absencesText } from '../../i18n/absences';
import { useOverlappingAbsences } from './useOverlappingAbsences';

const t = absencesText.form;

/** The API's limit (api/src/modules/absences/rules.ts). */
const COMMENT_MAX = 500;

const useStyles = makeStyles({
  card: { maxWidth: '720px', padding: tokens.spacingHorizontalXXL },
  form: { display: 'flex', flexDirection: 'column', rowGap: tokens.spacingVerticalL },
  dates: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fit, minmax(240px, 1fr))',
    // A message under one date must not stretch the other field.
    alignItems: 'start',
    gap: tokens.spacingHorizontalL,
  },
  actions: {
    display: 'flex',
    justifyContent: 'flex-end',
    columnGap: tokens.spacingHorizontalS,
    borderTop: `1px solid ${tokens.colorNeutralStroke2}`,
    paddingTop: tokens.spacingVerticalL,
  },
});

/**
 * product.md §2 « Signaler une absence ou un congé » (/dashboard/createanalert, bailiffs and
 * secretaries): first and last day (DD/MM/YYYY), comment; Valider only once the dates are valid;
 * then the role's calendar, where the absence shows.
 */
export default function CreateAbsencePage() {
  const styles = useStyles();
  const navigate = useNavigate();
  const commit = useCommit();
  const toast = useToast();
  const user = useSessionUser();
  const [dates, setDates] = useState<AbsenceDates>({ start: '', end: '' });
  const [comment, setComment] = useState('');
  // A half-typed date is not flagged until the field is left.
  const [left, setLeft] = useState<ReadonlySet<keyof AbsenceDates>>(new Set());
  const [serverErrors, setServerErrors] = useState<Partial<Record<string, string>>>({});
  const [saving, setSaving] = useState(false);

  const { days, errors } = checkAbsenceDates(dates);
  const overlapping = useOverlappingAbsences(days && { from: days.startDate, to: days.endDate });
  const errorOf = (field: keyof AbsenceDates) => {
    const server = serverErrors[field === 'start' ? 'startDate' : 'endDate'];
    if (server) return server;
    const error = errors[field];
    // The order of the days is told at once; a malformed date once the field is left.
    return error && (error === t.endBeforeStart || left.has(field)) ? error : undefined;
  };
  const change = (field: keyof AbsenceDates) => (value: string) => {
    setDates((current) => ({ ...current, [field]: value }));
    setServerErrors({});
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!days || saving) return;
    setSaving(true);
    try {
      const response = await commit<CreateAbsencePageMutation>(
        {
          mutation: graphql`
            mutation CreateAbsencePageMutation($input: CreateAbsenceInput!) {
              createAbsence(input: $input) {
                message
                absence {
                  id
                  ...AbsenceCalendarFragment
                }
              }
            }
          `,
          variables: { input: { ...days, comment: comment.trim() } },
        },
        { errorToast: (error) => (error instanceof ApiError && Object.keys(error.fields).length > 0 ? null : fr.errors.generic) },
      );
      toast('success', response.createAbsence.message || t.created);
      void navigate(calendarPathAfterReport(user.role, days.startDate));
    } catch (error) {
      if (error instanceof ApiError) setServerErrors(error.fields);
      setSaving(false);
    }
  };

  const startError = errorOf('start');
  const endError = errorOf('end');
  const commentError = serverErrors.comment;
  return (
    <section>
      <PageHeader title={fr.titles.createAlert} description={t.description} />
      <Card className={styles.card}>
        <form className={styles.form} onSubmit={(event) => void submit(event)} noValidate>
          <div className={styles.dates}>
            <Field label={t.startDate} required validationState={startError ? 'error' : 'none'} validationMessage={startError}>
              <DatePicker
                value={dates.start}
                onChange={change('start')}
                onBlur={() => setLeft((current) => new Set(current).add('start'))}
              />
            </Field>
            <Field label={t.endDate} required validationState={endError ? 'error' : 'none'} validationMessage={endError}>
              <DatePicker value={dates.end} onChange={change('end')} onBlur={() => setLeft((current) => new Set(current).add('end'))} />
            </Field>
          </div>
          <Field label={t.comment} validationState={commentError ? 'error' : 'none'} validationMessage={commentError}>
            <Textarea
              value={comment}
              maxLength={COMMENT_MAX}
              rows={4}
              resize="vertical"
              placeholder={t.commentPlaceholder}
              onChange={(_, data) => setComment(data.value)}
            />
          </Field>
          {overlapping.length > 0 ? (
            <MessageBar intent="warning">
              <MessageBarBody>
                <MessageBarTitle>{t.overlapTitle}</MessageBarTitle>
                {t.overlap(overlapping.map((absence) => t.overlapPeriod(formatDate(absence.startDate), formatDate(absence.endDate))))}
              </MessageBarBody>
            </MessageBar>
          ) : null}
          <div className={styles.actions}>
            <Button type="button" disabled={saving} onClick={() => navigate('/dashboard')}>
              {fr.forms.cancel}
            </Button>
            <Button type="submit" appearance="primary" disabled={!days || saving} icon={saving ? <Spinner size="tiny" /> : undefined}>
              {fr.forms.submit}
            </Button>
          </div>
        </form>
      </Card>
    </section>
  );
}
