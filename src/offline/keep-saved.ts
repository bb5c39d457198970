import type { Action } from '../lib/can';

/**
 * What a role keeps saved on this device while online, so its screens open offline even when they
 * were never visited (a rider's every area). Features register a saver when the app starts (the
 * offline layer knows no feature); the runtime runs them after sign-in, when the connection
 * returns, when the app comes back to the front and every few minutes.
 */
export interface KeepSaved {
  /** Whom it is for: the accounts that may do this action (core/permissions.ts). */
  action: Action;
  /** Loads and saves (usually a lazy import of the feature's loader). */
  run: () => Promise<void>;
}

const savers: KeepSaved[] = [];

export function registerKeepSaved(saver: KeepSaved) {
  savers.push(saver);
}

/** The registered savers (the runner, keep-saved-run.ts, loads with the offline runtime, off the first screen). */
export const registeredSavers = (): readonly KeepSaved[] => savers;
