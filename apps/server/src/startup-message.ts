import type { Config } from './config';
import { DEMO_PASSWORD, demoLogins } from './seed/demo';

/**
 * What `npm start` prints once the server listens: where, on which database, and outside
 * Production every demo login, and that the server is only reachable from this machine unless
 * HOST says otherwise.
 */
export function startupMessage(
  config: Pick<Config, 'productName' | 'port' | 'host' | 'environment'>,
  o: { databaseKind: string; address: string; seeded: string },
): string {
  const url = `http://localhost:${config.port}`;
  const lines = [`${config.productName} is running at ${url} (database: ${o.databaseKind}, ${o.address})`];
  if (config.environment !== 'Production') {
    if (o.seeded === 'demo') lines.push('Demo data created.');
    lines.push(`Demo logins (password ${DEMO_PASSWORD}):`);
    for (const { email, who } of demoLogins) lines.push(`  ${email.padEnd(22)} ${who}`);
    if (config.host === '127.0.0.1')
      lines.push('Listening on 127.0.0.1 only: the demo logins are public. Set HOST=0.0.0.0 to reach it from the network.');
  }
  return lines.join('\n');
}
