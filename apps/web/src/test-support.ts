import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import i18next, { type TFunction } from 'i18next';
import { expect } from 'vitest';

/** The web app's source folder, for tests that read the code itself. */
export const src = path.dirname(fileURLToPath(import.meta.url));

/** The TypeScript files below `dir`, tests left out unless asked for (an import rule holds for them too). */
export function sourceFiles(dir: string, { tests = false } = {}): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full, { tests });
    return /\.tsx?$/.test(entry.name) && (tests || !/\.test\.tsx?$/.test(entry.name)) ? [full] : [];
  });
}

export type Catalog = { [key: string]: string | Catalog };

/** A language's catalog file, as the app loads it. */
export function catalog(language: 'de' | 'en'): Catalog {
  return JSON.parse(readFileSync(path.join(src, '..', 'public', 'assets', 'i18n', `${language}.json`), 'utf8'));
}

/** A real i18next instance on a catalog file, for unit tests of label, message and format logic. */
export async function catalogT(language: 'de' | 'en' = 'de'): Promise<TFunction> {
  const instance = i18next.createInstance();
  await instance.init({
    lng: language,
    resources: { [language]: { translation: catalog(language) } },
    interpolation: { escapeValue: false },
  });
  return instance.t;
}

/** What a function of one argument answers: one `[argument, answer]` pair a case, compared deeply. */
export function expectAnswers<A, R>(fn: (argument: A) => R, cases: readonly (readonly [A, R])[]): void {
  for (const [argument, answer] of cases) expect(fn(argument), String(argument)).toEqual(answer);
}
