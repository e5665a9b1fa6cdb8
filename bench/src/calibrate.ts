/**
 * Milliseconds one core takes for a fixed piece of JavaScript work (200,000 small JSON round trips): the
 * machine's speed at that moment. Virtual machines vary from run to run; this tells a slow run from a slow
 * server.
 */
export function calibrate(): number {
  const started = performance.now()
  let sum = 0
  for (let i = 0; i < 200_000; i++)
    sum += (JSON.parse(JSON.stringify({ id: i, email: `u${i}@example.com`, ok: true })) as { id: number }).id
  if (sum < 0) throw new Error('unreachable')
  return performance.now() - started
}
