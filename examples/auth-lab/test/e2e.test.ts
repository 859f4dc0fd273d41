import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { type Browser, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, pnpmCommand, repoRoot, waitForHttp } from '@specwright/testing';

/** Debian's chromium, which `.ci/run` installs. The test fails without it; it never skips. */
const CHROMIUM = process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium';
const CHROMIUM_FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-quic'];
const ARTIFACTS = join(repoRoot, 'examples', 'auth-lab', 'test-results');

/** Starts the app exactly as a user does: `pnpm start` at the repository root. */
function pnpmStart(port: number): { child: ChildProcess; output: () => string } {
  let output = '';
  const child = spawn(pnpmCommand(), ['start'], {
    cwd: repoRoot,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1' },
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return { child, output: () => output };
}

/** Saves a screenshot in the artifacts folder and says where. */
async function screenshot(page: Page, name: string): Promise<void> {
  const path = join(ARTIFACTS, name);
  await page.screenshot({ path, fullPage: true });
  console.log(`screenshot: ${path}`);
}

/** fastify's JSON log lines among pnpm's and the build's output. */
function logLines(output: string): Record<string, unknown>[] {
  return output.split('\n').flatMap((line) => {
    try {
      const parsed: unknown = JSON.parse(line);
      return typeof parsed === 'object' && parsed !== null ? [parsed as Record<string, unknown>] : [];
    } catch {
      return [];
    }
  });
}

/** Whether any process of the group led by `pid` is still running. */
function groupAlive(pid: number): boolean {
  try {
    process.kill(-pid, 0);
    return true;
  } catch {
    return false;
  }
}

function exited(child: ChildProcess): Promise<number | null> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve(child.exitCode);
    else child.once('exit', (code) => resolve(code));
  });
}

describe('Auth Lab in a real browser', () => {
  let server: ReturnType<typeof pnpmStart>;
  let browser: Browser;
  let page: Page;
  let base: string;
  /** Every request the page makes to the API, in order. */
  const apiRequests: string[] = [];

  beforeAll(async () => {
    if (!existsSync(CHROMIUM)) throw new Error(`Chromium not found at ${CHROMIUM}: install it (apt-get install -y chromium) or set CHROMIUM_PATH`);
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    server = pnpmStart(port);
    try {
      await waitForHttp(`${base}/api/me`, 240_000);
    } catch (error) {
      throw new Error(`pnpm start did not serve:\n${server.output()}\n${String(error)}`);
    }
    browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS });
    page = await browser.newPage({ viewport: { width: 900, height: 900 } });
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname.startsWith('/api/')) apiRequests.push(`${request.method()} ${url.pathname}`);
    });
  }, 300_000);

  afterAll(async () => {
    await browser?.close();
    // Whatever is left of the process group that pnpm start made (nothing, when the last test passed).
    const pid = server?.child.pid;
    if (pid !== undefined && groupAlive(pid)) process.kill(-pid, 'SIGKILL');
  });

  it('logs in, validates the contact form before sending, sends it, logs out', async () => {
    await page.goto(base);
    // An empty username: the user-owned schema's message under the field, and nothing is sent.
    const username = page.getByLabel('Username');
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect.poll(() => username.getAttribute('aria-invalid')).toBe('true');
    expect(await page.locator(`#${await username.getAttribute('aria-describedby')}`).textContent()).toBe('Username is required');
    await username.fill('ada');
    await page.getByLabel('Password').fill('correct horse');
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect.poll(() => page.getByTestId('user-name').textContent()).toBe('user-ada');
    expect(await page.getByTestId('user-id').textContent()).toBe('ada');
    expect(apiRequests).toEqual(['POST /api/login', 'GET /api/me']);

    // E-mail chosen, no address and no message: the browser's own check does not block the
    // submit (the form is noValidate), so the generated client's rule shows under the field.
    const email = page.getByLabel('E-mail address');
    await page.getByRole('button', { name: 'Send' }).click();
    await expect.poll(() => email.getAttribute('aria-invalid')).toBe('true');
    const describedBy = await email.getAttribute('aria-describedby');
    expect(await page.locator(`#${describedBy}`).textContent()).toBe('Email is required when method is email');
    expect(await email.evaluate((element) => element === document.activeElement)).toBe(true);

    // With a message, the same: the rule's message under the field, focus on it, no request.
    await page.getByLabel('Message').fill('Please get in touch.');
    await page.getByRole('button', { name: 'Send' }).click();
    await expect.poll(() => email.getAttribute('aria-invalid')).toBe('true');
    expect(await page.locator(`#${describedBy}`).textContent()).toBe('Email is required when method is email');
    expect(await email.evaluate((element) => element === document.activeElement)).toBe(true);
    mkdirSync(ARTIFACTS, { recursive: true });
    await screenshot(page, 'auth-lab-validation.png');
    expect(apiRequests.filter((r) => r === 'POST /api/contact')).toEqual([]);

    await email.fill('ada@example.com');
    await page.getByRole('button', { name: 'Send' }).click();
    await expect.poll(() => page.getByRole('status').textContent()).toContain('(email)');
    expect(await email.getAttribute('aria-invalid')).toBeNull();
    expect(apiRequests.filter((r) => r === 'POST /api/contact')).toHaveLength(1);
    await screenshot(page, 'auth-lab.png');

    await page.getByRole('button', { name: 'Log out' }).click();
    await expect.poll(() => page.getByRole('button', { name: 'Log in' }).count()).toBe(1);
    expect(await page.getByTestId('user-name').count()).toBe(0);
  });

  it('serves the app for client-side routes and keeps the session across a reload', async () => {
    await page.goto(`${base}/some/client/route`);
    await page.getByLabel('Username').fill('grace');
    await page.getByLabel('Password').fill('x');
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect.poll(() => page.getByTestId('user-name').textContent()).toBe('user-grace');
    await page.reload();
    await expect.poll(() => page.getByTestId('user-name').textContent()).toBe('user-grace');
  });

  it("the server's typed errors: a 400's issues show under the fields, a 401 sends the user back to log in", async () => {
    // A fresh session: nothing stored from the tests before.
    await page.goto(base);
    await page.evaluate(() => sessionStorage.clear());
    await page.reload();
    await page.getByLabel('Username').fill('lin');
    await page.getByLabel('Password').fill('x');
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect.poll(() => page.getByTestId('user-name').textContent()).toBe('user-lin');

    // The form is valid in the page, but the request loses its e-mail on the way: the server's own
    // check answers 400 with the spec's ValidationErrorBody, and its issue shows under the field.
    await page.route('**/api/contact', (route) => route.continue({ postData: JSON.stringify({ method: 'email', message: 'Hello' }) }));
    const email = page.getByLabel('E-mail address');
    await email.fill('lin@example.com');
    await page.getByLabel('Message').fill('Hello');
    const refused = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/contact');
    await page.getByRole('button', { name: 'Send' }).click();
    const answer = await refused;
    expect(answer.status()).toBe(400);
    expect(await answer.json()).toMatchObject({ statusCode: 400, issues: [{ path: ['email'], message: 'Email is required when method is email' }] });
    await expect.poll(() => email.getAttribute('aria-invalid')).toBe('true');
    expect(await page.locator(`#${await email.getAttribute('aria-describedby')}`).textContent()).toBe('Email is required when method is email');
    expect(await page.getByTestId('user-name').textContent()).toBe('user-lin');
    await screenshot(page, 'auth-lab-server-400.png');
    await page.unroute('**/api/contact');

    // The session is gone on the server's side (the request arrives without its token): 401, and
    // the page sends the user back to the login form.
    await page.route('**/api/contact', (route) => {
      const headers = { ...route.request().headers() };
      delete headers['authorization'];
      return route.continue({ headers });
    });
    const unauthorized = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/contact');
    await page.getByRole('button', { name: 'Send' }).click();
    const denied = await unauthorized;
    expect(denied.status()).toBe(401);
    expect(await denied.json()).toMatchObject({ statusCode: 401, message: 'Unauthorized' });
    await expect.poll(() => page.getByRole('button', { name: 'Log in' }).count()).toBe(1);
    expect(await page.getByTestId('user-name').count()).toBe(0);
    expect(await page.evaluate(() => sessionStorage.length)).toBe(0);
    await page.unroute('**/api/contact');
  });

  it('passes SIGTERM sent to the pnpm start process on to the server, which shuts down gracefully', async () => {
    const pid = server.child.pid!;
    const listening = logLines(server.output()).find((line) => String(line['msg']).startsWith('Server listening'));
    expect(listening?.['pid']).toEqual(expect.any(Number));
    // Only the top process, as a process manager or `kill <pid>` does: pnpm must pass it on.
    process.kill(pid, 'SIGTERM');
    expect(await exited(server.child)).toBe(0);
    const shutdown = logLines(server.output()).find((line) => line['msg'] === 'shutting down');
    expect(shutdown).toMatchObject({ pid: listening?.['pid'], signal: 'SIGTERM' });
    await expect(fetch(`${base}/api/me`)).rejects.toThrow();
    // Nothing of pnpm start is left running (no orphaned server).
    await expect.poll(() => groupAlive(pid)).toBe(false);
  });
});
