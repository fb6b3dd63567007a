/**
 * Product cards in the server's static first screen (server/src/http/first-screen.ts) run their
 * 500 ms skeleton in CSS from the moment each appears, before any script. React's first render
 * replaces the copy and carries on each card's clock from there, so a card is never shown as a
 * skeleton twice; anything mounted later starts its own.
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

/**
 * What is left of product `id`'s card skeleton (`ms` in all) when its static copy has shown it
 * for a while already: the time its CSS reveal animation (ProductCard, card.module.css) has run.
 */
export function cardSkeletonLeft(id: string, ms: number): number {
  const part = copy?.querySelector(`[data-static-copy][data-product-id="${id}"] > *`);
  const elapsed = part?.getAnimations?.()[0]?.currentTime;
  return typeof elapsed === 'number' ? Math.max(0, ms - elapsed) : ms;
}
