// npm run backup -- [file]   (default: DATA_DIR/backups/backup-<time>.json)
// npm run restore -- <file>  (stop the server first when it runs on PGlite)
import fs from 'node:fs';
import path from 'node:path';
import { loadConfig } from '../config';
import { openDatabase } from '.';
import { exportAll, importAll } from './backup';
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
    const file = fileArg ?? path.join(config.dataDir, 'backups', `backup-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    const backup = await exportAll(handle.db);
    fs.writeFileSync(`${file}.tmp`, JSON.stringify(backup));
    fs.renameSync(`${file}.tmp`, file);
    const rows = Object.values(backup.tables).reduce((n, t) => n + t.length, 0);
    console.log(`Backup written to ${file} (${rows} rows)`);
  } else if (mode === 'restore') {
    if (!fileArg) throw new Error('Usage: npm run restore -- <backup file>');
    const counts = await importAll(handle.db, JSON.parse(fs.readFileSync(fileArg, 'utf8')));
    console.log(`Restored from ${fileArg}:`, counts);
  } else {
    throw new Error('Usage: backup-cli.ts backup [file] | restore <file>');
  }
} finally {
  await handle.close();
}
