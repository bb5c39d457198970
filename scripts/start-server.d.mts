/** Types of scripts/start-server.mjs for the TypeScript tests, bench and scripts that start the server. */
import type { ChildProcess } from 'node:child_process';

export function freePort(): Promise<number>;

export interface StartServerOptions {
  /** Variables over this process's environment; an undefined value removes one. PORT comes from `port`. */
  env?: Record<string, string | undefined>;
  /** Default: a free port. */
  port?: number;
  /** Node's arguments. Default: the API bundle as `npm start` runs it (SERVER_ARGS). */
  args?: string[];
  /** Rebuild the API bundle first when a source is newer. */
  build?: boolean;
  cwd?: string;
  /** Where the output goes (appended); without one it is kept in memory. */
  logFile?: string;
  /** Default /api/ready. */
  readyPath?: string;
  /** The host of `url` (not where the server listens: that is HOST in `env`). Default 127.0.0.1. */
  host?: string;
  /** Default 90 s. */
  timeoutMs?: number;
  /** A further condition once `readyPath` answers (a cluster's workers all up). */
  ready?: (child: ChildProcess) => boolean | Promise<boolean>;
}

export interface ExitResult {
  code: number | null;
  signal: NodeJS.Signals | null;
}

export interface RunningServer {
  child: ChildProcess;
  pid: number;
  port: number;
  url: string;
  logFile: string | undefined;
  /** Everything the server wrote so far. */
  output(): string;
  exited: Promise<ExitResult>;
  /** SIGTERM, SIGKILL after `graceMs` (15 s); resolves once it has exited. */
  stop(graceMs?: number): Promise<ExitResult>;
}

export function startServer(opts?: StartServerOptions): Promise<RunningServer>;
