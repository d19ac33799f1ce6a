import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, type Plugin } from 'esbuild';

const serverDir = path.resolve(import.meta.dirname, '../../../apps/server');
/** Inside apps/server (git-ignored dist/), so the bundle's package imports resolve as the sources' do. */
export const serverBundle = path.join(serverDir, 'dist/e2e-server.mjs');

/**
 * The module's own location where the sources ask for it (migrations, templates, the web build):
 * in one bundle `import.meta` would name the bundle instead.
 */
const ownLocation: Plugin = {
  name: 'own-location',
  setup(b) {
    b.onLoad({ filter: /\.ts$/ }, async (args) => {
      const source = await fs.promises.readFile(args.path, 'utf8');
      const contents = source
        .replaceAll('import.meta.dirname', JSON.stringify(path.dirname(args.path)))
        .replaceAll('import.meta.filename', JSON.stringify(args.path))
        .replaceAll('import.meta.url', JSON.stringify(pathToFileURL(args.path).href));
      return { contents, loader: 'ts' };
    });
  },
};

/** Packages stay imports (native addons, WASM and their own files); the workspace's TypeScript is bundled. */
const packagesOutside: Plugin = {
  name: 'packages-outside',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith('@pc/') ? undefined : { external: true }));
  },
};

/**
 * The server as one JavaScript file, built once per browser-test run: a server started through
 * tsx spent about 3 s of CPU loading its modules through the loader hooks, and every test file
 * starts at least one.
 */
export async function buildServerBundle() {
  await build({
    entryPoints: [path.join(serverDir, 'src/main.ts')],
    outfile: serverBundle,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    logLevel: 'warning',
    plugins: [ownLocation, packagesOutside],
  });
}
