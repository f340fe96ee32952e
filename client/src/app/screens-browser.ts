import { loaders } from 'virtual:screens/browser';
import { lazyScreen, type LazyScreen } from '../lib/lazy-screen';
import type { Screens } from './screens';

// One loader per route, generated from routes.json (screens-module.mjs), each
// screen a chunk of its own, which the manifest maps to its route.
const lazyScreens: Record<string, LazyScreen> = Object.fromEntries(
  Object.entries(loaders).map(([path, load]) => [path, lazyScreen(load)]),
);

export const browserScreens: Screens = Object.fromEntries(Object.entries(lazyScreens).map(([path, s]) => [path, s.Component]));

/** Loads the screen of a route path (from routeForPath). */
export function preloadScreen(routePath: string): Promise<void> {
  return lazyScreens[routePath]?.preload() ?? Promise.resolve();
}

/** Loads every screen's chunk, so later navigation never waits on the network. */
export function preloadAllScreens(): void {
  for (const screen of Object.values(lazyScreens)) screen.preload().catch(() => undefined);
}
