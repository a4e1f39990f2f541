/**
 * The comments of a report (product.md §2 "Modals: comments", §5, §6), for the three roles.
 *
 * `<ReportComments report={row} />`
 * - `report`: a `ReportCommentsFragment$key` (spread `...ReportCommentsFragment` in the row's
 *   fragment). Renders the comments icon of the 'Commentaires' column, with a red dot while some
 *   are unread (`unreadCommentCount`), and the modal it opens.
 *
 * The modal loads the comments when it opens and marks them read (`markReportCommentsRead`);
 * it shows the 3 latest, 'Voir les anciens messages' shows 3 older ones each time (product.md §9). A
 * new comment is required ('Veuillez saisir un commentaire'). An admin filters Tous / Huissier /
 * Secrétaire (`comments(audience:)`) and the same choice names the receiver, which must be
 * Huissier or Secrétaire, not 'Tous' (product.md §5); a bailiff or a secretary has no choice to make.
 */
import { Suspense, useEffect, useEffectEvent, useState, type FormEvent } from 'react';
import {
  Badge,
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  Field,
  Spinner,
  Tab,
  TabList,
  Text,
  Textarea,
  makeStyles,
  mergeClasses,
  tokens,
} from '@fluentui/react-components';
import { graphql, useFragment, useLazyLoadQuery } from 'react-relay/hooks';
import type { CommentAudience, ReportCommentsDialogQuery } from '../../__generated__/ReportCommentsDialogQuery.graphql';
import type { ReportCommentsAddMutation } from '../../__generated__/ReportCommentsAddMutation.graphql';
import type { ReportCommentsFragment$key } from '../../__generated__/ReportCommentsFragment.graphql';
import type { ReportCommentsListFragment$key } from '../../__generated__/ReportCommentsListFragment.graphql';
import type { ReportCommentsMarkReadMutation } from '../../__generated__/ReportCommentsMarkReadMutation.graphql';
import { useSessionUser } from '../../app/session/sessionContext';
import { fr } from '../../i18n/fr';
import { useCommit } from '../../relay/commit';
import { ClosableDialogTitle } from '../../ui/ClosableDialogTitle';
import { formatDateTime } from '../../ui/format';
import { CommentsButton } from './ReportCells';
import { reportsText } from '../../i18n/reports';

const t = reportsText.comments;

/** product.md §9: comments are shown 3 at a time. */
export const COMMENTS_PAGE = 3;
const COMMENT_MAX = 1000;

const useStyles = makeStyles({
  surface: { maxWidth: '640px', width: '100%' },
  title: { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
  content: { display: 'flex', flexDirection: 'column', rowGap: tokens.spacingVerticalM },
  list: {
    listStyle: 'none',
    margin: 0,
    padding: tokens.spacingHorizontalS,
    display: 'flex',
    flexDirection: 'column',
    rowGap: tokens.spacingVerticalS,
    maxHeight: '46vh',
    overflowY: 'auto',
    backgroundColor: tokens.colorNeutralBackground2,
    borderRadius: tokens.borderRadiusMedium,
  },
  comment: {
    display: 'flex',
    flexDirection: 'column',
    rowGap: tokens.spacingVerticalXXS,
    maxWidth: '85%',
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalM}`,
    backgroundColor: tokens.colorNeutralBackground1,
    borderRadius: tokens.borderRadiusLarge,
    boxShadow: tokens.shadow2,
  },
  mine: {
    alignSelf: 'flex-end',
    backgroundColor: tokens.colorBrandBackground2,
  },
  meta: { display: 'flex', alignItems: 'center', flexWrap: 'wrap', columnGap: tokens.spacingHorizontalS },
  muted: { color: tokens.colorNeutralForeground3 },
  body: { whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' },
  older: { alignSelf: 'center' },
  empty: { padding: tokens.spacingVerticalM, textAlign: 'center', color: tokens.colorNeutralForeground3 },
  loading: { padding: tokens.spacingVerticalXL },
});

const fragment = graphql`
  fragment ReportCommentsFragment on Report {
    id
    name
    unreadCommentCount
    secretary {
      id
    }
    viewerCan {
      comment
    }
  }
`;

/** The icon of the 'Commentaires' column and its modal. */
export function ReportComments({ report }: { report: ReportCommentsFragment$key }) {
  const data = useFragment(fragment, report);
  const [open, setOpen] = useState(false);
  return (
    <>
      <CommentsButton reportName={data.name} unread={data.unreadCommentCount} onClick={() => setOpen(true)} />
      {open ? (
        <CommentsDialog
          reportId={data.id}
          reportName={data.name}
          hasSecretary={data.secretary !== null}
          canComment={data.viewerCan.comment}
          unread={data.unreadCommentCount}
          onClose={() => setOpen(false)}
        />
      ) : null}
    </>
  );
}

type Audience = Extract<CommentAudience, 'ALL' | 'BAILIFF' | 'SECRETARY'>;

const audienceLabels: Record<Audience, string> = { ALL: t.all, BAILIFF: t.bailiff, SECRETARY: t.secretary };

function CommentsDialog({
  reportId,
  reportName,
  hasSecretary,
  canComment,
  unread,
  onClose,
}: {
  reportId: string;
  reportName: string;
  hasSecretary: boolean;
  canComment: boolean;
  unread: number;
  onClose: () => void;
}) {
  const styles = useStyles();
  const user = useSessionUser();
  const admin = user.role === 'ADMIN';
  const commit = useCommit();
  const [audience, setAudience] = useState<Audience>('ALL');
  const [body, setBody] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [sending, setSending] = useState(false);

  // product.md §4: opening the modal marks the report's comments read (the red dot goes away), once per
  // opening: the count the row showed when it was clicked.
  const markReadOnOpen = useEffectEvent(() => {
    if (unread === 0) return;
    void commit<ReportCommentsMarkReadMutation>(
      {
        mutation: graphql`
          mutation ReportCommentsMarkReadMutation($input: MarkReportCommentsReadInput!) {
            markReportCommentsRead(input: $input) {
              report {
                id
                unreadCommentCount
                unreadCommentIds
              }
            }
          }
        `,
        variables: { input: { reportId } },
      },
      { errorToast: false },
    ).catch(() => null);
  });
  useEffect(() => markReadOnOpen(), []);

  const validate = (text: string, receiver: Audience): string | undefined => {
    if (!text.trim()) return t.required;
    if (admin && receiver === 'ALL') return t.receiverRequired;
    if (admin && receiver === 'SECRETARY' && !hasSecretary) return t.noSecretary;
    return undefined;
  };

  const send = async (event: FormEvent) => {
    event.preventDefault();
    const found = validate(body, audience);
    setError(found);
    if (found) return;
    setSending(true);
    try {
      await commit<ReportCommentsAddMutation>({
        mutation: graphql`
          mutation ReportCommentsAddMutation($input: AddReportCommentInput!, $audience: CommentAudience!) {
            addReportComment(input: $input) {
              report {
                id
                unreadCommentCount
                ...ReportCommentsListFragment @arguments(audience: $audience)
              }
            }
          }
        `,
        variables: {
          input: { reportId, body: body.trim(), receiver: admin ? (audience as 'BAILIFF' | 'SECRETARY') : null },
          audience,
        },
      });
      setBody('');
    } catch {
      // Announced by a toast; the text stays so that it can be sent again.
    } finally {
      setSending(false);
    }
  };

  return (
    <Dialog open onOpenChange={(_, state) => !state.open && onClose()}>
      <DialogSurface className={styles.surface}>
        <form onSubmit={(event) => void send(event)} noValidate>
          <DialogBody>
            <ClosableDialogTitle className={styles.title}>{t.title(reportName)}</ClosableDialogTitle>
            <DialogContent className={styles.content}>
              {admin ? (
                <TabList
                  size="small"
                  aria-label={t.audience}
                  selectedValue={audience}
                  onTabSelect={(_, tab) => {
                    setAudience(tab.value as Audience);
                    if (error && error !== t.required) setError(undefined);
                  }}
                >
                  {(Object.keys(audienceLabels) as Audience[]).map((value) => (
                    <Tab key={value} value={value}>
                      {audienceLabels[value]}
                    </Tab>
                  ))}
                </TabList>
              ) : null}
              <Suspense fallback={<Spinner className={styles.loading} label={fr.loading} />}>
                <CommentsList reportId={reportId} audience={audience} />
              </Suspense>
              {canComment ? (
                <Field
                  label={admin ? t.newCommentTo(audience === 'ALL' ? null : audienceLabels[audience]) : t.newComment}
                  required
                  validationMessage={error}
                  hint={`${body.length}/${COMMENT_MAX}`}
                >
                  <Textarea
                    value={body}
                    maxLength={COMMENT_MAX}
                    resize="vertical"
                    disabled={sending}
                    onChange={(_, next) => {
                      setBody(next.value);
                      if (error === t.required && next.value.trim()) setError(undefined);
                    }}
                  />
                </Field>
              ) : null}
            </DialogContent>
            <DialogActions>
              <Button appearance="secondary" onClick={onClose}>
                {fr.close}
              </Button>
              {canComment ? (
                <Button
                  appearance="primary"
                  type="submit"
                  disabled={sending}
                  icon={sending ? <Spinner size="tiny" appearance="inverted" /> : undefined}
                >
                  {t.send}
                </Button>
              ) : null}
            </DialogActions>
          </DialogBody>
        </form>
      </DialogSurface>
    </Dialog>
  );
}

function CommentsList({ reportId, audience }: { reportId: string; audience: Audience }) {
  const data = useLazyLoadQuery<ReportCommentsDialogQuery>(
    graphql`
      query ReportCommentsDialogQuery($id: ID!, $audience: CommentAudience!) {
        node(id: $id) {
          ...ReportCommentsListFragment @arguments(audience: $audience) @alias(as: "report")
        }
      }
    `,
    { id: reportId, audience },
    { fetchPolicy: 'store-and-network' },
  );
  return data.node?.report ? <CommentsThread report={data.node.report} /> : null;
}

function CommentsThread({ report }: { report: ReportCommentsListFragment$key }) {
  const styles = useStyles();
  const data = useFragment(
    graphql`
      fragment ReportCommentsListFragment on Report @argumentDefinitions(audience: { type: "CommentAudience!" }) {
        comments(audience: $audience) {
          id
          body
          createdAt
          authorName
          authorRole
          isMine
        }
      }
    `,
    report,
  );
  const [shown, setShown] = useState(COMMENTS_PAGE);
  const comments = data.comments;
  if (comments.length === 0) return <Text className={styles.empty}>{t.empty}</Text>;
  // Oldest first: the latest `shown` ones are visible, older ones come on demand.
  const visible = comments.slice(Math.max(0, comments.length - shown));
  return (
    <ul className={styles.list} aria-label={t.listLabel}>
      {comments.length > visible.length ? (
        <li className={styles.older}>
          <Button appearance="transparent" size="small" onClick={() => setShown((count) => count + COMMENTS_PAGE)}>
            {t.older}
          </Button>
        </li>
      ) : null}
      {visible.map((comment) => (
        <li
          key={comment.id}
          className={mergeClasses(styles.comment, comment.isMine && styles.mine)}
          aria-label={t.itemLabel(comment.authorName)}
        >
          <span className={styles.meta}>
            <Text weight="semibold" size={200}>
              {comment.authorName}
            </Text>
            <Badge size="small" appearance="tint" color={comment.authorRole === 'ADMIN' ? 'brand' : 'informative'}>
              {t.roles[comment.authorRole] ?? comment.authorRole}
            </Badge>
            <Text size={200} className={styles.muted}>
              {formatDateTime(comment.createdAt)}
            </Text>
          </span>
          <Text className={styles.body}>{comment.body}</Text>
        </li>
      ))}
    </ul>
  );
}
