// @vitest-environment jsdom
/**
 * The Angular functions (`target: "angular"`) through the shared behaviour suite, each run in the
 * injection context of Angular's test bed configured with the generated providers
 * (`createWrapper(queryClient)`), inputs as signals; and a call outside any injection context
 * with an explicit injector. Angular's packages ship partially compiled: `@angular/compiler`
 * links them just in time, as in any Angular unit test without the CLI's builder.
 */
import '@angular/compiler';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Injector, isSignal, signal, type Type } from '@angular/core';
import { TestBed } from '@angular/core/testing';
import { BrowserTestingModule, platformBrowserTesting } from '@angular/platform-browser/testing';
import { waitFor } from '@testing-library/dom';
import { expect, it, vi } from 'vitest';
import { targetSuite } from './support/target-suite.js';

TestBed.initTestEnvironment(BrowserTestingModule, platformBrowserTesting());

/** The narrowing methods of a result (`isSuccess()`), which are functions but no signals. */
const NARROWING = new Set(['isSuccess', 'isError', 'isPending', 'isIdle']);

targetSuite(
  {
    target: 'angular',
    mount: (g, use, queryClient) => {
      TestBed.configureTestingModule({ providers: g.testUtils.createWrapper(queryClient) });
      return TestBed.runInInjectionContext(use);
    },
    read: (result) =>
      new Proxy(result, {
        get: (target, key) => {
          const value = target[key];
          if (isSignal(value) || NARROWING.has(String(key))) return (value as () => unknown).call(target);
          return value;
        },
      }),
    input: (value) => () => value,
    cell: (initial) => {
      const cell = signal(initial);
      return { input: cell, set: (value) => cell.set(value) };
    },
    cleanup: () => TestBed.resetTestingModule(),
  },
  ({ g, out, requests, server }) => {
    it("runs the README's component: nothing while taskId is null, the title once it is set, a rename through the mutation", async () => {
      const readme = readFileSync(join(import.meta.dirname, '..', 'README.md'), 'utf8');
      const example = /\n## Angular\n[\s\S]*?```ts\n([\s\S]*?)```/.exec(readme)?.[1];
      expect(example, 'README.md: a ts block under ## Angular').toContain("from './api/hooks.js'");
      // Legacy decorators, as the Angular CLI's tsconfig has them; the transform reads this file.
      writeFileSync(join(out(), '..', '..', 'tsconfig.json'), JSON.stringify({ compilerOptions: { experimentalDecorators: true, target: 'ES2022' } }));
      writeFileSync(join(out(), '..', 'task-button.ts'), example!);
      const { TaskButton } = (await import(join(out(), '..', 'task-button.ts'))) as { TaskButton: Type<{ taskId: { set: (id: number) => void } }> };
      let version = 0;
      server.use(
        g().mock('getTask')(({ params }) => ({ id: Number(params['taskId']), title: `v${version}`, status: 'open' })),
        g().mock('updateTask')(({ params, body }) => {
          version += 1;
          return { id: Number(params['taskId']), status: 'open', ...(body as object) };
        }),
      );
      const log = vi.spyOn(console, 'log').mockImplementation(() => {});
      TestBed.configureTestingModule({ providers: g().testUtils.createWrapper(g().testUtils.createTestQueryClient()) });
      const fixture = TestBed.createComponent(TaskButton);
      await fixture.whenStable();
      const element = fixture.nativeElement as HTMLElement;
      expect(element.textContent?.trim()).toBe('Pick a task');
      expect(requests).toEqual([]);
      fixture.componentInstance.taskId.set(7);
      await waitFor(() => expect(element.querySelector('button')?.textContent).toBe('v0'));
      element.querySelector('button')!.click();
      await waitFor(() => expect(element.querySelector('button')?.textContent).toBe('v1'));
      expect(log).toHaveBeenCalledWith('renamed', 'Done');
      log.mockRestore();
      expect(requests).toEqual(['GET /api/api/v1/tasks/7', 'PUT /api/api/v1/tasks/7', 'GET /api/api/v1/tasks/7']);
    });

    it('runs outside an injection context with the injector passed in, invalidating through its QueryClient', async () => {
      let listed = 0;
      server.use(
        // nextPageToken is given: a body is merged into the seeded page, which has one.
        g().mock('listTasks')(() => ({ items: [{ id: ++listed, title: 'listed', status: 'open' }], nextPageToken: null })),
        g().mock('createTask')({ status: 201, body: { id: 9, title: 'new', status: 'open' } }),
      );
      const queryClient = g().testUtils.createTestQueryClient();
      TestBed.configureTestingModule({ providers: g().testUtils.createWrapper(queryClient) });
      const injector = TestBed.inject(Injector);
      const list = g().hooks['injectListTasks'](undefined, undefined, { injector });
      const create = g().hooks['injectCreateTask'](undefined, { injector });
      await waitFor(() => expect(list.data()).toEqual({ items: [{ id: 1, title: 'listed', status: 'open' }], nextPageToken: null }));
      await create.mutateAsync({ title: 'new' });
      await waitFor(() => expect(list.data()?.items[0].id).toBe(2));
      expect(requests).toEqual(['GET /api/api/v1/tasks', 'POST /api/api/v1/tasks', 'GET /api/api/v1/tasks']);
    });
  },
);
