/**
 * Registers the service worker that opens the app offline (decision 147) once the browser is idle, so that
 * precaching never competes with the sign-in page. Only in a secure context, where browsers allow one.
 */
export function registerServiceWorkerWhenIdle(url = '/sw.js'): void {
  if (typeof window === 'undefined' || !window.isSecureContext || !('serviceWorker' in navigator)) return;
  const register = () => {
    void navigator.serviceWorker.register(url, { scope: '/' }).catch(() => undefined);
  };
  const whenIdle = () => {
    if ('requestIdleCallback' in window) window.requestIdleCallback(register, { timeout: 10_000 });
    else setTimeout(register, 1_000);
  };
  if (document.readyState === 'complete') whenIdle();
  else window.addEventListener('load', whenIdle, { once: true });
}
