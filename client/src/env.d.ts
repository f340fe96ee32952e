// Stylesheets are bundled by esbuild (one CSS file for the browser entry).
declare module '*.css';

/** Generated from src/app/routes.json by screens-module.mjs (build and tests). */
declare module 'virtual:screens/browser' {
  import type { ComponentType } from 'react';
  /** Route path → its screen module, loaded lazily (one chunk a screen). */
  export const loaders: Record<string, () => Promise<{ default: ComponentType }>>;
}

declare module 'virtual:screens/server' {
  import type { ComponentType } from 'react';
  /** Route path → its screen component, imported statically. */
  export const components: Record<string, ComponentType>;
}
