/**
 * The server's static first screen (server/src/http/first-screen.ts) and React's takeover of it.
 * Components render their static copy while `renderingStaticCopy()` (the server's render); in the
 * browser, until React's first commit replaces the copy, `cameWithFirstScreen` tells a product
 * card whether the shopper is already looking at it, so the takeover shows it as it was.
 */

let staticCopy = false;
/** The visible static copy, until React's first commit replaces it. */
let copy: HTMLElement | undefined;

/** Set by the server's render (src/app/firstScreen.tsx): components render their static copy. */
export function setRenderingStaticCopy(on: boolean): void {
  staticCopy = on;
}

export function renderingStaticCopy(): boolean {
  return staticCopy;
}

/** Before React's first render (main.tsx): the static copy it replaces, if one is shown. */
export function firstScreenShown(container: HTMLElement | undefined): void {
  copy = container;
}

/** Once React's first commit has replaced the copy (main.tsx). */
export function firstScreenReplaced(): void {
  copy = undefined;
}

/** Whether product `id`'s card is in the static copy the shopper sees (its data came with the page). */
export function cameWithFirstScreen(id: string): boolean {
  return copy?.querySelector(`[data-static-copy][data-product-id="${CSS.escape(id)}"]`) != null;
}
