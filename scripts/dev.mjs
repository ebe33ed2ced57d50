// `npm run dev`: the server (restarting on change) and the renderer's Vite dev server with hot reload.
import { spawn } from 'node:child_process';

const children = [
  spawn(
    'node',
    ['--watch-path=src/server', '--watch-path=src/shared', '--import', 'tsx', 'src/server/main.ts'],
    {
      stdio: 'inherit',
      env: { ...process.env, PORT: process.env.PORT ?? '8080' },
    },
  ),
  spawn('node_modules/.bin/vite', ['--config', 'vite.web.config.ts'], {
    stdio: 'inherit',
    env: process.env,
  }),
];
console.log('纹样开发环境：页面 http://localhost:5173（热更新），接口 http://localhost:8080');

const stop = () => {
  for (const child of children) child.kill('SIGTERM');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children) {
  child.on('exit', (code) => {
    stop();
    process.exitCode = code ?? 0;
  });
}
