import { defineConfig } from 'vitepress';

/** The docs site (`pnpm docs:dev`, `pnpm docs:build`). Package pages are written from the package READMEs first. */
/** GitHub's heading anchors, so that the same links work in the READMEs on GitHub and on the site. */
function githubSlug(text: string): string {
  return text
    .trim()
    .toLowerCase()
    .replace(/<[^>]*>/g, '')
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

export default defineConfig({
  markdown: { anchor: { slugify: githubSlug } },
  title: 'Specwright',
  description: 'OpenAPI to Zod v4, a typed fetch client, routers, TanStack Query hooks and MSW mocks that agree with each other.',
  cleanUrls: true,
  // The site is read offline and in CI: no external fonts or search service.
  head: [
    ['link', { rel: 'icon', type: 'image/svg+xml', href: '/favicon.svg' }],
    ['meta', { name: 'theme-color', content: '#3c8772' }],
  ],
  srcExclude: ['test/**'],
  themeConfig: {
    search: { provider: 'local' },
    nav: [
      { text: 'Guide', link: '/getting-started' },
      { text: 'Config reference', link: '/reference/config' },
      { text: 'Recipes', link: '/recipes/testing' },
      { text: 'Benchmarks', link: '/benchmarks' },
    ],
    sidebar: [
      {
        text: 'Guide',
        items: [
          { text: 'Getting started', link: '/getting-started' },
          { text: 'Using it in a project', link: '/guide/using-it' },
          { text: 'specwright, watch and --check', link: '/packages/specwright' },
          { text: 'Vite plugin', link: '/packages/vite-plugin' },
          { text: 'Specs spread over files', link: '/guide/multi-file-specs' },
          { text: 'Security: what a spec may reach', link: '/guide/security' },
        ],
      },
      {
        text: 'Generators',
        items: [
          { text: 'openapi-zod-ts (schemas, client, your schema file)', link: '/packages/openapi-zod-ts' },
          { text: 'openapi-server (service, routers)', link: '/packages/openapi-server' },
          { text: 'openapi-react-query (hooks)', link: '/packages/openapi-react-query' },
          { text: 'openapi-msw (mocks)', link: '/packages/openapi-msw' },
          { text: 'form-errors', link: '/packages/form-errors' },
        ],
      },
      {
        text: 'Recipes',
        items: [
          { text: 'Testing with MSW and TanStack Query', link: '/recipes/testing' },
          { text: 'Next.js through hono', link: '/recipes/nextjs-hono' },
          { text: 'Monorepos with projects', link: '/recipes/monorepo' },
          { text: 'CI with --check', link: '/recipes/ci' },
        ],
      },
      {
        text: 'Coming from',
        items: [
          { text: 'orval', link: '/migrate/orval' },
          { text: 'hey-api', link: '/migrate/hey-api' },
          { text: 'openapi-typescript', link: '/migrate/openapi-typescript' },
        ],
      },
      {
        text: 'Reference',
        items: [
          { text: 'Config reference', link: '/reference/config' },
          { text: 'The Auth Lab', link: '/guide/auth-lab' },
          { text: 'Benchmarks', link: '/benchmarks' },
          { text: 'Real-world corpus and agreement', link: '/guide/corpus' },
          { text: 'Dependencies and why', link: '/guide/dependencies' },
        ],
      },
      {
        text: 'Contributing',
        items: [
          { text: 'How it works', link: '/guide/how-it-works' },
          { text: 'Architecture', link: '/contributing/architecture' },
          { text: 'Core package', link: '/packages/core' },
          { text: 'Tests and CI', link: '/contributing/tests-and-ci' },
        ],
      },
    ],
  },
});
