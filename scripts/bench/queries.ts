// The operations the benchmark sends, in the shapes the product's clients use.

/**
 * The admin in-progress screen: the header cards and a page of EC/RS constats with their people,
 * file counts, amounts and unread comments, as the web's list rows ask (a row's files and comments
 * come with its detail, when it is opened, not with the list).
 */
export const SCREEN_QUERY = `query AdminInProgressScreen($first: Int!) {
  reportHeaders(filter: { statuses: [EC, RS] }) { totalReports reportsInAlert averageDelay { hours minutes } currentRevenue }
  reports(first: $first, filter: { statuses: [EC, RS] }) {
    totalCount
    edges { node {
      id name status alert delayHours createdAt
      bailiff { id fullName } secretary { id fullName }
      deposited { count totalSize archiveUrl }
      returned { count totalSize }
      countPagesProvisional countPhotosProvisional retrocessionAmounts { total } billingAmounts { total }
      unreadCommentCount
    } }
  }
}`;

/** The web app's live news subscription (web/src/app/shell/LiveUpdates.tsx with BellNewsFragment). */
export const NEWS_SUBSCRIPTION = `subscription LiveUpdatesNewsSubscription {
  newsPublished { id isRead ...BellNewsFragment }
}
fragment BellNewsFragment on News { id title body important isRead createdAt }`;

export const CREATE_NEWS = 'mutation($input: CreateNewsInput!) { createNews(input: $input) { news { id } } }';

export const CREATE_REPORT = 'mutation($input: CreateReportInput!) { createReport(input: $input) { message report { id } } }';

/** Readiness probe: a response that needed the database (the session lookup). */
export const ME_QUERY = '{ me { id } }';

/** The legacy list of the same page: in-progress constats, first page of `limit`. */
export const restGetAllPath = (limit: number) => `/api/v1/report/get_all?states=EC,RS&limit=${limit}&page=1`;
