/** Outbox sync status in the header; filled in by the offline work (issue 6). */
export function SyncIndicator() {
  return null;
}
