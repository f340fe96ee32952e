import type { ComponentType } from 'react';

/** Screen components by route path ("*": not found): lazy in the browser, static in the SSR bundle. */
export type Screens = Record<string, ComponentType>;
