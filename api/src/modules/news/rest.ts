// /api/v1/news calls of product.md §7 (list with search, read, publish, edit or mark read).
import { encodeGlobalID } from '@pothos/plugin-relay';
import { json, readFields } from '../../http/request.js';
import { decodeEntities } from '../../infra/html.js';
import { bool, collectConnection, legacyFailure, positiveInt, type FieldNames } from '../../http/legacy.js';
import { graphql, type ResultOf, type VariablesOf } from '../../http/graphql-documents.js';
import type { RestContext, Route } from '../../http/rest.js';
import { newsMessages } from './rules.js';

const NEWS = graphql(`
  fragment LegacyNews on News {
    databaseId
    title
    body
    important
    isRead
    createdAt
    updatedAt
  }
`);

const NEWS_LIST = graphql(
  `
    query LegacyNewsList($first: Int, $after: String, $keyword: String, $date: String, $search: String) {
      news(first: $first, after: $after, keyword: $keyword, date: $date, search: $search) {
        edges {
          node {
            ...LegacyNews
          }
        }
        pageInfo {
          hasNextPage
          endCursor
        }
      }
    }
  `,
  [NEWS],
);

const NEWS_ITEM = graphql(
  `
    query LegacyNewsItem($id: ID!) {
      node(id: $id) {
        ... on News {
          ...LegacyNews
        }
      }
    }
  `,
  [NEWS],
);

const CREATE_NEWS = graphql(
  `
    mutation LegacyCreateNews($input: CreateNewsInput!) {
      createNews(input: $input) {
        message
        news {
          ...LegacyNews
        }
      }
    }
  `,
  [NEWS],
);

const MARK_NEWS_READ = graphql(
  `
    mutation LegacyMarkNewsRead($input: MarkNewsReadInput!) {
      markNewsRead(input: $input) {
        message
        news {
          ...LegacyNews
        }
      }
    }
  `,
  [NEWS],
);

const UPDATE_NEWS = graphql(
  `
    mutation LegacyUpdateNews($input: UpdateNewsInput!) {
      updateNews(input: $input) {
        message
        news {
          ...LegacyNews
        }
      }
    }
  `,
  [NEWS],
);

/** product.md §3 News. `description` is the sanitized HTML body. */
function legacyNews(news: ResultOf<typeof NEWS>) {
  return {
    id: news.databaseId,
    title: news.title,
    description: news.body,
    important: news.important,
    isRead: news.isRead,
    created_at: news.createdAt,
    updated_at: news.updatedAt,
  };
}

const FIELD_NAMES: FieldNames = { body: 'description' };

/**
 * product.md §7: the legacy client sends the body "encoded". HTML-escaped ('&lt;p&gt;') and
 * URI-encoded ('%3Cp%3E') bodies are decoded back to HTML, which the API then sanitizes.
 */
export function decodeLegacyHtml(value: string | undefined): string | undefined {
  if (value === undefined || value.includes('<')) return value;
  if (/&(lt|gt|amp|quot|#\d+|#x[0-9a-f]+);/i.test(value)) return decodeEntities(value);
  if (/%[0-9a-f]{2}/i.test(value)) {
    try {
      return decodeURIComponent(value);
    } catch {
      return value;
    }
  }
  return value;
}

async function listNews(ctx: RestContext): Promise<Response> {
  const params = ctx.url.searchParams;
  const result = await collectConnection(
    ctx,
    NEWS_LIST,
    { keyword: params.get('name') || null, date: params.get('date') || null, search: params.get('search') || null },
    (data) => data.news,
  );
  if (!result.ok) return legacyFailure(result.error);
  return json(result.data.map(legacyNews));
}

/** product.md §7: GET news/{id} answers an array. */
async function getNews(ctx: RestContext): Promise<Response> {
  const id = positiveInt(ctx.params.id);
  if (!id) return json({ code: 404, message: newsMessages.notFound }, 404);
  const result = await ctx.graphql(NEWS_ITEM, { id: encodeGlobalID('News', id) });
  if (!result.ok) return legacyFailure(result.error);
  const news = result.data.node;
  if (!news || !('databaseId' in news)) return json({ code: 404, message: newsMessages.notFound }, 404);
  return json([legacyNews(news)]);
}

async function createNews(ctx: RestContext): Promise<Response> {
  const body = await readFields(ctx.request);
  const result = await ctx.graphql(CREATE_NEWS, {
    input: { title: body.title ?? '', body: decodeLegacyHtml(body.description) ?? '', important: bool(body.important) ?? false },
  });
  if (!result.ok) return legacyFailure(result.error, FIELD_NAMES);
  return json({ message: result.data.createNews.message, news: legacyNews(result.data.createNews.news) }, 201);
}

/** product.md §7: the same PATCH marks a news item read ({isRead: true}) or edits it. */
async function patchNews(ctx: RestContext): Promise<Response> {
  const id = positiveInt(ctx.params.id);
  if (!id) return json({ code: 404, message: newsMessages.notFound }, 404);
  const body = await readFields(ctx.request);
  const globalId = encodeGlobalID('News', id);
  const editing = body.title !== undefined || body.description !== undefined || body.important !== undefined;
  if (!editing && bool(body.isRead)) {
    const result = await ctx.graphql(MARK_NEWS_READ, { input: { id: globalId } });
    if (!result.ok) return legacyFailure(result.error);
    return json({ message: result.data.markNewsRead.message, news: legacyNews(result.data.markNewsRead.news) });
  }
  const input: VariablesOf<typeof UPDATE_NEWS>['input'] = { id: globalId };
  if (body.title !== undefined) input.title = body.title;
  if (body.description !== undefined) input.body = decodeLegacyHtml(body.description);
  if (body.important !== undefined) input.important = bool(body.important);
  const result = await ctx.graphql(UPDATE_NEWS, { input });
  if (!result.ok) return legacyFailure(result.error, FIELD_NAMES);
  return json({ message: result.data.updateNews.message, news: legacyNews(result.data.updateNews.news) });
}

export const newsRoutes: Route[] = [
  { method: 'GET', path: '/api/v1/news', handler: listNews },
  { method: 'POST', path: '/api/v1/news', handler: createNews },
  { method: 'GET', path: '/api/v1/news/:id', handler: getNews },
  { method: 'PATCH', path: '/api/v1/news/:id', handler: patchNews },
  { method: 'PUT', path: '/api/v1/news/:id', handler: patchNews },
];
