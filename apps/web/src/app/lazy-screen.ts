import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/** A lazy screen whose code can be asked for before it renders (decision 152). */
export type LazyScreen = LazyExoticComponent<ComponentType> & {
  /** Starts loading the screen's code; the promise never rejects (the render reports a failure). */
  preload: () => Promise<unknown>;
};

/**
 * `React.lazy` with a `preload`: both share one download. One that failed (no network) is forgotten,
 * so that the render, or a later preload, asks again.
 */
export function lazyScreen(load: () => Promise<{ default: ComponentType }>): LazyScreen {
  let loading: Promise<{ default: ComponentType }> | undefined;
  const once = () =>
    (loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    }));
  return Object.assign(lazy(once), { preload: () => once().catch(() => undefined) });
}
