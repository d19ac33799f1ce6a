import type { TestProject } from 'vitest/node';
import { buildTemplates } from './template';

/** Once per test run: the databases every test app copies (see template.ts). */
export default async function setup(project: TestProject) {
  const { templates, drop } = await buildTemplates(process.env.TEST_DATABASE_URL);
  project.provide('dbTemplates', templates);
  return drop;
}
