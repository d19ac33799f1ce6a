import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { errorAnswer } from './errors';

/** Told how much of the work is done: `done` of `total` units (rows, files); awaited. */
export type Progress = (done: number, total: number) => Promise<void>;

export const PROGRESS_TYPE = 'application/x-ndjson';

/** Whether the client asked for a long write's answer with its progress (Accept: application/x-ndjson). */
export const wantsProgress = (req: FastifyRequest) => (req.headers.accept ?? '').includes(PROGRESS_TYPE);

/**
 * The 200 answer of a route that answers with its progress when asked: the plain JSON answer,
 * or the NDJSON lines `answerWithProgress` writes (described, so API clients and the fuzz walk
 * see both).
 */
export function withProgressResponse(schema: z.ZodType, description: string) {
  return {
    description,
    content: {
      'application/json': { schema },
      [PROGRESS_TYPE]: {
        schema: z.string().meta({
          description:
            'One JSON object a line: {"done","total"} while rows are written, then {"result": <the JSON answer>} once committed, or {"error": {"status","code","message"}} after a rollback',
        }),
      },
    },
  };
}

/** Progress lines at most this often: enough for a bar to move smoothly, few enough to cost nothing. */
const PROGRESS_EVERY_MS = 200;

/**
 * A long write that says how far it got while it runs in the request's transaction. The answer
 * is NDJSON: `{"done":n,"total":m}` lines while the work reports progress, then, only once the
 * transaction has committed, `{"result":…}`; when the work or the commit fails, the transaction
 * rolls back and the last line is `{"error":{"status":…, "code":…, "message":…}}` with the
 * body any error answer has. The status (200) is sent before the work ends, so the last line
 * is the outcome. A client that has gone before the end is told nothing, so nothing is committed.
 */
export async function answerWithProgress<T>(
  req: FastifyRequest,
  reply: FastifyReply,
  work: (progress: Progress) => Promise<T>,
): Promise<void> {
  const tx = req.tenantTx;
  if (!tx) throw new Error('answerWithProgress needs the request’s tenant transaction');
  // The platform no longer ends the transaction when the handler returns: this does, before the
  // last line.
  req.tenantTx = null;
  reply.hijack();
  const res = reply.raw;
  res.writeHead(200, {
    ...(reply.getHeaders() as Record<string, string>),
    'content-type': `${PROGRESS_TYPE}; charset=utf-8`,
    'cache-control': 'no-store',
    'x-content-type-options': 'nosniff',
  });
  const line = (value: unknown) => {
    if (!res.destroyed) res.write(`${JSON.stringify(value)}\n`);
  };
  let last = 0;
  const progress: Progress = async (done, total) => {
    const now = Date.now();
    if (done > 0 && done < total && now - last < PROGRESS_EVERY_MS) return;
    last = now;
    line({ done, total });
    // The embedded database answers a statement without handing the event loop a turn, so the
    // line would wait in the socket's buffer until the work ends: it gets its turn here.
    await new Promise((resolve) => setImmediate(resolve));
  };
  try {
    let result: T;
    try {
      result = await work(progress);
    } catch (e) {
      await tx.end(false).catch(() => undefined);
      throw e;
    }
    if (res.destroyed) {
      await tx.end(false);
      return;
    }
    await tx.end(true);
    line({ result });
  } catch (e) {
    const { status, body } = errorAnswer(e as FastifyError, req);
    line({ error: { status, ...body } });
  } finally {
    res.end();
  }
}
