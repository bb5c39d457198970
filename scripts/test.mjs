// npm test: the type checker (app, server, tests and bench) beside the linter (boundaries, cycles, unused exports, format),
// then unit and API tests (vitest), then the browser tests (Playwright driving Debian's Chromium).
import { spawn, spawnSync } from 'node:child_process';

const run = (cmd, args) => {
  console.log(`\n$ ${cmd} ${args.join(' ')}`);
  const r = spawnSync(cmd, args, { stdio: 'inherit', env: process.env });
  return r.status ?? 1;
};

/** Runs the commands at once (each is single-threaded: two fill the two cores), printing each one's output when it ends. */
const runTogether = (commands) =>
  Promise.all(
    commands.map(
      ([cmd, args]) =>
        new Promise((resolve) => {
          const child = spawn(cmd, args, { env: { ...process.env, FORCE_COLOR: '0' } });
          let out = '';
          child.stdout.on('data', (d) => (out += d));
          child.stderr.on('data', (d) => (out += d));
          child.on('close', (code) => {
            console.log(`\n$ ${cmd} ${args.join(' ')}\n${out}`);
            resolve(code ?? 1);
          });
        }),
    ),
  );

let failed = 0;
for (const code of await runTogether([
  ['npm', ['run', 'typecheck']],
  ['npm', ['run', 'lint']],
]))
  failed += code ? 1 : 0;
failed += run('npx', ['vitest', 'run', '--project', 'unit']) ? 1 : 0;
failed += run('npx', ['vitest', 'run', '--project', 'api']) ? 1 : 0;
if (run('node', ['scripts/ensure-chromium.mjs']) !== 0) process.exit(1);
if (run('npx', ['vite', 'build']) !== 0) process.exit(1);
failed += run('npx', ['playwright', 'test']) ? 1 : 0;
process.exit(failed ? 1 : 0);
