// Type-checks the four projects in two lanes: two cores finish in the time of the longer lane
// instead of the sum of all four (about 45 s one after another on the CI machine).
import { spawn } from 'node:child_process';

const lanes = [
  ['packages/shared', 'apps/server'],
  ['apps/web', 'packages/e2e'],
];

const check = (project) =>
  new Promise((resolve) => {
    const child = spawn('npx', ['tsc', '-p', project, '--noEmit', '--pretty'], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    child.on('close', (code) => {
      // Each project's output in one piece, so two lanes never interleave their errors.
      if (code !== 0) process.stdout.write(`tsc -p ${project} failed:\n${out}\n`);
      resolve(code === 0);
    });
  });

const results = await Promise.all(
  lanes.map(async (lane) => {
    let ok = true;
    for (const project of lane) ok = (await check(project)) && ok;
    return ok;
  }),
);
process.exit(results.every(Boolean) ? 0 : 1);
