import { components } from 'virtual:screens/server';
import type { Screens } from './screens';

// Static imports generated from routes.json (screens-module.mjs): the server
// renders synchronously and must never suspend.
export const serverScreens: Screens = components;
