import { StrictMode, useLayoutEffect, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import './app/global.css';
import { App } from './app/App.tsx';
import { adoptBootData } from './app/boot.ts';
import { preloadPageFor } from './app/routes.tsx';
import { firstScreenReplaced, firstScreenShown } from './shared/firstScreenCopy.ts';
import { createStore } from './store/store.ts';

// Served by file name (/index.html) the app still starts on Home, without a redirect render.
if (window.location.pathname === '/index.html') {
  window.history.replaceState(window.history.state, '', `/${window.location.search}${window.location.hash}`);
}

// Pages open at the top (Home scrolls to the top on load), also after a reload.
window.history.scrollRestoration = 'manual';

const store = createStore();

/**
 * React's first commit replaces the server's static first screen (index.html); from then on the
 * page takes clicks again. A layout effect, so it happens before the browser paints that commit.
 */
function TakeOver({ container, children }: { container: HTMLElement; children: ReactNode }) {
  useLayoutEffect(() => {
    container.removeAttribute('data-first-screen');
    firstScreenReplaced();
  }, [container]);
  return children;
}

// The page's own chunk (already fetching: index.html preloads it) renders in the first pass,
// with the data index.html prefetched (waiting at most a moment for it).
// A promise, not a top-level await: page chunks import from this entry, which must finish first.
const moment = new Promise((resolve) => setTimeout(resolve, 150));
void Promise.all([preloadPageFor(window.location.pathname).catch(() => undefined), Promise.race([adoptBootData(store, store.getState().session.location), moment])])
  .then(() => {
    const container = document.getElementById('root')!;
    // A visible static copy (index.html hides it where it would not match): the first render shows
    // what the shopper already sees there as it is (shared/firstScreenCopy.ts).
    const copyShown = container.hasAttribute('data-first-screen') && document.documentElement.getAttribute('data-first-screen') !== 'off';
    firstScreenShown(copyShown ? container : undefined);
    createRoot(container).render(
      <StrictMode>
        <TakeOver container={container}>
          <App store={store} />
        </TakeOver>
      </StrictMode>,
    );
  });
