// Field detection figure: time to find where a 100-page contract is signed (a paraph line per
// party on every page, two signature blocks at the end), in the PDF worker as an upload runs it.
// Prints the first run (pdf.js loading in the worker) and the median and p95 of 10 warm runs.
//   node scripts/bench-detection.mjs        (or benchDetection() from scripts/bench.mjs)
// Never asserts timings; prints and returns them.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { tsImport } from 'tsx/esm/api';

const here = fileURLToPath(import.meta.url);
const api = path.resolve(path.dirname(here), '../apps/api');

export async function benchDetection(pages = 100) {
  const { longContract } = await tsImport(path.join(api, 'test/fixtures/detection-pdfs.ts'), here);
  const { detectMarkers } = await tsImport(path.join(api, 'src/lib/pdf/detect-markers.ts'), here);
  const { closePdfWorkers } = await tsImport(path.join(api, 'src/lib/pdf/prepare.ts'), here);
  const { bytes } = await longContract(pages);
  // Wall time, and the CPU time of the process (the worker's, as nothing else runs here): on a
  // machine shared with other work the wall time grows, the CPU time does not.
  const time = async () => {
    const start = performance.now();
    const cpu = process.cpuUsage();
    const found = await detectMarkers(bytes);
    const used = process.cpuUsage(cpu);
    return {
      ms: performance.now() - start,
      cpu: (used.user + used.system) / 1000,
      found: found.length,
    };
  };
  try {
    const first = await time();
    const runs = [];
    for (let i = 0; i < 10; i++) runs.push(await time());
    const sorted = (key) => runs.map((r) => r[key]).sort((a, b) => a - b);
    const median = sorted('ms')[5];
    const p95 = sorted('ms')[9];
    const cpu = sorted('cpu')[5];
    console.log(
      `  ${pages} pages (${(bytes.length / 1024).toFixed(0)} kB), ${first.found} fields found: ` +
        `first run ${first.ms.toFixed(0)} ms (loads pdf.js in the worker), ` +
        `median ${median.toFixed(0)} ms (CPU ${cpu.toFixed(0)} ms), p95 ${p95.toFixed(0)} ms ` +
        `(target ≤ 1000 ms)`,
    );
    return { first: first.ms, median, p95, cpu, found: first.found };
  } finally {
    await closePdfWorkers();
  }
}

if (process.argv[1] === here) await benchDetection();
