/** Writes generated/route-reads.ts from src/app/routes.json when it changes; resolves to the file. */
export function generateRouteReads(): Promise<string>;
