import { useState } from 'react';
import { Button, Field, Input, Text, Textarea, makeStyles, tokens } from '@fluentui/react-components';
import { graphql, useFragment } from 'react-relay/hooks';
import type { RetrocessionEntryFragment$key } from '../../__generated__/RetrocessionEntryFragment.graphql';
import type { RetrocessionEntryMutation } from '../../__generated__/RetrocessionEntryMutation.graphql';
import { ApiError } from '../../relay/ApiError';
import { useCommit } from '../../relay/commit';
import { useToast } from '../../ui/toasts';
import { canSendRetrocession, countOf, keepDigits, startingPhotos } from './counters';
import { reportsText } from '../../i18n/reports';

const t = reportsText.secretary.retrocession;

const useStyles = makeStyles({
  root: {
    display: 'flex',
    flexDirection: 'column',
    rowGap: tokens.spacingVerticalS,
    paddingBottom: tokens.spacingVerticalL,
    marginBottom: tokens.spacingVerticalL,
    borderBottom: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
  },
  form: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'flex-start',
    columnGap: tokens.spacingHorizontalL,
    rowGap: tokens.spacingVerticalS,
  },
  count: { width: '160px' },
  // Fluent's Input has a minimum width wider than a count needs.
  countInput: { minWidth: 0, width: '100%' },
  comment: { flexGrow: 1, minWidth: '260px', maxWidth: '520px' },
  // Lines the button up with the inputs under their labels.
  send: { paddingTop: '26px' },
  figures: { display: 'flex', flexWrap: 'wrap', columnGap: tokens.spacingHorizontalXXL, rowGap: tokens.spacingVerticalXS },
  muted: { color: tokens.colorNeutralForeground3 },
});

const fields = graphql`
  fragment RetrocessionEntryFragment on Report {
    id
    name
    countPagesProvisional
    countPhotosProvisional
    retrocessionComment
    deposited {
      photoFiles
    }
    viewerCan {
      setRetrocession
    }
  }
`;

/** product.md §5: a count field keeps digits only and says so when something else was typed. */
function CountField({
  label,
  value,
  hint,
  error,
  onChange,
  onBlur,
}: {
  label: string;
  value: string;
  hint?: string;
  error?: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
}) {
  const styles = useStyles();
  const [refused, setRefused] = useState(false);
  return (
    <Field label={label} className={styles.count} hint={hint} validationMessage={refused ? t.digitsOnly : error}>
      <Input
        className={styles.countInput}
        inputMode="numeric"
        value={value}
        placeholder="0"
        onBlur={onBlur}
        onChange={(_, data) => {
          const kept = keepDigits(data.value);
          setRefused(kept.refused);
          onChange(kept.value);
        }}
      />
    </Field>
  );
}

/**
 * The secretary's rétrocession entry in an expanded row (product.md §2, §4): provisional pages and
 * photos (digits only) and a comment; 'Rapport rétrocédé' sends them (EC becomes RS) and is
 * disabled while the pages are 0. Read-only where the viewer may not change them.
 */
export function RetrocessionEntry({
  report,
  readOnly = false,
  onSaved,
}: {
  report: RetrocessionEntryFragment$key;
  readOnly?: boolean;
  /** Called once saved (the page reads its tiles again). */
  onSaved?: () => void;
}) {
  const styles = useStyles();
  const data = useFragment(fields, report);
  const commit = useCommit();
  const toast = useToast();
  const shown = (count: number) => (count > 0 ? String(count) : '');
  const [pages, setPages] = useState(shown(data.countPagesProvisional));
  const [pagesTouched, setPagesTouched] = useState(false);
  const starting = startingPhotos(data.countPhotosProvisional, data.deposited.photoFiles);
  const [photos, setPhotos] = useState(starting.value);
  const [comment, setComment] = useState(data.retrocessionComment ?? '');
  const [saving, setSaving] = useState(false);
  // Saved counts changed elsewhere (the automatic counting applied, another user live): shown here
  // (state adjusted while rendering, React's pattern for a change of prop).
  const saved = `${data.countPagesProvisional}/${data.countPhotosProvisional}`;
  const [savedShown, setSavedShown] = useState(saved);
  if (saved !== savedShown) {
    setSavedShown(saved);
    setPages(shown(data.countPagesProvisional));
    setPhotos(starting.value);
  }

  if (readOnly || !data.viewerCan.setRetrocession) {
    return (
      <div className={styles.root} role="region" aria-label={t.label(data.name)}>
        <Text weight="semibold">{t.title}</Text>
        <div className={styles.figures}>
          <Text>
            {t.pages} : <strong>{data.countPagesProvisional}</strong>
          </Text>
          <Text>
            {t.photos} : <strong>{data.countPhotosProvisional}</strong>
          </Text>
          <Text>
            {t.comment} : {data.retrocessionComment ?? <span className={styles.muted}>-</span>}
          </Text>
        </div>
      </div>
    );
  }

  const save = async () => {
    setSaving(true);
    try {
      await commit<RetrocessionEntryMutation>(
        {
          mutation: graphql`
            mutation RetrocessionEntryMutation($input: SetRetrocessionInput!) {
              setRetrocession(input: $input) {
                report {
                  status
                  alert
                  updatedAt
                  lastStatusChange
                  ...RetrocessionEntryFragment
                }
              }
            }
          `,
          variables: {
            input: {
              reportId: data.id,
              countPagesProvisional: countOf(pages),
              countPhotosProvisional: countOf(photos),
              comment: comment.trim() || null,
            },
          },
        },
        // product.md §8: a failed rétrocession says 'Réessayez plus tard.'; the server's own French
        // message when it refused what was typed.
        { errorToast: (error) => (error instanceof ApiError && error.code === 'BAD_USER_INPUT' ? error.message : t.failure) },
      );
      toast('success', t.sent);
      onSaved?.();
    } catch {
      // Announced by a toast.
    } finally {
      setSaving(false);
    }
  };

  return (
    <div className={styles.root} role="region" aria-label={t.label(data.name)}>
      <Text weight="semibold">{t.title}</Text>
      <div className={styles.form}>
        <CountField
          label={t.pages}
          value={pages}
          // Says why 'Rapport rétrocédé' is disabled (product.md §4), once the field was used: not as
          // a reproach to a form just opened.
          error={pagesTouched && countOf(pages) === 0 ? t.pagesRequired : undefined}
          onBlur={() => setPagesTouched(true)}
          onChange={(value) => {
            setPagesTouched(true);
            setPages(value);
          }}
        />
        <CountField
          label={t.photos}
          value={photos}
          hint={starting.prefilled && photos === starting.value ? t.photosDeposited(data.deposited.photoFiles) : undefined}
          onChange={setPhotos}
        />
        <Field label={t.comment} className={styles.comment}>
          <Textarea value={comment} maxLength={1000} resize="vertical" onChange={(_, value) => setComment(value.value)} />
        </Field>
        <div className={styles.send}>
          <Button
            appearance="primary"
            disabled={saving || !canSendRetrocession({ provisional: { pages: countOf(pages), photos: countOf(photos) } })}
            onClick={() => void save()}
          >
            {t.send}
          </Button>
        </div>
      </div>
    </div>
  );
}
