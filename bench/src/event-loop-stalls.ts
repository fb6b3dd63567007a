/**
 * Watches the event loop while some work runs: `stop` resolves with the longest it went without a
 * turn, which is how long a request to a serving shop (`/healthz` included) would have waited.
 */
export function watchEventLoopStalls(): { stop(): Promise<number> } {
  let lastTurn = performance.now();
  let stallMs = 0;
  const turns = setInterval(() => {
    const now = performance.now();
    stallMs = Math.max(stallMs, now - lastTurn);
    lastTurn = now;
  }, 5);
  return {
    async stop() {
      // One more turn, so a stall that lasted to the end of the work is counted.
      await new Promise((resolve) => setTimeout(resolve, 10));
      clearInterval(turns);
      return stallMs;
    },
  };
}
