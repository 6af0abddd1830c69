import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

const { version } = JSON.parse(
  readFileSync(new URL('./package.json', import.meta.url), 'utf8'),
) as { version: string };

/** The React component as an ES module beside `/embed.js` (React itself stays the app's). */
export default defineConfig({
  define: { __PARAAF_EMBED_VERSION__: JSON.stringify(version) },
  build: {
    outDir: fileURLToPath(new URL('./dist', import.meta.url)),
    emptyOutDir: false,
    lib: {
      entry: fileURLToPath(new URL('./src/react.tsx', import.meta.url)),
      formats: ['es'],
      fileName: () => 'react.js',
    },
    rolldownOptions: { external: ['react', 'react/jsx-runtime'] },
  },
});
