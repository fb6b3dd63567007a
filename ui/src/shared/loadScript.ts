const loading = new Map<string, Promise<void>>();

/**
 * Adds a third-party script once, when first needed (Google Identity Services on the sign-in
 * screens, Razorpay's checkout on the checkout screen): nothing loads on the other pages.
 * A failed load can be retried.
 */
export function loadScript(src: string): Promise<void> {
  let pending = loading.get(src);
  if (!pending) {
    pending = new Promise<void>((resolve, reject) => {
      const script = document.createElement('script');
      script.src = src;
      script.async = true;
      script.onload = () => resolve();
      script.onerror = () => {
        loading.delete(src);
        script.remove();
        reject(new Error(`Could not load ${src}`));
      };
      document.head.appendChild(script);
    });
    loading.set(src, pending);
  }
  return pending;
}
