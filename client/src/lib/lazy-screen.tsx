import { createElement, lazy, type ComponentType } from 'react';

export interface LazyScreen<P extends object = object> {
  /** Renders the module synchronously once loaded, else suspends (React.lazy). */
  Component: ComponentType<P>;
  /** Loads the module; the browser entry awaits this for the first route before hydrating. */
  preload: () => Promise<void>;
}

/**
 * React.lazy always suspends on its first render, even when the module is
 * already in memory, which would swap server HTML for the fallback spinner
 * during hydration. This wrapper remembers the resolved module and renders
 * it directly, so a preloaded screen hydrates without suspending.
 *
 * Not yet loaded at hydration, it suspends inside its Suspense boundary and
 * React keeps the server's HTML there, hydrating it once the module arrives:
 * the parts of a page that hydrate after it (features/layout/lazy-nav.ts).
 */
export function lazyScreen<P extends object = object>(load: () => Promise<{ default: ComponentType<P> }>): LazyScreen<P> {
  let resolved: ComponentType<P> | null = null;
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
    return { default: resolved as ComponentType<P> };
  });

  function Screen(props: P) {
    return resolved ? createElement(resolved, props) : createElement(Lazy, props);
  }

  return { Component: Screen, preload };
}

const parts: LazyScreen<never>[] = [];

/**
 * A lazily loaded part of the shell or of a screen (a closed panel, a form)
 * that the browser entry loads once the page is up (preloadLazyParts), so
 * that opening it rarely waits on the network.
 */
export function lazyPart<P extends object = object>(load: () => Promise<{ default: ComponentType<P> }>): LazyScreen<P> {
  const part = lazyScreen(load);
  parts.push(part as LazyScreen<never>);
  return part;
}

/** Loads every lazy part made so far, quietly (a failure is retried when the part is shown). */
export function preloadLazyParts(): Promise<void> {
  return Promise.all(parts.map((part) => part.preload().catch(() => undefined))).then(() => undefined);
}
