import { PGlite } from '@electric-sql/pglite';
import { afterAll, describe, expect, it } from 'vitest';
import { maintainEmbedded } from './client';

describe('the embedded database without autovacuum', () => {
  const client = new PGlite();
  afterAll(() => client.close());
  const stats = async () => {
    await client.exec('select pg_stat_force_next_flush()');
    return (
      await client.query<{ reltuples: number; dead: number; analyzed: boolean }>(
        `select c.reltuples::int as reltuples, s.n_dead_tup::int as dead, s.last_analyze is not null as analyzed
         from pg_class c join pg_stat_user_tables s on s.relid = c.oid where c.relname = 'work'`,
      )
    ).rows[0]!;
  };

  it('analyzes a table once enough of it changed, vacuums it once enough rows died, and leaves it alone otherwise', async () => {
    await client.exec('create table work (x int); insert into work select generate_series(1, 1000)');
    // Nothing analyzes it by itself: the planner does not know its size.
    expect(await stats()).toMatchObject({ reltuples: -1, analyzed: false });

    expect(await maintainEmbedded(client)).toContain('public.work');
    expect(await stats()).toMatchObject({ reltuples: 1000, analyzed: true });
    expect(await maintainEmbedded(client)).not.toContain('public.work');

    // 100 changed rows of 1,000 are not more than 50 + 10 %; 200 are.
    await client.exec('update work set x = -x where x <= 100');
    expect(await maintainEmbedded(client)).not.toContain('public.work');
    await client.exec('delete from work where x > 500');
    expect((await stats()).dead).toBeGreaterThan(300);
    expect(await maintainEmbedded(client)).toContain('public.work');
    expect(await stats()).toMatchObject({ reltuples: 500, dead: 0 });
  });
});
