/** `npm start` (built shop on the hosting emulator) and `npm run dev` (Vite with hot reload). */
import { emulatorsExec, emulatorTargets, run, storageEmulatorAvailable, webEmulatorEnv } from './emulators';

const dev = process.argv.includes('--dev');
const storage = storageEmulatorAvailable().available;
const env = webEmulatorEnv(storage);

if ((await run('npm', ['run', 'build', '-w', 'functions'])) !== 0) process.exit(1);
if (!dev && (await run('npm', ['run', 'build', '-w', 'web'], env)) !== 0) process.exit(1);

Object.assign(process.env, env);
const code = await emulatorsExec(`node_modules/.bin/tsx scripts/serve.ts${dev ? ' --dev' : ''}`, emulatorTargets());
process.exit(code);
