/**
 * The per-operation MSW overrides the render tests pass (render.test.tsx, render-swr.test.tsx,
 * support/target-suite.ts, render-vue/-angular), written against the typed handlers.ts of
 * hooks-edge.yaml (typed with the client's types: `types_dir`). render-swr.test.tsx copies it
 * beside that file into the project it compiles strict, so an override the spec does not declare
 * fails to compile.
 */
import type { HttpHandler } from 'msw';
import * as msw from './api/handlers.js';

const task = (id: number, title = `task ${id}`) => ({ id, title, status: 'open' as const });
let version = 0;

export const overrides: HttpHandler[] = [
  msw.getTaskHandler({ status: 404, body: { title: 'Not found' } }),
  msw.getTaskHandler(({ params }) => task(Number(params.taskId), `v${version}`)),
  msw.listTasksHandler(({ query }) => ({ items: query.page_token === 'p2' ? [task(3)] : [task(1), task(2)] })),
  msw.listReportRowsHandler(({ params, query }) => ({ rows: [`${params.reportId}:${query.offset ?? ''}`], total: 4 })),
  msw.listReportRowsHandler({ body: { rows: ['a'], total: 1 } }),
  msw.listLabelsHandler(({ query }) => [{ name: `${query.prefix ?? ''}-label` }]),
  msw.getLabelHandler(({ params }) => ({ name: `label ${params.labelId}` })),
  msw.searchTasksHandler(({ query }) => (query.from === undefined ? [task(1), task(2)] : [task(Number(query.from) + 1)])),
  msw.updateTaskHandler(({ params, body }) => {
    version += 1;
    return { ...task(Number(params.taskId)), title: body.title };
  }),
  // The client's NewTask may hold `status: undefined` (exactOptionalPropertyTypes): a Task's status is required.
  msw.createTaskHandler(({ body }) => ({ ...task(11), ...body, status: body.status ?? 'open' })),
  msw.createTaskHandler({ status: 201, body: task(99, 'new') }),
  msw.deleteTaskHandler({ status: 204 }),
  msw.reactToCommentHandler({ status: 201, body: { count: 3 } }),
  msw.reindexTasksHandler({ status: 204 }),
  msw.sendWebhookHandler({ status: 202 }),
  msw.getLatestDraftHandler({ status: 204 }),
  msw.queryHandler({ body: { id: 'q', name: 'query' } }),
  // Bodies are typed from the client's types (issue 35): null where the schema allows it, though
  // the seeded mock never has it; `undefined` removes an optional property.
  msw.listTasksHandler({ body: { nextPageToken: null } }),
  msw.listTasksHandler({ body: { nextPageToken: undefined } }),
  // A no-body status's resolver may return nothing: the empty response of that status.
  msw.deleteTaskHandler(() => {}),
  msw.reindexTasksHandler(async () => undefined),
  // @ts-expect-error items is required: it cannot be removed
  msw.listTasksHandler({ body: { items: undefined } }),
  // @ts-expect-error nextPageToken is a string or null
  msw.listTasksHandler({ body: { nextPageToken: 1 } }),
  // @ts-expect-error completeTask declares no 409: render.test.tsx answers its conflict by hand
  msw.completeTaskHandler({ status: 409 }),
  // @ts-expect-error a Task's title is a string
  msw.getTaskHandler({ body: { title: 1 } }),
];
