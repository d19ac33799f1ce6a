import { describe, expect, it } from 'vitest';
import { checkAnswers } from './api';
import { allQuestions, questionnaireTemplates } from './templates';

describe('questionnaire templates', () => {
  it('are three, each with unique question ids, both languages and options where a choice needs them', () => {
    expect(questionnaireTemplates.map((t) => t.key)).toEqual(['processor-audit', 'tom-self-assessment', 'website-check']);
    for (const t of questionnaireTemplates) {
      const ids = allQuestions(t).map((q) => q.id);
      expect(new Set(ids).size, t.key).toBe(ids.length);
      for (const q of allQuestions(t)) {
        expect(q.label.de && q.label.en, `${t.key}/${q.id}`).toBeTruthy();
        const choice = q.type === 'singleChoice' || q.type === 'multipleChoice';
        expect((q.options?.length ?? 0) > 1, `${t.key}/${q.id}`).toBe(choice);
      }
    }
  });

  it('checks answers by their question: forms always, required ones only on submission', () => {
    const t = questionnaireTemplates[2]!;
    expect(checkAnswers(t, { url: 'https://a.example' }, false)).toEqual({});
    const incomplete = checkAnswers(t, { url: 'https://a.example' }, true);
    expect(Object.keys(incomplete).sort()).toEqual([
      'answers.consent',
      'answers.imprint',
      'answers.privacy-notice',
      'answers.tls',
    ]);
    expect(
      checkAnswers(t, { imprint: 'ja', consent: 'x', services: ['maps', 'nope'], 'privacy-notice-date': '2026-02-30' }, false),
    ).toEqual({
      'answers.imprint': [expect.any(String)],
      'answers.consent': ['validation.invalidOption'],
      'answers.services': ['validation.invalidOption'],
      'answers.privacy-notice-date': ['validation.date'],
    });
    // A blank text does not count as an answer.
    expect(checkAnswers(t, { url: '   ', imprint: true, 'privacy-notice': false, consent: 'none', tls: true }, true)).toEqual({
      'answers.url': ['validation.required'],
    });
  });
});
