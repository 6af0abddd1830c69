import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

const { version } = JSON.parse(
  readFileSync(new URL('./package.json', import.meta.url), 'utf8'),
) as { version: string };

/** `/embed.js`: the web component as one classic script, served by the api. */
export default defineConfig({
  define: { __PARAAF_EMBED_VERSION__: JSON.stringify(version) },
  build: {
    outDir: fileURLToPath(new URL('./dist', import.meta.url)),
    emptyOutDir: true,
    lib: {
      entry: fileURLToPath(new URL('./src/index.ts', import.meta.url)),
      name: 'ParaafEmbed',
      formats: ['iife'],
      fileName: () => 'embed.js',
    },
  },
});
