// The GraphQL documents the /api/v1/report/* calls run (product.md §7 "Reports"). Each mutation answers
// its payload aliased `payload`, so one helper of rest.ts maps them all to `{ message, report }`.
import { graphql } from '../../http/graphql-documents.js';
import { LEGACY_REPORT } from './rest-shape.js';

export const CREATE_REPORT = graphql(
  `
    mutation LegacyCreateReport($input: CreateReportInput!) {
      payload: createReport(input: $input) {
        message
        report {
          ...LegacyReport
        }
      }
    }
  `,
  [LEGACY_REPORT],
);

export const ADD_REPORT_FILES = graphql(
  `
    mutation LegacyAddReportFiles($input: AddReportFilesInput!) {
      payload: addReportFiles(input: $input) {
        message
        report {
          ...LegacyReport
        }
      }
    }
  `,
  [LEGACY_REPORT],
);

export const REMOVE_REPORT_FILES = graphql(
  `
    mutation LegacyRemoveReportFiles($input: RemoveReportFilesInput!) {
      payload: removeReportFiles(input: $input) {
        message
        report {
          ...LegacyReport
        }
      }
    }
  `,
  [LEGACY_REPORT],
);

export const ASSIGN_SECRETARY = graphql(
  `
    mutation LegacyAssignSecretary($input: AssignSecretaryInput!) {
      payload: assignSecretary(input: $input) {
        message
        report {
          ...LegacyReport
        }
      }
    }
  `,
  [LEGACY_REPORT],
);

export const SET_RETROCESSION = graphql(
  `
    mutation LegacySetRetrocession($input: SetRetrocessionInput!) {
      payload: setRetrocession(input: $input) {
        message
        report {
          ...LegacyReport
        }
      }
    }
  `,
  [LEGACY_REPORT],
);

export const SET_BILLING = graphql(
  `
    mutation LegacySetBilling($input: SetBillingInput!) {
      payload: setBilling(input: $input) {
        message
        report {
          ...LegacyReport
        }
      }
    }
  `,
  [LEGACY_REPORT],
);

export const ARCHIVE_REPORT = graphql(
  `
    mutation LegacyArchiveReport($input: ArchiveReportInput!) {
      payload: archiveReport(input: $input) {
        message
        report {
          ...LegacyReport
        }
      }
    }
  `,
  [LEGACY_REPORT],
);

export const UNARCHIVE_REPORT = graphql(
  `
    mutation LegacyUnarchiveReport($input: UnarchiveReportInput!) {
      payload: unarchiveReport(input: $input) {
        message
        report {
          ...LegacyReport
        }
      }
    }
  `,
  [LEGACY_REPORT],
);

export const ADD_REPORT_COMMENT = graphql(
  `
    mutation LegacyAddReportComment($input: AddReportCommentInput!) {
      payload: addReportComment(input: $input) {
        message
        report {
          ...LegacyReport
        }
      }
    }
  `,
  [LEGACY_REPORT],
);

export const MARK_REPORT_COMMENTS_READ = graphql(
  `
    mutation LegacyMarkReportCommentsRead($input: MarkReportCommentsReadInput!) {
      payload: markReportCommentsRead(input: $input) {
        message
        report {
          ...LegacyReport
        }
      }
    }
  `,
  [LEGACY_REPORT],
);

// Only the asked page is read (offset), so page 50 costs what page 1 does.
export const REPORTS_PAGE = graphql(
  `
    query LegacyReportsPage($filter: ReportFilter, $first: Int, $offset: Int) {
      reports(filter: $filter, first: $first, offset: $offset) {
        totalCount
        edges {
          node {
            ...LegacyReport
          }
        }
      }
    }
  `,
  [LEGACY_REPORT],
);

export const REPORTS_FIRST_BATCH = graphql(
  `
    query LegacyReportsFirstBatch($filter: ReportFilter, $first: Int, $after: String) {
      reports(filter: $filter, first: $first, after: $after) {
        totalCount
        edges {
          node {
            ...LegacyReport
          }
        }
        pageInfo {
          hasNextPage
          endCursor
        }
      }
    }
  `,
  [LEGACY_REPORT],
);

export const REPORTS_NEXT_BATCH = graphql(
  `
    query LegacyReportsNextBatch($filter: ReportFilter, $first: Int, $after: String) {
      reports(filter: $filter, first: $first, after: $after) {
        edges {
          node {
            ...LegacyReport
          }
        }
        pageInfo {
          hasNextPage
          endCursor
        }
      }
    }
  `,
  [LEGACY_REPORT],
);

export const REPORT_HEADERS = graphql(`
  query LegacyReportHeaders($filter: ReportFilter) {
    reportHeaders(filter: $filter) {
      totalReports
      reportsInAlert
      averageDelay {
        hours
        minutes
      }
      currentRevenue
      secretary {
        retrocessionThisMonth
        inProgress
        all
        inAlert
        averageDelayHours
      }
      bailiff {
        inProgressThisMonth
        archivedThisMonth
        invoicesThisMonth
      }
    }
  }
`);

export const REPORT_FILE_LINKS = graphql(`
  query LegacyReportFileLinks($id: ID!) {
    node(id: $id) {
      ... on Report {
        deposited {
          files {
            id
            url
          }
        }
        returned {
          files {
            id
            url
          }
        }
      }
    }
  }
`);

export const REPORT_PEOPLE = graphql(`
  query LegacyReportPeople($id: ID!) {
    node(id: $id) {
      ... on Report {
        bailiff {
          databaseId
        }
        secretary {
          databaseId
        }
      }
    }
  }
`);
