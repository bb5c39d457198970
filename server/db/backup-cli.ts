// npm run backup -- [file]   (default: DATA_DIR/backups/backup-<time>.ndjson.gz)
// npm run restore -- <file>  (stop the server first when it runs on PGlite)
import fs from 'node:fs';
import path from 'node:path';
import { loadConfig } from '../config';
import { openDatabase } from '.';
import { restoreBackup, writeBackup } from './backup';
import { migrateToLatest } from './migrate';

const [mode, fileArg] = process.argv.slice(2);
const config = loadConfig();
const handle = await openDatabase({
  databaseUrl: config.databaseUrl,
  dataDir: config.databaseUrl ? undefined : `${config.dataDir}/pglite`,
});
try {
  await migrateToLatest(handle.db);
  if (mode === 'backup') {
    const file = fileArg ?? path.join(config.dataDir, 'backups', `backup-${new Date().toISOString().replace(/[:.]/g, '-')}.ndjson.gz`);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    const counts = await writeBackup(handle.db, file);
    const rows = Object.values(counts).reduce((n, c) => n + c, 0);
    console.log(`Backup written to ${file} (${rows} rows)`);
  } else if (mode === 'restore') {
    if (!fileArg) throw new Error('Usage: npm run restore -- <backup file>');
    const counts = await restoreBackup(handle.db, fileArg);
    console.log(`Restored from ${fileArg}:`, counts);
  } else {
    throw new Error('Usage: backup-cli.ts backup [file] | restore <file>');
  }
} finally {
  await handle.close();
}
