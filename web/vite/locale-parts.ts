import fs from 'node:fs';
import type { Plugin } from 'vite';
import type { Language } from '@music-rooms/domain/limits';
import { splitMessages, type MessagePart } from '../src/i18n/message-parts.ts';

/** `./locales/en.json?part=first` from the i18n loader. */
const PART_IMPORT = /^(.*\/locales\/[a-z]+\.json)\?part=(first|rest)$/;
const PREFIX = '\0music-rooms-locale:';
/** The end of such a module's id: `…/locales/en.first`. */
const PART_ID_END = /\/([a-z]+)\.(first|rest)$/;

/**
 * The language and part of a module this plugin made, from its id; null for any other module.
 * (The language is the locale file's name: src/i18n/index.ts imports one for each language.)
 */
export function localePartOf(id: string): { language: Language; part: MessagePart } | null {
  const match = id.startsWith(PREFIX) ? PART_ID_END.exec(id) : null;
  return match ? { language: match[1] as Language, part: match[2] as MessagePart } : null;
}

/**
 * Serves one part of a locale file (web/src/i18n/message-parts.ts): the file stays the single
 * source that people edit, and each build splits it afresh.
 */
export function localePartsPlugin(): Plugin {
  // Ids that do not end in .json, so Vite's own JSON plugin leaves these modules alone.
  const files = new Map<string, { file: string; part: MessagePart }>();
  return {
    name: 'music-rooms:locale-parts',
    enforce: 'pre',
    async resolveId(source, importer) {
      const match = PART_IMPORT.exec(source);
      if (!match) return null;
      const resolved = await this.resolve(match[1]!, importer, { skipSelf: true });
      if (!resolved) return null;
      const id = `${PREFIX}${resolved.id.replace(/\.json$/, '')}.${match[2]}`;
      files.set(id, { file: resolved.id, part: match[2] as MessagePart });
      return id;
    },
    load(id) {
      const source = files.get(id);
      if (!source) return null;
      this.addWatchFile(source.file);
      const text = fs.readFileSync(source.file, 'utf8');
      const chosen = splitMessages(JSON.parse(text) as Record<string, unknown>)[source.part];
      // JSON.parse of a string is quicker to start than an object literal of the same size.
      return `export default JSON.parse(${JSON.stringify(JSON.stringify(chosen))});`;
    },
  };
}
