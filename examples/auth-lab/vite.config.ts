import { specwright } from '@specwright/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The frontend lives in src/web and is served by the full-stack server from dist/web.
// `pnpm dev` runs this dev server on 5173 and proxies /api to the full-stack server on 3004;
// the specwright plugin regenerates src/generated (specwright.config.json) whenever the spec changes.
export default defineConfig({
  root: 'src/web',
  plugins: [specwright({ config: 'specwright.config.json' }), react()],
  build: { outDir: '../../dist/web', emptyOutDir: true },
  server: { port: 5173, strictPort: true, proxy: { '/api': 'http://localhost:3004' } },
});
