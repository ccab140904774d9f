import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '@music-rooms/domain/limits';
import en from './locales/en.json';
import ru from './locales/ru.json';
import { localeCookie } from './language';

type Messages = { [key: string]: string | Messages };

const PLURAL = /_(zero|one|two|few|many|other)$/;

/** Every key path of a messages file, with plural forms folded into their base key. */
function keys(messages: Messages, prefix = ''): Map<string, Set<string>> {
  const result = new Map<string, Set<string>>();
  for (const [key, value] of Object.entries(messages)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') {
      const base = path.replace(PLURAL, '');
      const forms = result.get(base) ?? new Set<string>();
      forms.add(PLURAL.exec(path)?.[1] ?? '');
      result.set(base, forms);
    } else {
      for (const [nested, forms] of keys(value, path)) result.set(nested, forms);
    }
  }
  return result;
}

const catalogues: Record<(typeof LANGUAGES)[number], Messages> = { en, ru };

describe('translations', () => {
  it('has the same keys in English and Russian, both ways', () => {
    const english = [...keys(en).keys()].sort();
    const russian = [...keys(ru).keys()].sort();
    expect(
      russian.filter((key) => !english.includes(key)),
      'only in ru.json',
    ).toEqual([]);
    expect(
      english.filter((key) => !russian.includes(key)),
      'missing in ru.json',
    ).toEqual([]);
  });

  it('gives every plural key each form its language needs', () => {
    for (const language of LANGUAGES) {
      const needed = new Intl.PluralRules(language).resolvedOptions().pluralCategories;
      for (const [key, forms] of keys(catalogues[language])) {
        if (forms.has('')) continue;
        for (const form of needed)
          expect(forms.has(form), `${language}: ${key}_${form}`).toBe(true);
      }
    }
  });

  it('has no empty messages', () => {
    for (const language of LANGUAGES) {
      const empty: string[] = [];
      const walk = (messages: Messages, prefix: string) => {
        for (const [key, value] of Object.entries(messages)) {
          if (typeof value === 'string') {
            if (value.trim() === '') empty.push(`${prefix}${key}`);
          } else walk(value, `${prefix}${key}.`);
        }
      };
      walk(catalogues[language], '');
      expect(empty, language).toEqual([]);
    }
  });

  it('keeps the interpolation variables of the English messages', () => {
    const variables = (text: string) => [...text.matchAll(/\{\{\s*(\w+)/g)].map((m) => m[1]).sort();
    const walk = (a: Messages, b: Messages, prefix: string) => {
      for (const [key, value] of Object.entries(a)) {
        const other = b[key];
        if (typeof value === 'string' && typeof other === 'string') {
          expect(variables(other), `${prefix}${key}`).toEqual(variables(value));
        } else if (typeof value !== 'string' && typeof other !== 'string' && other) {
          walk(value, other, `${prefix}${key}.`);
        }
      }
    };
    walk(en, ru, '');
  });

  it('words the leave-page warning as the product specifies', () => {
    expect(en.leave.message).toBe('Are you sure you want to leave? Your changes may not be saved.');
  });
});

describe('the language cookie', () => {
  it('keeps the language cookie for 365 days on the whole site', () => {
    expect(localeCookie('ru', false)).toBe('locale=ru; Path=/; Max-Age=31536000; SameSite=Lax');
    expect(localeCookie('en', true)).toContain('; Secure');
  });
});
