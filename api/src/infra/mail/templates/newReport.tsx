import { formatParisDateTime } from '@constats/domain/format';
import { ActionButton, Details, MailLayout, Paragraph } from '../layout.js';
import { renderMailParts } from '../render.js';

const fr = {
  // product.md §2: the admins' e-mail template preview is titled exactly "Nouveau Constat".
  subject: 'Nouveau Constat',
  title: 'Nouveau Constat',
  intro: 'Un nouveau constat a été déposé sur l’Extranet Constats.',
  bailiff: 'Huissier',
  reportName: 'Nom du constat',
  fileCount: 'Nombre de fichiers',
  date: 'Date',
  action: 'Ouvrir l’Extranet Constats',
};

export type NewReportProps = {
  /** Display name, e.g. "Maître Jeanne Martin". */
  bailiffName: string;
  reportName: string;
  fileCount: number;
  createdAt: Date;
  dashboardUrl: string;
};

/** To the admins: a bailiff (or an admin on their behalf) deposited a report. */
export function NewReportEmail(props: NewReportProps) {
  return (
    <MailLayout preview={fr.intro} title={fr.title}>
      <Paragraph>{fr.intro}</Paragraph>
      <Details
        rows={[
          [fr.bailiff, props.bailiffName],
          [fr.reportName, props.reportName],
          [fr.fileCount, props.fileCount],
          [fr.date, formatParisDateTime(props.createdAt)],
        ]}
      />
      <ActionButton href={props.dashboardUrl}>{fr.action}</ActionButton>
    </MailLayout>
  );
}

export function renderNewReport(props: NewReportProps) {
  return renderMailParts(fr.subject, <NewReportEmail {...props} />);
}
