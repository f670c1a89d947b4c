import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/** A lazy screen whose code can be asked for before it renders (decision 152). */
export type LazyScreen = LazyExoticComponent<ComponentType> & {
  /** Starts loading the screen's code; the promise never rejects (the render reports a failure). */
  preload: () => Promise<unknown>;
};

type ScreenModule = { default: ComponentType };

/**
 * `React.lazy` with a `preload` sharing one download; a failed one is forgotten so that it is asked again.
 * Code already here is handed over synchronously, so the screen renders in the same pass instead of showing
 * its fallback for React's 300 ms (decision 156).
 */
export function lazyScreen(load: () => Promise<ScreenModule>): LazyScreen {
  let loading: Promise<ScreenModule> | undefined;
  let loaded: ScreenModule | undefined;
  const once = () =>
    (loading ??= load().then(
      (module) => (loaded = module),
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    ));
  // React.lazy calls `then` once, at the first render: answering inside it resolves the lazy at once.
  const render = (): PromiseLike<ScreenModule> => {
    const module = loaded;
    if (!module) return once();
    const ready: PromiseLike<ScreenModule> = {
      then(onFulfilled) {
        onFulfilled?.(module);
        return ready as never;
      },
    };
    return ready;
  };
  return Object.assign(lazy(render as () => Promise<ScreenModule>), {
    preload: () => once().catch(() => undefined),
  });
}
