// TypeScript 7 (the native compiler `tsc` here) has no JavaScript API, and
// typescript-eslint's parser and openapi-typescript need TypeScript 5's.
// Importing this module first makes "typescript" resolve to the
// devDependency "typescript5" (npm:typescript@5.9) in this process, for
// CommonJS require (typescript-eslint) and ESM import (openapi-typescript).
// package.json's override `"typescript": "$typescript"` lets npm accept their
// peer range; the type check itself stays on TypeScript 7.
import Module, { register } from 'node:module';
import { pathToFileURL } from 'node:url';

const require = Module.createRequire(import.meta.url);
const typescript5 = require.resolve('typescript5');

const resolveFilename = Module._resolveFilename;
Module._resolveFilename = function (request, ...rest) {
  return resolveFilename.call(this, request === 'typescript' ? typescript5 : request, ...rest);
};

const target = JSON.stringify(pathToFileURL(typescript5).href);
register(
  'data:text/javascript,' +
    encodeURIComponent(`export function resolve(specifier, context, next) {
  return next(specifier === 'typescript' ? ${target} : specifier, context);
}`),
);
