/**
 * Do the Firestore rules compile? The same rules engine as production runs in the Firestore
 * emulator: the check starts it alone on a free port, loads the rules and reads the issues it
 * reports (as firebase-tools does when the emulators load rules). The Storage rules need the
 * Storage emulator's rules runtime, which these machines cannot download (scripts/emulators.ts).
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { emulatorEnv, HOST } from '../emulators';

interface RulesIssue {
  sourcePosition?: { line?: number; column?: number };
  description: string;
  severity: string;
}

function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, HOST, () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolvePort(port));
    });
  });
}

/** The rules' errors as `file:line:column message` lines; null when no Firestore emulator is on this machine. */
export async function firestoreRulesErrors(rulesPath: string): Promise<string[] | null> {
  const jar = emulatorEnv().FIRESTORE_EMULATOR_BINARY_PATH;
  if (!jar) return null;
  const port = await freePort();
  const emulator = spawn('java', ['-Duser.language=en', '-jar', jar, `--host=${HOST}`, `--port=${port}`], { stdio: 'ignore' });
  try {
    const body = JSON.stringify({ rules: { files: [{ name: rulesPath, content: readFileSync(rulesPath, 'utf8') }] } });
    // Java starts slowly on a busy machine (npm test runs this beside the emulators and a browser).
    const deadline = Date.now() + 120_000;
    while (Date.now() < deadline) {
      if (emulator.exitCode !== null) throw new Error(`The Firestore emulator stopped at start (exit ${emulator.exitCode}).`);
      const response = await fetch(`http://${HOST}:${port}/emulator/v1/projects/demo-deploy-check:securityRules`, { method: 'PUT', body }).catch(() => null);
      if (response) {
        const { issues = [] } = (await response.json()) as { issues?: RulesIssue[] };
        return issues
          .filter((issue) => issue.severity === 'ERROR')
          .map((issue) => `${rulesPath}:${issue.sourcePosition?.line ?? 0}:${issue.sourcePosition?.column ?? 0} ${issue.description}`);
      }
      await new Promise((wait) => setTimeout(wait, 100));
    }
    throw new Error('The Firestore emulator did not answer within 120 seconds.');
  } finally {
    emulator.kill();
  }
}
