import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { type Browser, chromium } from 'playwright-core';
import { build, serve } from 'vitepress';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, repoRoot } from '@specwright/testing';
import { writePackagePages } from '../../scripts/docs/package-pages.mjs';

/** Debian's chromium, which `.ci/run` installs. The test fails without it; it never skips. */
const CHROMIUM = process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium';
const CHROMIUM_FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-quic'];
const DOCS = join(repoRoot, 'docs');

/** Pages every visitor must find: the guide, a page per generator, recipes, migrations, reference. */
const REQUIRED_PAGES = [
  '/',
  '/getting-started',
  '/guide/using-it',
  '/packages/openapi-zod-ts',
  '/packages/openapi-server',
  '/packages/openapi-react-query',
  '/packages/openapi-msw',
  '/packages/specwright',
  '/packages/vite-plugin',
  '/packages/form-errors',
  '/guide/auth-lab',
  '/guide/security',
  '/recipes/testing',
  '/recipes/nextjs-hono',
  '/recipes/monorepo',
  '/recipes/ci',
  '/migrate/orval',
  '/migrate/hey-api',
  '/migrate/openapi-typescript',
  '/benchmarks',
  '/reference/config',
];

describe('the docs site, built and opened in Chromium', () => {
  let browser: Browser;
  let base: string;
  let server: { server?: { close(): void } } | undefined;

  beforeAll(async () => {
    if (!existsSync(CHROMIUM)) throw new Error(`Chromium not found at ${CHROMIUM}: install it (apt-get install -y chromium) or set CHROMIUM_PATH`);
    writePackagePages();
    // A dead internal link fails the build itself (VitePress checks every markdown link).
    await build(DOCS);
    const port = await freePort();
    server = (await serve({ root: DOCS, port })) as { server?: { close(): void } };
    base = `http://localhost:${port}`;
    browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS });
  }, 300_000);

  afterAll(async () => {
    await browser?.close();
    server?.server?.close();
  });

  it('every page reached from the home page loads without a console error, and every link and anchor resolves', async () => {
    const page = await browser.newPage();
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(`${page.url()}: ${message.text()}`);
    });
    page.on('pageerror', (error) => errors.push(`${page.url()}: ${error.message}`));
    page.on('response', (response) => {
      if (response.status() >= 400) errors.push(`${page.url()}: ${response.url()} answered ${response.status()}`);
    });
    const seen = new Set<string>();
    const queue = ['/'];
    const broken: string[] = [];
    while (queue.length > 0) {
      const path = queue.shift()!;
      if (seen.has(path)) continue;
      seen.add(path);
      const response = await page.goto(base + path, { waitUntil: 'load' });
      if (response?.status() !== 200) {
        broken.push(`${path}: HTTP ${response?.status()}`);
        continue;
      }
      if ((await page.locator('.NotFound').count()) > 0) {
        broken.push(`${path}: not found`);
        continue;
      }
      const links = await page.$$eval('a[href]', (anchors) => anchors.map((a) => (a as HTMLAnchorElement).href));
      for (const href of links) {
        const url = new URL(href);
        if (url.origin !== new URL(base).origin) continue;
        const target = url.pathname.replace(/\.html$/, '');
        if (url.hash.length > 1 && target === path) {
          const id = decodeURIComponent(url.hash.slice(1));
          const found = await page.evaluate((anchor) => document.getElementById(anchor) !== null, id);
          if (!found) broken.push(`${path}: anchor ${url.hash} missing`);
        }
        if (!seen.has(target)) queue.push(target);
      }
    }
    expect(broken).toEqual([]);
    expect(errors).toEqual([]);
    expect(REQUIRED_PAGES.filter((p) => !seen.has(p))).toEqual([]);
  }, 300_000);
});
