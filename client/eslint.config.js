// Lint: typescript-eslint, the React hooks rules, and the import boundaries
// of src/: shared (components/, lib/, hooks/) → features/ → app/. Shared code
// never imports a feature or the app; a feature imports shared code, itself,
// and another feature only through that one's index.ts (its public face, as
// bulletproof-react has it); the app and the entries import anything.
// Run with zero warnings by `npm test` (`npm run lint`).
import './typescript5.mjs';
import js from '@eslint/js';
import boundaries from 'eslint-plugin-boundaries';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['dist/', 'node_modules/', 'generated/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['*.{js,mjs}'],
    languageOptions: { globals: globals.node },
  },
  {
    // Node tests that also run functions in the page (page.evaluate).
    files: ['e2e/**/*.mjs'],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks, boundaries },
    settings: {
      'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js', '.json'] } },
      'boundaries/include': ['src/**/*'],
      'boundaries/ignore': ['src/**/*.test.{ts,tsx}'],
      'boundaries/elements': [
        { type: 'shared', pattern: ['src/components', 'src/lib', 'src/hooks'], mode: 'folder' },
        // routes.json and its reader: what every layer (and the server) reads;
        // they import nothing else.
        { type: 'route-table', pattern: ['src/app/routes.json', 'src/app/route-table.ts'], mode: 'full' },
        // A feature's index.ts before the feature itself: the first pattern that matches wins.
        { type: 'feature-index', pattern: 'src/features/*/index.ts', mode: 'full', capture: ['feature'] },
        { type: 'feature', pattern: 'src/features/*', mode: 'folder', capture: ['feature'] },
        { type: 'app', pattern: 'src/app', mode: 'folder' },
        { type: 'entry', pattern: 'src/*.{ts,tsx}', mode: 'full' },
        { type: 'styles', pattern: 'src/styles', mode: 'folder' },
      ],
    },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      // Its default build injects a <style> at run time, which the page's
      // Content-Security-Policy refuses; the unstyled build's CSS is in app.css.
      'no-restricted-imports': [
        'error',
        {
          paths: [
            { name: 'react-toastify', message: "Import 'react-toastify/unstyled'." },
            { name: 'react-toastify/unstyled', importNames: ['toast'], message: "Import { toast } from lib/toast.ts: it loads react-toastify on first use." },
          ],
        },
      ],
      'boundaries/no-unknown': 'error',
      'boundaries/element-types': [
        'error',
        {
          default: 'disallow',
          rules: [
            { from: 'route-table', allow: ['route-table'] },
            { from: 'shared', allow: ['shared', 'route-table'] },
            // The typed store hooks (hooks/store.ts) need the root state's type, only its type.
            { from: 'shared', allow: ['app'], importKind: 'type' },
            { from: 'feature', allow: ['shared', 'route-table', ['feature', { feature: '${from.feature}' }]] },
            // Another feature only through its public face, its index.ts.
            { from: 'feature', allow: ['feature-index'] },
            { from: 'feature-index', allow: ['shared', 'route-table', ['feature', { feature: '${from.feature}' }]] },
            { from: 'app', allow: ['shared', 'route-table', 'feature', 'feature-index', 'app'] },
            { from: 'entry', allow: ['shared', 'route-table', 'feature', 'feature-index', 'app', 'styles'] },
          ],
        },
      ],
    },
  },
);
