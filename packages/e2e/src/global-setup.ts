import type { TestProject } from 'vitest/node';
import { launchShared } from './browser';

/** One Chromium for the whole run; each test file connects to it instead of starting its own. */
export default async function setup(project: TestProject) {
  const server = await launchShared();
  project.provide('browserEndpoint', server.wsEndpoint());
  return () => server.close();
}
