/** Writes generated/route-table.json from src/app/routes.json when it changes; resolves to the file. */
export function generateRouteTable(): Promise<string>;
