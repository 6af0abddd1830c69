/**
 * Wall time per phase, for the sealing bench: each call records the time since the previous one
 * under its name (added up when a name repeats). Does nothing without a record to fill.
 */
export function phaseTimer(phases: Record<string, number> | undefined): (name: string) => void {
  if (!phases) return () => {};
  let last = performance.now();
  return (name) => {
    const now = performance.now();
    phases[name] = (phases[name] ?? 0) + now - last;
    last = now;
  };
}
