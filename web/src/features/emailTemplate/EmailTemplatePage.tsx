import { Card, Text, makeStyles, tokens } from '@fluentui/react-components';
import { graphql, usePreloadedQuery } from 'react-relay/hooks';
import type { EmailTemplatePageQuery } from '../../__generated__/EmailTemplatePageQuery.graphql';
import { fr } from '../../i18n/fr';
import { PageHeader } from '../../ui/PageHeader';
import type { ScreenProps } from '../../app/routing/screen';

const t = fr.emailTemplate;

const useStyles = makeStyles({
  card: { maxWidth: '760px', padding: 0, rowGap: 0, overflow: 'hidden' },
  subject: {
    display: 'flex',
    columnGap: tokens.spacingHorizontalS,
    padding: `${tokens.spacingVerticalM} ${tokens.spacingHorizontalL}`,
    borderBottom: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    backgroundColor: tokens.colorNeutralBackground3,
  },
  label: { color: tokens.colorNeutralForeground3 },
  frame: { display: 'block', width: '100%', height: '560px', border: 'none', backgroundColor: '#ffffff' },
});

/**
 * product.md §2 e-mail template preview 'Nouveau Constat' (/dashboard/emailtemplate, admins): the real
 * e-mail, rendered by the server with sample data, shown in a sandboxed frame — its own document,
 * styles and links can neither run scripts nor reach the app.
 */
export default function EmailTemplatePage({ queryRef }: ScreenProps<EmailTemplatePageQuery>) {
  const styles = useStyles();
  const { newReportMailPreview: mail } = usePreloadedQuery<EmailTemplatePageQuery>(
    graphql`
      query EmailTemplatePageQuery {
        newReportMailPreview {
          subject
          html
        }
      }
    `,
    queryRef,
  );
  return (
    <section>
      <PageHeader title={fr.titles.emailTemplate} description={t.description} />
      <Card className={styles.card}>
        <div className={styles.subject}>
          <Text className={styles.label}>{t.subject} :</Text>
          <Text weight="semibold">{mail.subject}</Text>
        </div>
        <iframe className={styles.frame} title={t.frame} sandbox="" srcDoc={mail.html} />
      </Card>
    </section>
  );
}
