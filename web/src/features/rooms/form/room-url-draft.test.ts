import { describe, expect, it } from 'vitest';
import { EMPTY_DRAFT, draftAfterName, draftAfterTyping, localUrlCheck } from './room-url-draft';

/** Types a name letter by letter, as the name field does, and answers the URL it leads to. */
function typeName(name: string, draft = EMPTY_DRAFT) {
  let current = draft;
  for (let end = 1; end <= name.length; end += 1)
    current = draftAfterName(current, name.slice(0, end));
  return current;
}

describe('the room URL suggested from the name', () => {
  it('follows the name while it is typed', () => {
    expect(typeName('Friday Night Vibes')).toEqual({ url: 'friday-night-vibes', edited: false });
  });

  it('transliterates a Cyrillic name', () => {
    expect(typeName('Утренний кофе').url).toBe('utrenniy-kofe');
  });

  it('stops following the name once the URL was typed by hand', () => {
    const typed = draftAfterTyping('my-room');
    expect(draftAfterName(typed, 'Something else')).toEqual({ url: 'my-room', edited: true });
  });

  it('follows the name again after the URL field was emptied', () => {
    const emptied = draftAfterTyping('');
    expect(emptied).toEqual({ url: '', edited: false });
    expect(draftAfterName(emptied, 'Jazz Club').url).toBe('jazz-club');
  });

  it('keeps a typed URL in lower case, spaces made hyphens', () => {
    expect(draftAfterTyping('My Room')).toEqual({ url: 'my-room', edited: true });
  });
});

describe('the local check of a room URL', () => {
  it('says nothing about an empty URL', () => {
    expect(localUrlCheck('  ')).toBe('idle');
  });

  it('finds a malformed URL without asking the server', () => {
    expect(localUrlCheck('ab')).toBe('invalid');
    expect(localUrlCheck('a'.repeat(51))).toBe('invalid');
    expect(localUrlCheck('double--hyphen')).toBe('invalid');
    expect(localUrlCheck('-leading')).toBe('invalid');
    expect(localUrlCheck('Upper')).toBe('invalid');
    expect(localUrlCheck('кофе')).toBe('invalid');
  });

  it('asks the server about a well-formed URL', () => {
    expect(localUrlCheck('abc')).toBe('ask');
    expect(localUrlCheck('friday-night-2')).toBe('ask');
  });

  it('knows the room being edited keeps its own URL', () => {
    expect(localUrlCheck('jazz', 'jazz')).toBe('current');
    expect(localUrlCheck('jazz-club', 'jazz')).toBe('ask');
  });
});
