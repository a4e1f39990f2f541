// The GraphQL documents the /api/v1/billing/* calls run (product.md §7 "Billing"). Each mutation answers
// its payload aliased `payload`, so one helper of rest.ts maps them all to `{ message, bill }`.
import { graphql } from '../../http/graphql-documents.js';
import { LEGACY_GROUP } from '../groups/rest.js';
import { LEGACY_REPORT } from '../reports/rest-shape.js';
import { LEGACY_BILL } from './rest-shape.js';

export const GENERATE_GROUP_BILL = graphql(
  `
    mutation LegacyGenerateGroupBill($input: GenerateGroupBillInput!) {
      payload: generateGroupBill(input: $input) {
        message
        bill {
          ...LegacyBill
        }
      }
    }
  `,
  [LEGACY_BILL],
);

export const SEND_GROUP_BILL = graphql(
  `
    mutation LegacySendGroupBill($input: SendGroupBillInput!) {
      payload: sendGroupBill(input: $input) {
        message
        bill {
          ...LegacyBill
        }
      }
    }
  `,
  [LEGACY_BILL],
);

export const SET_GROUP_BILL_PAID = graphql(
  `
    mutation LegacySetGroupBillPaid($input: SetGroupBillPaidInput!) {
      payload: setGroupBillPaid(input: $input) {
        message
        bill {
          ...LegacyBill
        }
      }
    }
  `,
  [LEGACY_BILL],
);

export const BILL_BY_NUMBER = graphql(`
  query LegacyBillByNumber($number: Int) {
    groupBills(first: 1, filter: { number: $number }) {
      edges {
        node {
          id
        }
      }
    }
  }
`);

export const BILL_PDF = graphql(`
  query LegacyBillPdf($id: ID!) {
    node(id: $id) {
      ... on GroupBill {
        number
        pdf {
          url
        }
      }
    }
  }
`);

export const NEXT_BILL_NUMBER = graphql(`
  query LegacyNextBillNumber {
    nextGroupBillNumber
  }
`);

export const BILLS = graphql(
  `
    query LegacyGroupBills($filter: GroupBillFilter, $first: Int, $after: String) {
      groupBills(filter: $filter, first: $first, after: $after) {
        edges {
          node {
            ...LegacyBill
          }
        }
        pageInfo {
          hasNextPage
          endCursor
        }
      }
    }
  `,
  [LEGACY_BILL],
);

/** An étude's billable constats of the month, a page at a time (the operation's `$first` and `$after`). */
const LEGACY_BILLABLE_PAGE = graphql(
  `
    fragment LegacyBillablePage on BillingGroup {
      billableReports(first: $first, after: $after) {
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

export const AVAILABLE_GROUPS = graphql(
  `
    query LegacyAvailableGroups($year: Int, $month: Int, $first: Int, $after: String) {
      availableGroupsForBilling(year: $year, month: $month) {
        year
        month
        group {
          id
          ...LegacyGroup
        }
        bill {
          databaseId
          number
        }
        ...LegacyBillablePage
        totals {
          reports
          pages
          textPages
          photos
          amountHT
        }
      }
    }
  `,
  [LEGACY_GROUP, LEGACY_BILLABLE_PAGE],
);

export const BILLING_GROUP_REPORTS = graphql(
  `
    query LegacyBillingGroupReports($groupId: ID!, $year: Int!, $month: Int!, $first: Int, $after: String) {
      billingGroup(groupId: $groupId, year: $year, month: $month) {
        ...LegacyBillablePage
      }
    }
  `,
  [LEGACY_BILLABLE_PAGE],
);
