/** Messages of one language: nested keys, each leaf one text. */
export type Messages = { [key: string]: unknown };

/** Interpolation values; `count` also picks the plural form (`key_one`, `key_few`...). */
export type Values = Record<string, unknown>;

type TranslatorEvent = 'languageChanged' | 'added';

type InitOptions = { lng: string; fallbackLng: string; resources: Record<string, Messages> };

const PLACEHOLDER = /\{\{(.+?)\}\}/g;

const isBranch = (value: unknown): value is Messages =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A copy of `target` with `source` merged in; existing texts stay unless `overwrite`. */
function merge(target: Messages, source: Messages, overwrite: boolean): Messages {
  const result: Messages = { ...target };
  for (const [key, value] of Object.entries(source)) {
    const current = result[key];
    if (isBranch(current) && isBranch(value)) result[key] = merge(current, value, overwrite);
    else if (overwrite || current === undefined) result[key] = value;
  }
  return result;
}

/**
 * The app's translations: nested keys separated by dots, `{{name}}` placeholders, plural forms
 * by the language's rules (Intl.PluralRules), the fallback language for a key the current one
 * lacks, and the key itself when no language has it. It answers the same calls as the i18next
 * instance the app used before, for the few features the app uses, at a fraction of the size.
 */
export class Translator {
  language = '';
  isInitialized = false;
  private fallbackLanguage = '';
  private readonly bundles = new Map<string, Messages>();
  private readonly listeners = new Map<TranslatorEvent, Set<() => void>>();
  private readonly pluralRules = new Map<string, Intl.PluralRules>();

  init({ lng, fallbackLng, resources }: InitOptions): void {
    for (const [language, messages] of Object.entries(resources)) {
      this.bundles.set(language, messages);
    }
    this.language = lng;
    this.fallbackLanguage = fallbackLng;
    this.isInitialized = true;
    this.emit('languageChanged');
  }

  /** The text of `key` in the current language, with the values put in. */
  t = (key: string, values?: Values): string => {
    const count = values?.count;
    for (const language of this.languages()) {
      const forms =
        typeof count === 'number' ? [`${key}_${this.pluralOf(language, count)}`, key] : [key];
      for (const form of forms) {
        const text = this.lookup(language, form);
        if (text !== undefined) return values ? interpolate(text, values) : text;
      }
    }
    return key;
  };

  /** Whether `key` has a text in the current or the fallback language. */
  exists(key: string): boolean {
    return this.languages().some((language) => this.lookup(language, key) !== undefined);
  }

  hasResourceBundle(language: string, _namespace = 'translation'): boolean {
    return this.bundles.has(language);
  }

  /** Adds messages to a language; `deep` merges branches, `overwrite` replaces known texts. */
  addResourceBundle(
    language: string,
    _namespace: string,
    messages: Messages,
    deep = false,
    overwrite = false,
  ): void {
    const current = this.bundles.get(language) ?? {};
    const next = deep
      ? merge(current, messages, overwrite)
      : overwrite
        ? { ...current, ...messages }
        : { ...messages, ...current };
    this.bundles.set(language, next);
    this.emit('added');
  }

  async changeLanguage(language: string): Promise<void> {
    if (language === this.language) return;
    this.language = language;
    this.emit('languageChanged');
  }

  on(event: TranslatorEvent, listener: () => void): void {
    const set = this.listeners.get(event) ?? new Set();
    set.add(listener);
    this.listeners.set(event, set);
  }

  off(event: TranslatorEvent, listener: () => void): void {
    this.listeners.get(event)?.delete(listener);
  }

  private emit(event: TranslatorEvent): void {
    for (const listener of [...(this.listeners.get(event) ?? [])]) listener();
  }

  private languages(): string[] {
    return this.fallbackLanguage === this.language
      ? [this.language]
      : [this.language, this.fallbackLanguage];
  }

  private lookup(language: string, key: string): string | undefined {
    let node: unknown = this.bundles.get(language);
    for (const part of key.split('.')) node = isBranch(node) ? node[part] : undefined;
    return typeof node === 'string' ? node : undefined;
  }

  private pluralOf(language: string, count: number): Intl.LDMLPluralRule {
    let rules = this.pluralRules.get(language);
    if (!rules) {
      rules = new Intl.PluralRules(language);
      this.pluralRules.set(language, rules);
    }
    return rules.select(count);
  }
}

/**
 * Puts the values into `{{name}}` placeholders. A placeholder with no such value stays as it
 * is; one whose value is null or undefined becomes empty (as i18next does).
 */
function interpolate(text: string, values: Values): string {
  return text.replace(PLACEHOLDER, (match, name: string) => {
    const key = name.trim();
    if (!(key in values)) return match;
    const value = values[key];
    return value === undefined || value === null ? '' : String(value);
  });
}

/** The app's one translator. */
export const translator = new Translator();
