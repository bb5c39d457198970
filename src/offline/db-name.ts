/** The IndexedDB database of the outbox and saved data (its own module, so readers need no Dexie). */
export const DB_NAME = 'namma-kadai-offline';
