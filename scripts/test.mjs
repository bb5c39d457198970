// npm test: the type checker (app, server, tests and bench), the linter (boundaries, cycles, unused exports, format), unit and API tests (vitest), then the
// browser tests (Playwright driving Debian's Chromium).
import { spawnSync } from 'node:child_process';

const run = (cmd, args) => {
  console.log(`\n$ ${cmd} ${args.join(' ')}`);
  const r = spawnSync(cmd, args, { stdio: 'inherit', env: process.env });
  return r.status ?? 1;
};

let failed = 0;
failed += run('npm', ['run', 'typecheck']) ? 1 : 0;
failed += run('npm', ['run', 'lint']) ? 1 : 0;
failed += run('npx', ['vitest', 'run', '--project', 'unit']) ? 1 : 0;
failed += run('npx', ['vitest', 'run', '--project', 'api']) ? 1 : 0;
if (run('node', ['scripts/ensure-chromium.mjs']) !== 0) process.exit(1);
if (run('npx', ['vite', 'build']) !== 0) process.exit(1);
failed += run('npx', ['playwright', 'test']) ? 1 : 0;
process.exit(failed ? 1 : 0);
