import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { precompress } from './precompress';

const root = fileURLToPath(new URL('.', import.meta.url));
const api = 'http://127.0.0.1:3000';

export default defineConfig({
  root,
  plugins: [react(), precompress()],
  server: {
    proxy: {
      '/api': { target: api, changeOrigin: false },
      '/dev': { target: api, changeOrigin: false },
    },
  },
  preview: {
    proxy: {
      '/api': { target: api, changeOrigin: false },
      '/dev': { target: api, changeOrigin: false },
    },
  },
  build: {
    outDir: fileURLToPath(new URL('./dist', import.meta.url)),
    emptyOutDir: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // The UI kit's modules in one chunk, not forty: a page that opens (the signer's page
            // first) asks for a few files instead of queueing dozens of small ones behind the
            // browser's six connections per server.
            { name: 'ui', test: /node_modules[\\/](@mantine[\\/](core|hooks)|@floating-ui)[\\/]/ },
          ],
        },
      },
      treeshake: {
        // The contract's modules only declare schemas and constants, so a page that imports
        // `messages` need not download zod and every schema.
        moduleSideEffects: (id: string) => !id.includes('/packages/contract/src/'),
      },
    },
  },
});
