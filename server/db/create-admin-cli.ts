/**
 * `npm run create-admin -- --phone 98xxxxxxxx [--name "Name"]`: creates the first admin on the configured
 * database (DATABASE_URL, else PGlite under DATA_DIR), after running the migrations. The password comes
 * from ADMIN_PASSWORD, or is asked for twice on the terminal without echo, or read as one line from a pipe.
 * An existing account with that phone becomes an admin with the new password.
 */
import fs from 'node:fs';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config';
import { openDatabase } from '.';
import { createAdmin } from './create-admin';
import { migrateToLatest } from './migrate';

const USAGE =
  'Usage: ADMIN_PASSWORD=... npm run create-admin -- --phone 98xxxxxxxx [--name "Name"]   (without ADMIN_PASSWORD the password is asked for)';

/** Reads one line from the terminal with echo off (raw mode), or one line from a pipe. */
async function readSecret(prompt: string): Promise<string> {
  const stdin = process.stdin;
  if (!stdin.isTTY) {
    const chunks: Buffer[] = [];
    for await (const c of stdin) chunks.push(c as Buffer);
    return Buffer.concat(chunks).toString('utf8').split(/\r?\n/)[0];
  }
  process.stderr.write(prompt);
  stdin.setRawMode(true);
  stdin.resume();
  return new Promise((resolve, reject) => {
    let value = '';
    const onData = (buf: Buffer) => {
      for (const ch of buf.toString('utf8')) {
        if (ch === '\r' || ch === '\n') {
          stdin.off('data', onData);
          stdin.setRawMode(false);
          stdin.pause();
          process.stderr.write('\n');
          return resolve(value);
        }
        if (ch === '\u0003') {
          stdin.setRawMode(false);
          process.stderr.write('\n');
          return reject(new Error('Cancelled.'));
        }
        if (ch === '\u007f' || ch === '\b') value = value.slice(0, -1);
        else value += ch;
      }
    };
    stdin.on('data', onData);
  });
}

async function main() {
  const { values } = parseArgs({ options: { phone: { type: 'string' }, name: { type: 'string' }, help: { type: 'boolean', short: 'h' } } });
  if (values.help || !values.phone) {
    console.error(USAGE);
    process.exit(values.help ? 0 : 2);
  }
  let password = process.env.ADMIN_PASSWORD;
  if (!password) {
    password = await readSecret('Admin password: ');
    if (process.stdin.isTTY && (await readSecret('Again: ')) !== password) throw new Error('The two passwords differ.');
  }
  const config = loadConfig();
  if (!config.databaseUrl) fs.mkdirSync(config.dataDir, { recursive: true });
  const handle = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.databaseUrl ? undefined : `${config.dataDir}/pglite`,
  });
  try {
    await migrateToLatest(handle.db);
    const result = await createAdmin(handle.db, { phone: values.phone, password, name: values.name });
    console.log(
      result === 'created'
        ? `Created the admin account ${values.phone}.`
        : `The account ${values.phone} is now an admin with the new password; its sessions were ended.`,
    );
  } finally {
    await handle.close();
  }
}

main().catch((err) => {
  console.error((err as Error).message);
  process.exit(1);
});
