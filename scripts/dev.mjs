// Development: the API with reload (tsx watch, port 8080, demo data) and Vite's dev server
// (port 5173, proxying /api to the API). Ctrl-C stops both.
import { spawn } from 'node:child_process';

const run = (args, env = {}) =>
  spawn('npx', args, { stdio: 'inherit', env: { ...process.env, ...env } });
const children = [
  run(['tsx', 'watch', 'apps/api/src/main.ts'], { DEMO_DATA: process.env.DEMO_DATA ?? '1' }),
  run(['vite', 'apps/web']),
];
const stop = () => children.forEach((c) => c.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
children.forEach((c) =>
  c.on('exit', (code) => {
    if (code) {
      stop();
      process.exitCode = code;
    }
  }),
);
