import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendWebhook, WEBHOOK_TIMEOUT_MS, webhookSignature } from './send';

/** One attempt against local receivers: a receiver that never answers, and the signature's form. */
describe('sending one webhook delivery', () => {
  let silent: http.Server;
  let url: string;
  const open: http.ServerResponse[] = [];

  beforeAll(async () => {
    // Takes the request and never answers.
    silent = http.createServer((_req, res) => void open.push(res));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(silent.address() as AddressInfo).port}/hook`;
  });
  afterAll(async () => {
    for (const res of open) res.destroy();
    silent.closeAllConnections();
    await new Promise((resolve) => silent.close(resolve));
  });

  it('gives up on a receiver that does not answer within the timeout', async () => {
    expect(WEBHOOK_TIMEOUT_MS).toBe(5_000);
    const delivery = { id: 'd1', event: 'item.created', body: '{}', secret: 'whsec_x', timestamp: 1 };
    const result = await sendWebhook(url, delivery, { production: false, timeoutMs: 200 });
    expect(result).toEqual({ ok: false, status: null, error: 'timeout after 200 ms' });
    expect(open).toHaveLength(1);
  });

  it('signs "<timestamp>.<body>" as v1 with a hex HMAC-SHA256', () => {
    // Known answer: printf '1700000000.{"a":1}' | openssl dgst -sha256 -hmac whsec_test
    expect(webhookSignature('whsec_test', 1_700_000_000, '{"a":1}')).toBe(
      'v1=38877139021993b830af32feea6e18a8da83eb2f6e49ee50bd9e4cf4ca4d3789',
    );
  });
});
