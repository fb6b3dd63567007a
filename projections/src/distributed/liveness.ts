export interface LivenessOptions {
  /** How often the check runs. */
  intervalMs: number;
  /** How long the check may fail without a break before the process gives up. */
  graceMs: number;
  /** Called once, when the check has failed for `graceMs` (the process logs and exits non-zero). */
  onGiveUp: (unhealthyForMs: number) => void;
}

/**
 * Watches a health check and gives up on a process that stays unhealthy. Docker (and Compose's
 * `restart: unless-stopped`) restarts a container only when its process exits; a failing
 * healthcheck merely marks it unhealthy. So a relay or projector worker that cannot recover by
 * itself must exit, non-zero, to be restarted. A check that throws counts as unhealthy.
 */
export function watchLiveness(check: () => boolean | Promise<boolean>, options: LivenessOptions): { stop: () => void } {
  let unhealthySince: number | undefined;
  let stopped = false;
  let running = false;
  const timer = setInterval(() => {
    if (running || stopped) return;
    running = true;
    void (async () => {
      let healthy: boolean;
      try {
        healthy = await check();
      } catch {
        healthy = false;
      }
      if (stopped) return;
      const now = Date.now();
      if (healthy) unhealthySince = undefined;
      else unhealthySince ??= now;
      if (unhealthySince !== undefined && now - unhealthySince >= options.graceMs) {
        stop();
        options.onGiveUp(now - unhealthySince);
      }
    })().finally(() => {
      running = false;
    });
  }, options.intervalMs);
  timer.unref();
  const stop = () => {
    stopped = true;
    clearInterval(timer);
  };
  return { stop };
}
