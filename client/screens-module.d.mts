// Types of screens-module.mjs for vitest.config.ts.
import type { Plugin } from 'vite';

export interface RouteJson {
  path: string;
  screen: string;
  title: string;
  protected: boolean;
  roles?: string[];
}
export const SRC_DIR: string;
export const ROUTES_FILE: string;
export function readRoutes(): RouteJson[];
export function screenFile(screen: string): string;
export function screensModule(target: 'browser' | 'server', routes?: RouteJson[]): string;
export function screensEsbuildPlugin(): { name: string; setup(build: unknown): void };
export function screensVitePlugin(): Plugin;
