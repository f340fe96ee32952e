import type { ComponentType } from 'react';
import type { ScreenName } from './route-table';

/** Screen components by name: lazy in the browser, static in the SSR bundle. */
export type Screens = Record<ScreenName, ComponentType>;
