// The machine's speed at the moment of a bench, so a slow run can be told from slow code: a
// fixed piece of work (SHA-256 over 32 MB, JSON parsing, a loop of integer arithmetic: native
// code, the JIT's code and the garbage collector) timed in CPU milliseconds. On the 2-core
// machine of issue 28 it took 41 to 91 ms within one session. It is a rough guide: it shows
// a machine that is slow when it is taken, but the list bench's CPU per request moved by 40 %
// between runs whose fixed work took the same 60-64 ms (the machine also slows for seconds
// inside a run), so a figure is compared with another only over several runs.
import { createHash } from 'node:crypto';

const block = Buffer.alloc(1 << 20, 7);
const json = JSON.stringify(
  Array.from({ length: 2000 }, (_, i) => ({
    id: i,
    name: `Jan ${i}`,
    tags: ['a', 'b'],
    n: i * 1.5,
  })),
);

function fixedWork() {
  const hash = createHash('sha256');
  for (let i = 0; i < 32; i++) hash.update(block);
  let sum = hash.digest()[0];
  for (let i = 0; i < 20; i++) sum += JSON.parse(json).length;
  let x = 0;
  for (let i = 0; i < 5e6; i++) x = (x * 31 + i) | 0;
  return sum + x;
}

/** CPU ms of the fixed work: the median of `runs` after one to warm up. Lower is faster. */
export function machineSpeed(runs = 5) {
  fixedWork();
  const times = [];
  for (let i = 0; i < runs; i++) {
    const before = process.cpuUsage();
    fixedWork();
    const used = process.cpuUsage(before);
    times.push((used.user + used.system) / 1000);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(runs / 2)];
}

/**
 * Runs `fn` between two measures of the machine's speed and prints both, indented under the
 * bench's heading: figures taken while the fixed work took longer are from a slower machine.
 */
export async function withMachineSpeed(fn) {
  const before = machineSpeed();
  try {
    return await fn();
  } finally {
    const after = machineSpeed();
    console.log(
      `  machine speed: the fixed work took ${before.toFixed(0)} ms of CPU before, ` +
        `${after.toFixed(0)} ms after (lower is faster; scripts/lib/machine-speed.mjs)`,
    );
  }
}
