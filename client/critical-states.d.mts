// Types of critical-states.mjs for the tests.
export function sampleRenders(routePath: string): { url: string; state: unknown }[];
