// npm run dev: the API on :3001 (restarts on change) and Vite on :5173 with /api proxied to it.
import { spawn } from 'node:child_process';

const api = spawn('npx', ['tsx', 'watch', 'server/main.ts'], {
  stdio: 'inherit',
  env: { ...process.env, PORT: process.env.API_PORT ?? '3001' },
});
const web = spawn('npx', ['vite'], { stdio: 'inherit', env: process.env });
const stop = () => {
  api.kill();
  web.kill();
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
