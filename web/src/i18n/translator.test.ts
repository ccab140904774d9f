import { describe, expect, it } from 'vitest';
import en from './locales/en.json';
import ru from './locales/ru.json';
import { FIRST_PART_PATHS, splitMessages, type MessagePart } from './message-parts';
import { Translator } from './translator';

const english = {
  greeting: 'Hi {{name}}',
  rooms_one: '{{count}} room',
  rooms_other: '{{count}} rooms',
  onlyEnglish: 'Only in English',
};
const russian = {
  greeting: 'Привет, {{name}}',
  rooms_one: '{{count}} комната',
  rooms_few: '{{count}} комнаты',
  rooms_many: '{{count}} комнат',
  rooms_other: '{{count}} комнаты',
  nested: { deep: 'Глубоко' },
};

function russianTranslator() {
  const translator = new Translator();
  translator.init({ lng: 'ru', fallbackLng: 'en', resources: { ru: russian, en: english } });
  return translator;
}

describe('translator', () => {
  it('puts values into placeholders and leaves unknown ones as they are', () => {
    const { t } = russianTranslator();
    expect(t('greeting', { name: 'Аня' })).toBe('Привет, Аня');
    expect(t('greeting')).toBe('Привет, {{name}}');
    expect(t('greeting', {})).toBe('Привет, {{name}}');
    expect(t('greeting', { name: null })).toBe('Привет, ');
    expect(t('nested.deep')).toBe('Глубоко');
  });

  it("picks the plural form by the language's rules", () => {
    const { t } = russianTranslator();
    expect([1, 3, 5, 21, 1.5].map((count) => t('rooms', { count }))).toEqual([
      '1 комната',
      '3 комнаты',
      '5 комнат',
      '21 комната',
      '1.5 комнаты',
    ]);
  });

  it('falls back to English, then to the key itself', () => {
    const translator = russianTranslator();
    expect(translator.t('onlyEnglish')).toBe('Only in English');
    expect(translator.t('no.such.key')).toBe('no.such.key');
    expect(translator.exists('onlyEnglish')).toBe(true);
    expect(translator.exists('no.such.key')).toBe(false);
    expect(translator.exists('nested')).toBe(false);
  });

  it('takes more messages and another language, and says so to its listeners', async () => {
    const translator = new Translator();
    translator.init({ lng: 'en', fallbackLng: 'en', resources: { en: { a: { b: 'B' } } } });
    const heard: string[] = [];
    translator.on('added', () => heard.push('added'));
    translator.on('languageChanged', () => heard.push('language'));
    translator.addResourceBundle('en', 'translation', { a: { c: 'C', b: 'not this' } }, true);
    expect([translator.t('a.b'), translator.t('a.c')]).toEqual(['B', 'C']);
    translator.addResourceBundle('ru', 'translation', russian, true);
    await translator.changeLanguage('ru');
    expect(translator.t('greeting', { name: 'Ян' })).toBe('Привет, Ян');
    expect(heard).toEqual(['added', 'added', 'language']);
  });
});

describe('messages in two parts', () => {
  it('splits each language into parts that together are the whole file', () => {
    for (const messages of [en, ru]) {
      const { first, rest } = splitMessages(messages);
      const joined = new Translator();
      joined.init({ lng: 'en', fallbackLng: 'en', resources: { en: first } });
      joined.addResourceBundle('en', 'translation', rest, true);
      const whole = new Translator();
      whole.init({ lng: 'en', fallbackLng: 'en', resources: { en: messages } });
      for (const key of leafKeys(messages)) expect(joined.t(key)).toBe(whole.t(key));
      expect(leafKeys(first).length + leafKeys(rest).length).toBe(leafKeys(messages).length);
    }
  });

  it('puts every listed path into the first part, in both languages', () => {
    for (const messages of [en, ru]) {
      const { first } = splitMessages(messages);
      for (const path of FIRST_PART_PATHS) {
        const keys = leafKeys(first).filter((key) => key === path || key.startsWith(`${path}.`));
        expect(keys.length, path).toBeGreaterThan(0);
      }
    }
  });

  it('leaves the areas of other pages to the second part', () => {
    const parts: Record<MessagePart, object> = splitMessages(en);
    expect(Object.keys(parts.first)).not.toContain('dev');
    expect(Object.keys(parts.rest)).toEqual(expect.arrayContaining(['dev', 'settings', 'auth']));
  });
});

/** Every key path of a messages object that leads to a text. */
function leafKeys(messages: object, prefix = ''): string[] {
  return Object.entries(messages).flatMap(([key, value]) =>
    typeof value === 'string' ? [`${prefix}${key}`] : leafKeys(value as object, `${prefix}${key}.`),
  );
}
