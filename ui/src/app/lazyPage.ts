import { lazy, type ComponentType } from 'react';

type Module<P> = { default: ComponentType<P> };

/**
 * React.lazy with a `preload()` the entry can await before the first render. Once loaded, the
 * factory hands React a synchronously resolved thenable, so the page renders in the first pass
 * instead of suspending once more (no fallback flash, data requests start a render earlier).
 */
export function lazyPage<P extends object>(load: () => Promise<Module<P>>) {
  let loaded: Module<P> | undefined;
  let pending: Promise<Module<P>> | undefined;
  const preload = () => {
    pending ??= load().then((module) => (loaded = module));
    return pending;
  };
  const Page = lazy(() => (loaded ? ({ then: (resolve: (m: Module<P>) => void) => resolve(loaded!) } as unknown as Promise<Module<P>>) : preload()));
  return Object.assign(Page, { preload });
}
