import { describe, expect, it } from 'vitest';
import type { PagePreloads } from '@music-rooms/domain/page-preloads';
import { pageShells } from '../../src/routes/page-shell';
import { FAKE_PAGE_PRELOADS as PRELOADS } from '../helpers/page-preloads';

const SHELL = `<!doctype html>
<html>
  <head>
    <script type="module" crossorigin src="/assets/index-1.js"></script>
  </head>
  <body></body>
</html>
`;

const linksOf = (html: string) => html.match(/<link [^>]*>/g) ?? [];

describe('page shells', () => {
  it('names what a room page fetches first, in its language, at the end of the head', () => {
    const html = pageShells(SHELL, PRELOADS).forPage('room', 'ru');
    expect(linksOf(html)).toEqual([
      '<link rel="modulepreload" crossorigin href="/assets/ru-1.js">',
      '<link rel="modulepreload" crossorigin href="/assets/ru-2.js">',
      '<link rel="modulepreload" crossorigin href="/assets/RoomPage-1.js">',
      '<link rel="modulepreload" crossorigin href="/assets/x-2.js">',
      '<link rel="preload" as="style" crossorigin href="/assets/RoomPage-1.css">',
    ]);
    expect(html).toContain('index-1.js"></script>\n    <link rel="modulepreload"');
    expect(html).toMatch(/RoomPage-1\.css">\n {2}<\/head>/);
    // The rest of the shell is as built.
    expect(html.replace(/\n *<link [^>]*>/g, '')).toBe(SHELL);
  });

  it('gives the home page only the first part of the messages', () => {
    const links = linksOf(pageShells(SHELL, PRELOADS).forPage('home', 'en'));
    expect(links.join('\n')).toContain('/assets/en-1.js');
    expect(links.join('\n')).not.toContain('/assets/en-2.js');
    expect(links.join('\n')).toContain('/assets/HomePage-1.js');
  });

  it('sends the plain shell to an unknown page, and when the build has no preloads', () => {
    expect(pageShells(SHELL, PRELOADS).forPage(null, 'en')).toBe(SHELL);
    expect(pageShells(SHELL, null).forPage('room', 'en')).toBe(SHELL);
  });

  it('names only files of the build', () => {
    const odd: PagePreloads = {
      ...PRELOADS,
      pages: {
        ...PRELOADS.pages,
        room: {
          scripts: ['/assets/ok.js', '"><script>alert(1)</script>', 'https://elsewhere/x.js'],
          styles: [],
          messages: 'first',
        },
      },
    };
    const links = linksOf(pageShells(SHELL, odd).forPage('room', 'en'));
    expect(links).toEqual([
      '<link rel="modulepreload" crossorigin href="/assets/en-1.js">',
      '<link rel="modulepreload" crossorigin href="/assets/ok.js">',
    ]);
  });
});
