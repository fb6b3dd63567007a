import { getContainerRuntimeClient } from 'testcontainers';

let cached: Promise<string | null> | undefined;

/**
 * Null when a container runtime answers, otherwise the one-line reason the container-backed
 * suites are skipped. Asked once per test process.
 */
export function containerRuntimeUnavailable(): Promise<string | null> {
  cached ??= getContainerRuntimeClient().then(
    () => null,
    (error: unknown) => `no container runtime (${(error as Error).message.split('\n')[0]})`,
  );
  return cached;
}
