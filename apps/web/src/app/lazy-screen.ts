import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/** A lazy screen whose code can be asked for before it renders (decision 152). */
export type LazyScreen = LazyExoticComponent<ComponentType> & {
  /** Starts loading the screen's code; the promise never rejects (the render reports a failure). */
  preload: () => Promise<unknown>;
};

type ScreenModule = { default: ComponentType };

/**
 * `React.lazy` with a `preload`: both share one download. One that failed (no network) is forgotten,
 * so that the render, or a later preload, asks again. Code already here when the screen first renders
 * is handed to React at once (a thenable that answers synchronously, decision 156): the screen renders
 * in that same pass instead of suspending, committing its fallback and coming back on a later task
 * (React holds a boundary's content for 300 ms after its fallback has shown).
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
