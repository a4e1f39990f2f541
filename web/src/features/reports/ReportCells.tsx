import { useRef, useState } from 'react';
import {
  Badge,
  Button,
  Link,
  Popover,
  PopoverSurface,
  PopoverTrigger,
  Text,
  Tooltip,
  makeStyles,
  mergeClasses,
  tokens,
} from '@fluentui/react-components';
import { ArrowDownloadRegular } from '@fluentui/react-icons/svg/arrow-download';
import { CommentRegular } from '@fluentui/react-icons/svg/comment';
import { PersonEditRegular } from '@fluentui/react-icons/svg/person-edit';
import type { ReportStatus } from '@constats/domain/reports-views';
import { ChoiceSelect, type Choice } from '../../ui/ChoiceSelect';
import { formatFileSize } from '../../ui/format';
import { reportsText as t } from '../../i18n/reports';

const useStyles = makeStyles({
  dot: {
    display: 'inline-block',
    width: '12px',
    height: '12px',
    borderRadius: '50%',
    flexShrink: 0,
  },
  DEFAULT: { backgroundColor: tokens.colorNeutralStroke1 },
  SUCCESS: { backgroundColor: tokens.colorPaletteGreenBackground3 },
  WARNING: { backgroundColor: tokens.colorPaletteDarkOrangeBackground3 },
  ERROR: { backgroundColor: tokens.colorPaletteRedBackground3 },
  files: {
    display: 'flex',
    flexDirection: 'column',
    rowGap: '2px',
  },
  muted: { color: tokens.colorNeutralForeground3 },
  // product.md §13 (1280 px): a badge (« Non attribué ») and a count (« 3 fichiers ») stay on one line; the
  // reports table gives their columns the room (ReportsTable's widths).
  status: { whiteSpace: 'nowrap' },
  nowrap: { whiteSpace: 'nowrap' },
  assign: {
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'space-between',
    columnGap: tokens.spacingHorizontalXXS,
  },
  // Long names wrap between words; a single very long word still breaks rather than overflow.
  assignedName: { minWidth: 0, overflowWrap: 'anywhere' },
  assignSurface: {
    display: 'flex',
    flexDirection: 'column',
    rowGap: tokens.spacingVerticalS,
  },
  assignForm: {
    display: 'flex',
    alignItems: 'center',
    columnGap: tokens.spacingHorizontalS,
  },
  assignSelect: { width: '240px' },
  comments: { position: 'relative', display: 'inline-flex' },
  unread: {
    position: 'absolute',
    top: '4px',
    right: '4px',
    width: '9px',
    height: '9px',
    borderRadius: '50%',
    backgroundColor: tokens.colorPaletteRedBackground3,
    border: `1.5px solid ${tokens.colorNeutralBackground1}`,
    pointerEvents: 'none',
  },
});

export type AlertLevel = 'DEFAULT' | 'SUCCESS' | 'WARNING' | 'ERROR';

/** Terminated or archived: the returned items are final. */
export const isDone = (status: ReportStatus) => status === 'TE' || status === 'AR';

/** product.md §4: the alert bullet, grey / green / orange / red. */
export function AlertDot({ level }: { level: AlertLevel }) {
  const styles = useStyles();
  return (
    <Tooltip content={t.alert[level]} relationship="label">
      <span className={mergeClasses(styles.dot, styles[level])} role="img" data-alert={level} />
    </Tooltip>
  );
}

const statusColor: Record<ReportStatus, 'informative' | 'danger' | 'success' | 'subtle' | 'warning'> = {
  NA: 'warning',
  EC: 'informative',
  RS: 'danger',
  TE: 'success',
  AR: 'subtle',
};

/** product.md §4: RS is shown red. */
export function StatusBadge({ status }: { status: ReportStatus }) {
  const styles = useStyles();
  return (
    <Badge appearance="tint" color={statusColor[status]} className={styles.status}>
      {t.status[status]}
    </Badge>
  );
}

interface FileGroup {
  readonly count: number;
  readonly totalSize: number;
  readonly archiveUrl: string | null | undefined;
}

/** 'Éléments déposés' / 'retournés': count, size in Mo, a click downloads them all. */
export function FileGroupCell({ group, label }: { group: FileGroup; label: string }) {
  const styles = useStyles();
  if (group.count === 0) return <Text className={styles.muted}>{t.noFile}</Text>;
  return (
    <span className={styles.files}>
      {group.archiveUrl ? (
        <Link
          className={styles.nowrap}
          href={group.archiveUrl}
          download
          aria-label={`${t.files(group.count)} · ${t.downloadAll} : ${label}`}
        >
          <ArrowDownloadRegular /> {t.files(group.count)}
        </Link>
      ) : (
        <Text className={styles.nowrap}>{t.files(group.count)}</Text>
      )}
      <Text size={200} className={styles.muted}>
        {formatFileSize(group.totalSize)}
      </Text>
    </span>
  );
}

/**
 * product.md §2: the per-row secretary select with its 'ok' button. The cell shows the assigned
 * secretary's full name (it wraps rather than being cut); the select and 'ok' open in a popover
 * beside it, wide enough for every name, so the table still fits 1280 px.
 */
export function SecretaryAssign({
  reportName,
  current,
  options,
  onAssign,
}: {
  reportName: string;
  current: Choice | null;
  options: readonly Choice[];
  onAssign: (secretaryId: string) => Promise<unknown>;
}) {
  const styles = useStyles();
  const [open, setOpen] = useState(false);
  const trigger = useRef<HTMLButtonElement>(null);
  return (
    <span className={styles.assign}>
      {current ? (
        <span className={styles.assignedName}>{current.label}</span>
      ) : (
        <Text className={mergeClasses(styles.nowrap, styles.muted)}>{t.unassigned}</Text>
      )}
      <Popover open={open} onOpenChange={(_, data) => setOpen(data.open)} positioning="below-end" trapFocus withArrow>
        <PopoverTrigger disableButtonEnhancement>
          <Tooltip content={t.assignTitle} relationship="description">
            <Button size="small" appearance="subtle" ref={trigger} icon={<PersonEditRegular />} aria-label={t.openAssign(reportName)} />
          </Tooltip>
        </PopoverTrigger>
        <PopoverSurface className={styles.assignSurface}>
          {/* Mounted on each opening, so the select starts from the current secretary. */}
          <SecretaryAssignForm
            reportName={reportName}
            current={current?.id ?? ''}
            options={options}
            onAssign={(secretaryId) =>
              onAssign(secretaryId).then(() => {
                // Back to the row's button, where the keyboard left off.
                setOpen(false);
                trigger.current?.focus();
              })
            }
          />
        </PopoverSurface>
      </Popover>
    </span>
  );
}

function SecretaryAssignForm({
  reportName,
  current,
  options,
  onAssign,
}: {
  reportName: string;
  current: string;
  options: readonly Choice[];
  onAssign: (secretaryId: string) => Promise<unknown>;
}) {
  const styles = useStyles();
  const [value, setValue] = useState(current);
  const [busy, setBusy] = useState(false);
  return (
    <>
      <Text weight="semibold">{t.assignTitle}</Text>
      <span className={styles.assignForm}>
        <ChoiceSelect
          className={styles.assignSelect}
          aria-label={t.assignLabel(reportName)}
          choices={options}
          value={value}
          onChange={setValue}
          emptyLabel={t.selectSecretary}
        />
        <Button
          appearance="primary"
          // While saving it keeps the focus (a disabled button would drop it out of the popover).
          disabledFocusable={busy}
          disabled={!busy && (value === '' || value === current)}
          aria-label={`${t.assign} : ${t.assignLabel(reportName)}`}
          onClick={() => {
            setBusy(true);
            onAssign(value)
              .catch(() => setValue(current))
              .finally(() => setBusy(false));
          }}
        >
          {t.assign}
        </Button>
      </span>
    </>
  );
}

/** The comments icon, with a red dot while some are unread. */
export function CommentsButton({ reportName, unread, onClick }: { reportName: string; unread: number; onClick?: () => void }) {
  const styles = useStyles();
  const label = unread > 0 ? `${t.openComments(reportName)} (${t.unreadComments(unread)})` : t.openComments(reportName);
  return (
    <span className={styles.comments}>
      <Button appearance="subtle" icon={<CommentRegular />} aria-label={label} onClick={onClick} />
      {unread > 0 ? <span className={styles.unread} data-unread={unread} /> : null}
    </span>
  );
}
