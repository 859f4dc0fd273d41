// Writes the docs site's package pages (docs/packages/<name>.md, not committed) from the package
// READMEs, so each package is documented in one place. Links between READMEs become links between
// pages; a link to a file of the repository (a source, a test) keeps its text, as the site does
// not serve the repository. Run by `pnpm docs:build` and `pnpm docs:dev`.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(fileURLToPath(import.meta.url), '..', '..', '..');
const OUT = join(root, 'docs', 'packages');

/** Folder under packages/ → page name (the command's name where there is one). */
export const PACKAGE_PAGES = {
  'openapi-zod-ts': 'openapi-zod-ts',
  'openapi-server': 'openapi-server',
  'openapi-react-query': 'openapi-react-query',
  'openapi-msw': 'openapi-msw',
  specwright: 'specwright',
  'vite-plugin': 'vite-plugin',
  'form-errors': 'form-errors',
  core: 'core',
};

const pageOf = new Map(Object.entries(PACKAGE_PAGES).map(([dir, page]) => [join(root, 'packages', dir), page]));

/** A README's link target as a link of the site, or undefined when the site has no such page. */
function siteLink(readmeDir, target) {
  if (/^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith('#')) return target;
  const [path, hash] = target.split('#');
  const absolute = resolve(readmeDir, path);
  const anchor = hash ? `#${hash}` : '';
  const dir = absolute.endsWith('README.md') ? dirname(absolute) : absolute;
  if (pageOf.has(dir)) return `./${pageOf.get(dir)}.md${anchor}`;
  if (dir === root) return `/${anchor}`;
  if (relative(join(root, 'docs'), absolute).split('/')[0] !== '..' && absolute.endsWith('.md')) return `/${relative(join(root, 'docs'), absolute)}${anchor}`;
  return undefined;
}

/** The README's markdown with its links made the site's. */
export function pageText(readme) {
  const dir = dirname(readme);
  const text = readFileSync(readme, 'utf8');
  let fence = false;
  return text
    .split('\n')
    .map((line) => {
      if (/^\s*(```|~~~)/.test(line)) fence = !fence;
      if (fence) return line;
      return line.replace(/(!?)\[([^\]]*)\]\(([^)\s]+)\)/g, (whole, bang, label, target) => {
        const link = siteLink(dir, target);
        if (link !== undefined) return `${bang}[${label}](${link})`;
        return bang ? '' : label;
      });
    })
    .join('\n');
}

export function writePackagePages() {
  rmSync(OUT, { recursive: true, force: true });
  mkdirSync(OUT, { recursive: true });
  for (const [dir, page] of Object.entries(PACKAGE_PAGES)) writeFileSync(join(OUT, `${page}.md`), pageText(join(root, 'packages', dir, 'README.md')));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) writePackagePages();
