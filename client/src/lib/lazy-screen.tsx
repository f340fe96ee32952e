import { createElement, lazy, type ComponentType } from 'react';

export interface LazyScreen {
  /** Renders the module synchronously once loaded, else suspends (React.lazy). */
  Component: ComponentType;
  /** Loads the module; the browser entry awaits this for the first route before hydrating. */
  preload: () => Promise<void>;
}

/**
 * React.lazy always suspends on its first render, even when the module is
 * already in memory, which would swap server HTML for the fallback spinner
 * during hydration. This wrapper remembers the resolved module and renders
 * it directly, so a preloaded screen hydrates without suspending.
 */
export function lazyScreen(load: () => Promise<{ default: ComponentType }>): LazyScreen {
  let resolved: ComponentType | null = null;
  let pending: Promise<void> | null = null;

  const preload = () => {
    pending ??= load().then(
      (module) => {
        resolved = module.default;
      },
      (error: unknown) => {
        pending = null; // let a later navigation retry (e.g. after a network blip)
        throw error;
      },
    );
    return pending;
  };

  const Lazy = lazy(async () => {
    await preload();
    return { default: resolved as ComponentType };
  });

  function Screen() {
    return resolved ? createElement(resolved) : createElement(Lazy);
  }

  return { Component: Screen, preload };
}
