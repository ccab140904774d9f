import { describe, expect, it } from 'vitest';
import { parseTrackFilename } from '../src/track-filename';

/** [file name, artist, title]: names as they come off phones, rips, downloads and shares. */
const NAMES: [string, string | null, string][] = [
  ['Queen - Bohemian Rhapsody.mp3', 'Queen', 'Bohemian Rhapsody'],
  ['01 - Queen - Bohemian Rhapsody.mp3', 'Queen', 'Bohemian Rhapsody'],
  ['01. Queen - Bohemian Rhapsody.flac', 'Queen', 'Bohemian Rhapsody'],
  ['1 - Intro.mp3', null, 'Intro'],
  ['03 Yesterday.m4a', null, 'Yesterday'],
  ['07) Daft Punk - Get Lucky.mp3', 'Daft Punk', 'Get Lucky'],
  ['A1 - Pink Floyd - Speak to Me.flac', 'Pink Floyd', 'Speak to Me'],
  ['50 Cent - In Da Club.mp3', '50 Cent', 'In Da Club'],
  ['2Pac - California Love.mp3', '2Pac', 'California Love'],
  ['U2 - One.mp3', 'U2', 'One'],
  ['blink-182 - All the Small Things.mp3', 'blink-182', 'All the Small Things'],
  ['AC-DC - Highway to Hell.mp3', 'AC-DC', 'Highway to Hell'],
  ['Jay-Z - Empire State of Mind.mp3', 'Jay-Z', 'Empire State of Mind'],
  ['Daft_Punk_-_Get_Lucky.mp3', 'Daft Punk', 'Get Lucky'],
  ['Daft_Punk-Get_Lucky.mp3', null, 'Daft Punk-Get Lucky'],
  ['Adele – Hello.mp3', 'Adele', 'Hello'],
  ['Adele — Hello.mp3', 'Adele', 'Hello'],
  ['Adele–Hello.mp3', 'Adele', 'Hello'],
  ['Adele -- Hello.mp3', 'Adele', 'Hello'],
  ['Adele ~ Hello.mp3', 'Adele', 'Hello'],
  [
    'Mark Ronson – Uptown Funk (feat. Bruno Mars).mp3',
    'Mark Ronson',
    'Uptown Funk (feat. Bruno Mars)',
  ],
  [
    'Mark Ronson - Uptown Funk (ft. Bruno Mars).mp3',
    'Mark Ronson',
    'Uptown Funk (feat. Bruno Mars)',
  ],
  ['Mark Ronson - Uptown Funk ft Bruno Mars.mp3', 'Mark Ronson', 'Uptown Funk feat. Bruno Mars'],
  [
    'Mark Ronson featuring Bruno Mars - Uptown Funk.mp3',
    'Mark Ronson feat. Bruno Mars',
    'Uptown Funk',
  ],
  ['Drake ft. Rihanna - Take Care.mp3', 'Drake feat. Rihanna', 'Take Care'],
  ['Eminem - Lose Yourself [Official Video].mp3', 'Eminem', 'Lose Yourself'],
  ['Eminem - Lose Yourself (Official Music Video).mp3', 'Eminem', 'Lose Yourself'],
  ['Eminem - Lose Yourself (Official Audio).mp3', 'Eminem', 'Lose Yourself'],
  ['Eminem - Lose Yourself (Lyrics).mp3', 'Eminem', 'Lose Yourself'],
  ['Eminem - Lose Yourself [Lyric Video].mp3', 'Eminem', 'Lose Yourself'],
  ['Eminem - Lose Yourself (HD).mp3', 'Eminem', 'Lose Yourself'],
  ['Eminem - Lose Yourself [HQ] [320 kbps].mp3', 'Eminem', 'Lose Yourself'],
  ['Eminem - Lose Yourself (Official 4K Video).mp3', 'Eminem', 'Lose Yourself'],
  ['Billie Eilish - bad guy (Visualizer).mp3', 'Billie Eilish', 'bad guy'],
  ['The Beatles - Let It Be (Remastered 2009).mp3', 'The Beatles', 'Let It Be (Remastered 2009)'],
  ['Avicii - Levels (Radio Edit).mp3', 'Avicii', 'Levels (Radio Edit)'],
  ['Avicii - Levels (Skrillex Remix).mp3', 'Avicii', 'Levels (Skrillex Remix)'],
  ['Nirvana - Lithium (Live).ogg', 'Nirvana', 'Lithium (Live)'],
  ['The Weeknd - Blinding Lights (1).mp3', 'The Weeknd', 'Blinding Lights'],
  ['The Weeknd - Blinding Lights copy.mp3', 'The Weeknd', 'Blinding Lights'],
  ['The Weeknd - After Hours - 03 - Blinding Lights.mp3', 'The Weeknd', 'Blinding Lights'],
  ['The Weeknd - 03 - Blinding Lights.wav', 'The Weeknd', 'Blinding Lights'],
  ['Blinding Lights.mp3', null, 'Blinding Lights'],
  ['blinding_lights.opus', null, 'blinding lights'],
  ['Muse - Uprising (zaycev.net).mp3', 'Muse', 'Uprising'],
  ['Muse - Uprising [muzmo.ru].mp3', 'Muse', 'Uprising'],
  ['Muse - Uprising (www.example.com).mp3', 'Muse', 'Uprising'],
  ['Muse - Uprising - zaycev.net.mp3', 'Muse', 'Uprising'],
  ['Dr. Dre - Still D.R.E..mp3', 'Dr. Dre', 'Still D.R.E.'],
  ["Guns N' Roses - Sweet Child O' Mine.mp3", "Guns N' Roses", "Sweet Child O' Mine"],
  ['Simon & Garfunkel - The Sound of Silence.mp3', 'Simon & Garfunkel', 'The Sound of Silence'],
  ['Sigur Rós - Hoppípolla.flac', 'Sigur Rós', 'Hoppípolla'],
  ['Kanye West - "Stronger".mp3', 'Kanye West', 'Stronger'],
  ['1984.mp3', null, '1984'],
  ['01.mp3', null, '01'],
  ['Track 05.wav', null, 'Track 05'],
  ['C:\\Music\\Rips\\Queen - Bohemian Rhapsody.mp3', 'Queen', 'Bohemian Rhapsody'],
  ['music/queen/Queen - Bohemian Rhapsody.mp3', 'Queen', 'Bohemian Rhapsody'],
  ['Queen - Bohemian Rhapsody', 'Queen', 'Bohemian Rhapsody'],
  ['  Queen   -   Bohemian   Rhapsody  .mp3', 'Queen', 'Bohemian Rhapsody'],
  ['Кино - Группа крови.mp3', 'Кино', 'Группа крови'],
  ['01 - Кино - Группа крови.mp3', 'Кино', 'Группа крови'],
  ['01_-_Кино_-_Группа_крови_(zaycev.net).mp3', 'Кино', 'Группа крови'],
  ['Ленинград — Экспонат.mp3', 'Ленинград', 'Экспонат'],
  ['Ленинград – Экспонат (Официальный клип).mp3', 'Ленинград', 'Экспонат'],
  ['Ленинград - Экспонат [Премьера клипа 2016].mp3', 'Ленинград', 'Экспонат'],
  ['Би-2 - Полковнику никто не пишет.mp3', 'Би-2', 'Полковнику никто не пишет'],
  ['Земфира - Хочешь? (Official Video).mp3', 'Земфира', 'Хочешь?'],
  [
    'Баста feat. Полина Гагарина - Солнце Монако.mp3',
    'Баста feat. Полина Гагарина',
    'Солнце Монако',
  ],
  ['Макс Корж - Мотылёк (Lyric Video).mp3', 'Макс Корж', 'Мотылёк'],
  ['Монеточка - Каждый раз (Текст песни).mp3', 'Монеточка', 'Каждый раз'],
  ['Сплин - Выхода нет (видео).mp3', 'Сплин', 'Выхода нет'],
  ['DDT - Что такое осень.mp3', 'DDT', 'Что такое осень'],
  ['Мумий Тролль – Владивосток 2000 (Audio).mp3', 'Мумий Тролль', 'Владивосток 2000'],
  ['05. Сектор Газа - Лирика.mp3', 'Сектор Газа', 'Лирика'],
  ['Король и Шут - Лесник - копия.mp3', 'Король и Шут', 'Лесник'],
  ['Ария_-_Беспечный_ангел.mp3', 'Ария', 'Беспечный ангел'],
  ['Звери — Районы-кварталы (ft. Баста).mp3', 'Звери', 'Районы-кварталы (feat. Баста)'],
  ['Tiësto - Adagio for Strings (Original Mix).mp3', 'Tiësto', 'Adagio for Strings (Original Mix)'],
];

describe('parseTrackFilename', () => {
  it('knows at least sixty real-world names', () => {
    expect(NAMES.length).toBeGreaterThanOrEqual(60);
  });

  it.each(NAMES)('reads %j as artist %j and title %j', (name, artist, title) => {
    const parsed = parseTrackFilename(name);
    expect({ artist: parsed.artist, title: parsed.title }).toEqual({ artist, title });
  });

  it('keeps the track number it took off the front', () => {
    expect(parseTrackFilename('07) Daft Punk - Get Lucky.mp3').trackNumber).toBe(7);
    expect(parseTrackFilename('01_-_Кино_-_Группа_крови.mp3').trackNumber).toBe(1);
    expect(parseTrackFilename('50 Cent - In Da Club.mp3').trackNumber).toBeNull();
  });

  it('never answers an empty title', () => {
    for (const name of ['.mp3', '(Official Video).mp3', ' - .mp3', '[HD].flac']) {
      expect(parseTrackFilename(name).title.length).toBeGreaterThan(0);
    }
  });
});
