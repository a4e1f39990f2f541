/**
 * The bailiff (or secretary) info modal of product.md §2 "Modals": last name, instructions to the
 * secretaries (sanitized HTML) or 'Il n'y a pas de consignes assignées aux secrétaires', and the
 * associated matrices as document cards that open the DocumentViewer.
 *
 * `<UserInfoLink user={row.bailiff} />`
 * - `user`: a `UserInfoLinkFragment$key` (spread `...UserInfoLinkFragment` on the row's `bailiff`
 *   or `secretary`). Renders the full name as a link for the 'Huissier' cell; a click opens the
 *   modal, which loads the details then (rows do not carry instructions and matrices).
 *
 * `<UserInfoDialog userId={id | null} role="BAILIFF" onClose={…} />` is the modal alone (open while
 * `userId` is set; `role` chooses its title).
 */
import { Suspense, useState } from 'react';
import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  Link,
  MessageBar,
  MessageBarBody,
  Spinner,
  Text,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { DocumentRegular } from '@fluentui/react-icons/svg/document';
import { graphql, useFragment, useLazyLoadQuery } from 'react-relay/hooks';
import type { UserInfoDialogQuery } from '../../__generated__/UserInfoDialogQuery.graphql';
import type { UserInfoLinkFragment$key } from '../../__generated__/UserInfoLinkFragment.graphql';
import { fr } from '../../i18n/fr';
import { ClosableDialogTitle } from '../../ui/ClosableDialogTitle';
import { DocumentViewer, type ViewedDocument } from '../../ui/DocumentViewer';
import { formatFileSize } from '../../ui/format';
import { HtmlContent } from '../../ui/HtmlContent';
import { truncate } from '../../ui/text';
import { reportsText } from '../../i18n/reports';

const t = reportsText.userInfo;

const useStyles = makeStyles({
  surface: { maxWidth: '680px', width: '100%' },
  content: { display: 'flex', flexDirection: 'column', rowGap: tokens.spacingVerticalL },
  facts: {
    display: 'grid',
    gridTemplateColumns: 'max-content 1fr',
    columnGap: tokens.spacingHorizontalL,
    rowGap: tokens.spacingVerticalXS,
    margin: 0,
  },
  term: { color: tokens.colorNeutralForeground3 },
  value: { margin: 0, fontWeight: tokens.fontWeightSemibold },
  section: { display: 'flex', flexDirection: 'column', rowGap: tokens.spacingVerticalS },
  instructions: {
    maxHeight: '30vh',
    overflowY: 'auto',
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalM}`,
    backgroundColor: tokens.colorNeutralBackground2,
    borderRadius: tokens.borderRadiusMedium,
  },
  cards: {
    listStyle: 'none',
    margin: 0,
    padding: 0,
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fill, minmax(180px, 1fr))',
    gap: tokens.spacingHorizontalM,
  },
  card: {
    width: '100%',
    height: '100%',
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'center',
    rowGap: tokens.spacingVerticalXS,
    padding: tokens.spacingHorizontalM,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusLarge,
    backgroundColor: tokens.colorNeutralBackground1,
    boxShadow: tokens.shadow2,
    cursor: 'pointer',
    textAlign: 'center',
    ':hover': { boxShadow: tokens.shadow8, border: `${tokens.strokeWidthThin} solid ${tokens.colorBrandStroke1}` },
  },
  cardIcon: { fontSize: '36px', color: tokens.colorBrandForeground1 },
  cardName: { overflowWrap: 'anywhere' },
  muted: { color: tokens.colorNeutralForeground3 },
  loading: { padding: tokens.spacingVerticalXL },
});

/** The name in a 'Huissier' (or 'Secrétaire') cell, opening the info modal. */
export function UserInfoLink({ user }: { user: UserInfoLinkFragment$key }) {
  const data = useFragment(
    graphql`
      fragment UserInfoLinkFragment on User {
        id
        fullName
        role
      }
    `,
    user,
  );
  const [open, setOpen] = useState(false);
  return (
    <>
      <Link as="button" aria-label={t.open(data.fullName)} onClick={() => setOpen(true)}>
        {data.fullName}
      </Link>
      <UserInfoDialog
        userId={open ? data.id : null}
        role={data.role === 'SECRETARY' ? 'SECRETARY' : 'BAILIFF'}
        onClose={() => setOpen(false)}
      />
    </>
  );
}

export function UserInfoDialog({ userId, role, onClose }: { userId: string | null; role: 'BAILIFF' | 'SECRETARY'; onClose: () => void }) {
  const styles = useStyles();
  const [viewed, setViewed] = useState<ViewedDocument | null>(null);
  return (
    <>
      <Dialog open={userId !== null && viewed === null} onOpenChange={(_, state) => !state.open && onClose()}>
        <DialogSurface className={styles.surface}>
          {/* Title and actions stay put while the details load: only the content suspends. */}
          <DialogBody>
            <ClosableDialogTitle>{t.title(role)}</ClosableDialogTitle>
            <DialogContent className={styles.content}>
              {userId ? (
                <Suspense fallback={<Spinner className={styles.loading} label={fr.loading} />}>
                  <UserInfo userId={userId} onView={setViewed} />
                </Suspense>
              ) : null}
            </DialogContent>
            <DialogActions>
              <Button appearance="primary" onClick={onClose}>
                {fr.close}
              </Button>
            </DialogActions>
          </DialogBody>
        </DialogSurface>
      </Dialog>
      {/* The viewer replaces the modal while it is open, then the modal comes back. */}
      <DocumentViewer document={viewed} onClose={() => setViewed(null)} />
    </>
  );
}

function UserInfo({ userId, onView }: { userId: string; onView: (document: ViewedDocument) => void }) {
  const styles = useStyles();
  const data = useLazyLoadQuery<UserInfoDialogQuery>(
    graphql`
      query UserInfoDialogQuery($id: ID!) {
        node(id: $id) {
          ... on User {
            role
            firstName
            lastName
            groupName
            instructions
            matrices {
              id
              name
              size
              mimeType
              url
              downloadUrl
            }
          }
        }
      }
    `,
    { id: userId },
    { fetchPolicy: 'store-and-network' },
  );
  const user = data.node;
  const instructions = user?.instructions?.trim() ?? '';
  const matrices = user?.matrices ?? [];
  return (
    <>
      <dl className={styles.facts}>
        <dt className={styles.term}>{t.lastName}</dt>
        <dd className={styles.value}>{user?.lastName ?? '-'}</dd>
        <dt className={styles.term}>{t.firstName}</dt>
        <dd className={styles.value}>{user?.firstName ?? '-'}</dd>
        {user?.groupName ? (
          <>
            <dt className={styles.term}>{t.group}</dt>
            <dd className={styles.value}>{user.groupName}</dd>
          </>
        ) : null}
      </dl>
      {user?.role === 'BAILIFF' ? (
        <>
          <section className={styles.section} aria-label={t.instructions}>
            <Text weight="semibold">{t.instructions}</Text>
            {instructions ? (
              <HtmlContent html={instructions} className={styles.instructions} />
            ) : (
              <MessageBar intent="warning">
                <MessageBarBody>{t.noInstructions}</MessageBarBody>
              </MessageBar>
            )}
          </section>
          <section className={styles.section} aria-label={t.matrices}>
            <Text weight="semibold">{t.matrices}</Text>
            {matrices.length === 0 ? (
              <Text className={styles.muted}>{t.noMatrices}</Text>
            ) : (
              <ul className={styles.cards}>
                {matrices.map((matrix) => (
                  <li key={matrix.id}>
                    <button
                      type="button"
                      className={styles.card}
                      title={matrix.name}
                      onClick={() => onView({ name: matrix.name, url: matrix.url, downloadUrl: matrix.downloadUrl, type: matrix.mimeType })}
                    >
                      <DocumentRegular className={styles.cardIcon} aria-hidden />
                      <Text weight="semibold" size={200} className={styles.cardName}>
                        {truncate(matrix.name, 80)}
                      </Text>
                      <Text size={100} className={styles.muted}>
                        {formatFileSize(matrix.size)}
                      </Text>
                    </button>
                  </li>
                ))}
              </ul>
            )}
          </section>
        </>
      ) : null}
    </>
  );
}
