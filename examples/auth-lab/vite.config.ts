import { specwright } from '@specwright/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The frontend lives in src/web and is served by the full-stack server from dist/web.
// `pnpm dev` runs this dev server on DEV_PORT (5173) and proxies /api to API_TARGET, by default the
// full-stack server on PORT (3004), as `pnpm start` serves it (README.md);
// the specwright plugin regenerates src/generated (specwright.config.json) whenever the spec changes.
const devPort = Number(process.env['DEV_PORT'] ?? 5173);
const apiTarget = process.env['API_TARGET'] ?? `http://localhost:${process.env['PORT'] ?? 3004}`;

export default defineConfig({
  root: 'src/web',
  plugins: [specwright({ config: 'specwright.config.json' }), react()],
  build: { outDir: '../../dist/web', emptyOutDir: true },
  server: { port: devPort, strictPort: true, proxy: { '/api': apiTarget } },
});
