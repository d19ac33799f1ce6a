import { createHmac } from 'node:crypto';
import { lookup as dnsLookup } from 'node:dns/promises';
import http from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { isPublicAddress, urlProblem } from './address';

/** How long one attempt may take, connection and answer together. */
export const WEBHOOK_TIMEOUT_MS = 5_000;

/** `v1=<hex HMAC-SHA256 of "<timestamp>.<raw body>">`, keyed with the endpoint's secret. */
export function webhookSignature(secret: string, timestamp: number, body: string): string {
  return `v1=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;
}

export interface SendResult {
  ok: boolean;
  /** The receiver's HTTP status; null when none came (refused, unreachable, timed out). */
  status: number | null;
  error: string | null;
}

export interface SendOptions {
  production: boolean;
  timeoutMs?: number;
  /** Resolves a host name to its addresses (tests); the system resolver otherwise. */
  resolve?: (host: string) => Promise<string[]>;
}

const systemResolve = async (host: string) => (await dnsLookup(host, { all: true, verbatim: true })).map((a) => a.address);

/**
 * One POST of a signed delivery. The address rules are checked first; in Production the host
 * name is resolved here, every address it gives must be public, and the connection goes to the
 * address that was checked (a fixed lookup), so a second DNS answer cannot point it elsewhere.
 * No redirect is followed (a 3xx is a failure), and the whole attempt ends after the timeout.
 */
export async function sendWebhook(
  target: string,
  delivery: { id: string; event: string; body: string; secret: string; timestamp: number },
  o: SendOptions,
): Promise<SendResult> {
  const problem = urlProblem(target, o.production);
  if (problem) return { ok: false, status: null, error: `refused: ${problem.split('.').pop()}` };
  const url = new URL(target);
  const host = url.hostname.replace(/^\[|\]$/g, '');
  let address: string;
  try {
    const addresses = isIP(host) ? [host] : await (o.resolve ?? systemResolve)(host);
    if (addresses.length === 0) return { ok: false, status: null, error: 'host not found' };
    if (o.production && addresses.some((a) => !isPublicAddress(a))) {
      return { ok: false, status: null, error: 'refused: address' };
    }
    address = addresses[0]!;
  } catch (e) {
    return { ok: false, status: null, error: `host not found: ${(e as NodeJS.ErrnoException).code ?? 'error'}` };
  }
  const family = isIP(address);
  const fixed: LookupFunction = (_hostname, options, callback) => {
    if (options.all)
      (callback as unknown as (e: null, a: { address: string; family: number }[]) => void)(null, [{ address, family }]);
    else callback(null, address, family);
  };
  const timeoutMs = o.timeoutMs ?? WEBHOOK_TIMEOUT_MS;
  const headers = {
    'content-type': 'application/json',
    'content-length': String(Buffer.byteLength(delivery.body)),
    'user-agent': 'PrivacyCockpit-Webhook/1',
    'x-pc-event': delivery.event,
    'x-pc-delivery': delivery.id,
    'x-pc-timestamp': String(delivery.timestamp),
    'x-pc-signature': webhookSignature(delivery.secret, delivery.timestamp, delivery.body),
  };
  const client = url.protocol === 'https:' ? https : http;
  return new Promise<SendResult>((resolve) => {
    let settled = false;
    const finish = (r: SendResult) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(r);
    };
    const req = client.request(
      {
        protocol: url.protocol,
        hostname: host,
        port: url.port || undefined,
        path: `${url.pathname}${url.search}`,
        method: 'POST',
        headers,
        lookup: fixed,
        agent: false,
        ...(url.protocol === 'https:' && !isIP(host) ? { servername: host } : {}),
      },
      (res) => {
        const status = res.statusCode ?? 0;
        // The answer's body is not kept; reading it lets the connection end cleanly.
        res.on('data', () => undefined);
        res.on('end', () =>
          finish({ ok: status >= 200 && status < 300, status, error: status >= 200 && status < 300 ? null : `HTTP ${status}` }),
        );
        res.on('error', () => finish({ ok: false, status, error: 'answer broken off' }));
      },
    );
    const timer = setTimeout(() => {
      req.destroy();
      finish({ ok: false, status: null, error: `timeout after ${timeoutMs} ms` });
    }, timeoutMs);
    req.on('error', (e: NodeJS.ErrnoException) =>
      finish({ ok: false, status: null, error: (e.code ?? e.message).slice(0, 200) }),
    );
    req.end(delivery.body);
  });
}
