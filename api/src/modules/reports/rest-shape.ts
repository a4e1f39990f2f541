// A constat as the legacy REST API answers it (product.md §7: deposited_items, comments_without_read,
// baliff_id, …): the GraphQL selection the /api/v1 routes ask for and its mapping to the legacy
// JSON, shared by the reports, rétrocession and billing routes.
import { graphql, type ResultOf } from '../../http/graphql-documents.js';

/** The deposited or the returned files of a constat, with their detected totals. */
const LEGACY_FILE_GROUP = graphql(`
  fragment LegacyFileGroup on ReportFileGroup {
    files {
      id
      name
      size
      createdAt
      url
      downloadUrl
      pageCount
      photoCount
      countStatus
      countError
    }
    detected {
      pages
      photos
      complete
    }
  }
`);

/** A constat as every legacy call answers it (reports, rétrocession, billing). */
export const LEGACY_REPORT = graphql(
  `
    fragment LegacyReport on Report {
      databaseId
      name
      status
      isArchived
      invoiced
      createdAt
      updatedAt
      lastStatusChange
      returnedAt
      alert
      delayHours
      bailiff {
        databaseId
        firstName
        lastName
      }
      secretary {
        databaseId
        firstName
        lastName
      }
      deposited {
        ...LegacyFileGroup
      }
      returned {
        ...LegacyFileGroup
      }
      countPagesProvisional
      countPhotosProvisional
      countPagesRetrocession
      countPhotosRetrocession
      countPagesBilling
      countPhotosBilling
      retrocessionComment
      retrocessionAmounts {
        pages
        photos
        total
      }
      billingAmounts {
        pages
        photos
        total
      }
      comments {
        id
        body
        createdAt
        authorDatabaseId
        receiverDatabaseId
      }
      unreadCommentIds
    }
  `,
  [LEGACY_FILE_GROUP],
);

export type LegacyReportResult = ResultOf<typeof LEGACY_REPORT>;
type Person = LegacyReportResult['bailiff'];
type Detected = LegacyReportResult['deposited']['detected'];

const legacyPerson = (person: Person | null) =>
  person && { id: person.databaseId, first_name: person.firstName, last_name: person.lastName };

const legacyFile = (file: LegacyReportResult['deposited']['files'][number]) => ({
  id: Number(file.id),
  originalname: file.name,
  linkUrl: file.url,
  file_url: file.downloadUrl,
  size: file.size,
  created_at: file.createdAt,
  // Automatic counting (product.md §10); count_error is null except for admins.
  page_count: file.pageCount,
  photo_count: file.photoCount,
  count_status: file.countStatus,
  count_error: file.countError,
});

/** A group's detected totals, null until every file of it is counted. */
const legacyDetected = (detected: Detected) => (detected.complete ? { pages: detected.pages, photos: detected.photos } : null);

/** The legacy report JSON (product.md §3 "Report"). */
export function legacyReport(report: LegacyReportResult) {
  // Each role reads one of them (rules.ts amountsShownTo): billing for admins and bailiffs, rétrocession for secretaries.
  const amounts = (report.billingAmounts ?? report.retrocessionAmounts)!;
  return {
    id: report.databaseId,
    name: report.name,
    bailiff_id: report.bailiff.databaseId,
    secretary_id: report.secretary?.databaseId ?? null,
    bailiff: legacyPerson(report.bailiff),
    secretary: legacyPerson(report.secretary),
    status: report.status,
    status_alert: report.alert.toLowerCase(),
    createdAt: report.createdAt,
    created_at: report.createdAt,
    updatedAt: report.updatedAt,
    last_status_change: report.lastStatusChange,
    return_date: report.returnedAt,
    delay: report.delayHours,
    is_archived: report.isArchived,
    invoiced: report.invoiced,
    deposited_items: report.deposited.files.map(legacyFile),
    returned_items: report.returned.files.map(legacyFile),
    deposited_detected_counts: legacyDetected(report.deposited.detected),
    returned_detected_counts: legacyDetected(report.returned.detected),
    count_pages_provisional: report.countPagesProvisional,
    count_photos_provisional: report.countPhotosProvisional,
    count_pages_retrocession: report.countPagesRetrocession,
    count_photos_retrocession: report.countPhotosRetrocession,
    count_pages_billing: report.countPagesBilling,
    count_photos_billing: report.countPhotosBilling,
    retrocession_comment: report.retrocessionComment,
    amount_without_taxes_pages: amounts.pages,
    amount_without_taxes_photos: amounts.photos,
    // A secretary's pay: absent for bailiffs.
    ...(report.retrocessionAmounts && { retrocession_amount: report.retrocessionAmounts.total }),
    comments: report.comments.map((comment) => ({
      // product.md §3: a comment's "id" is its author's user id; comment_id is the comment itself.
      id: comment.authorDatabaseId,
      comment_id: Number(comment.id),
      receiver_id: comment.receiverDatabaseId,
      comment: comment.body,
      created_at: comment.createdAt,
    })),
    comments_without_read: report.unreadCommentIds.map(Number),
  };
}
