/** Types of scripts/build-server.mjs for the TypeScript scripts and tests that start the server. */
export const SERVER_BUNDLE: string;
export const SERVER_ARGS: string[];
export function newest(dir: string): number;
export function buildServer(opts?: { force?: boolean }): Promise<boolean>;
