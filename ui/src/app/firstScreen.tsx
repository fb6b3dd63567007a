import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import { setRenderingStaticCopy } from '../shared/firstScreenCopy.ts';
import { ALL_LOCATIONS } from '../session/storage.ts';
import { createStore } from '../store/store.ts';
import { AppProviders } from './App.tsx';
import { adoptReplies } from './boot.ts';
import { AppRoutes, preloadPageFor } from './routes.tsx';

/**
 * The server's first-screen render (built with `vite build --ssr` into dist/ssr, used by
 * server/src/http/first-screen.ts): the page a visitor who is not signed in and has not chosen a location
 * sees first, on a wide screen, as static HTML in index.html. The browser paints it before any
 * script runs; React then renders the same tree from the same data and replaces it (createRoot,
 * no hydration), so nothing here has to be interactive. index.html hides it for anyone else.
 * The server renders in a worker thread, with the data it read from its read models (keyed by
 * request path, as index.html's boot script asks for them; server/src/http/first-screen-data.ts).
 */

// Everything this bundle renders is the static copy (product cards run their skeleton in CSS).
setRenderingStaticCopy(true);

/**
 * Moves the emotion `<style>` elements React left before each component into one element for
 * the head: dozens of style elements in the body each make the browser recompute styles while
 * it parses. The client's emotion cache reads the ids in `data-emotion` and does not insert
 * those rules again.
 */
function hoistStyles(html: string): { head: string; body: string } {
  const ids: string[] = [];
  const rules: string[] = [];
  const globals: string[] = [];
  const body = html.replace(/<style data-emotion="([^"]*)"[^>]*>([\s\S]*?)<\/style>/g, (tag, attribute: string, css: string) => {
    const [key, ...names] = attribute.split(' ');
    if (key === 'css') {
      ids.push(...names);
      rules.push(css);
    } else globals.push(tag);
    return '';
  });
  const head = globals.join('') + (ids.length > 0 ? `<style data-emotion="css ${ids.join(' ')}">${rules.join('')}</style>` : '');
  return { head, body };
}

/**
 * The first screen of `address` (a path, with a listing's filters as its query string): styles for
 * the head, and the HTML to go inside #root.
 */
export async function renderFirstScreen(address: string, replies: Record<string, unknown>): Promise<{ head: string; body: string }> {
  await preloadPageFor(new URL(address, 'http://shop.local').pathname);
  const store = createStore({ session: { token: null, user: null, location: ALL_LOCATIONS } });
  adoptReplies(store, replies, ALL_LOCATIONS);
  const html = renderToString(
    <AppProviders store={store}>
      <StaticRouter location={address}>
        <AppRoutes />
      </StaticRouter>
    </AppProviders>,
  );
  // Controls do nothing until React takes over: disabled, so nothing can be typed into a copy
  // that is about to be replaced (index.html also turns pointer events off on it).
  return hoistStyles(html.replace(/<(button|input|select|textarea)\b/g, '<$1 disabled=""'));
}
