// client/openapi.json (the document the server generates from its handlers;
// a Rust test fails when the committed copy drifts) → generated/api-schema.ts,
// the API's TypeScript types. Run by build.mjs and by `npm run typecheck`
// (so `npm test` and a fresh clone type-check); the output is not committed.
// `node gen-api-types.mjs` runs it alone.
import './typescript5.mjs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.dirname(fileURLToPath(import.meta.url));
export const OPENAPI_FILE = path.join(root, 'openapi.json');
// Outside src/, which build.rs watches: a file the build writes there would
// make the next cargo command rebuild the server.
export const API_SCHEMA_FILE = path.join(root, 'generated', 'api-schema.ts');

const HEADER = `// Generated from client/openapi.json by gen-api-types.mjs (openapi-typescript).
// Do not edit: change the server, regenerate openapi.json, rebuild.
`;

/** Writes generated/api-schema.ts when its content changes; returns the file. */
export async function generateApiTypes() {
  const { default: openapiTS, astToString } = await import('openapi-typescript');
  const ast = await openapiTS(pathToFileURL(OPENAPI_FILE), { alphabetize: true });
  const text = HEADER + astToString(ast);
  const current = await readFile(API_SCHEMA_FILE, 'utf8').catch(() => null);
  if (current !== text) {
    await mkdir(path.dirname(API_SCHEMA_FILE), { recursive: true });
    await writeFile(API_SCHEMA_FILE, text);
  }
  return API_SCHEMA_FILE;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  generateApiTypes().then(
    (file) => console.log(`api types: ${path.relative(root, file)}`),
    (error) => {
      console.error(error);
      process.exit(1);
    },
  );
}
