// `npm run dev`: the API with reload on change (tsx watch, port 4000) and Vite's dev server with hot
// reload for the web app (port 5173, proxying /graphql, /api, /files and /meta.json to the API).
import { spawn, type ChildProcess } from 'node:child_process';

const children: ChildProcess[] = [
  // Development tools (GraphiQL, introspection, suggestions) open only when asked for by name.
  spawn('npx', ['tsx', 'watch', '--clear-screen=false', 'api/src/main.ts'], {
    stdio: 'inherit',
    env: { NODE_ENV: 'development', ...process.env },
  }),
  spawn('npx', ['vite', '--config', 'web/vite.config.ts'], { stdio: 'inherit' }),
];

// Forward the signal so the API stops its embedded PostgreSQL cleanly.
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    for (const child of children) child.kill(signal);
  });
}
for (const child of children) child.on('exit', (code) => (process.exitCode ||= code ?? 0));
