import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DevTable } from '../DevTable';
import { parseTrackFilename } from '@music-rooms/domain/track-filename';
import { TRACK_FILENAME_CORPUS } from '@music-rooms/domain/track-filename-corpus';
import { Panel } from '../../../ui/Panel';
import { TextArea } from '../../../ui/TextArea';

const EXAMPLE =
  '01_-_Кино_-_Группа_крови_(zaycev.net).mp3\nMark Ronson - Uptown Funk (ft. Bruno Mars).mp3';

/**
 * /dev/track-parser-test: file names read by the same parser uploads use, live as they are
 * typed; below, the parser's own corpus with each case passing or failing.
 */
export function TrackParserTool() {
  const { t } = useTranslation();
  const [names, setNames] = useState(EXAMPLE);
  const lines = names.split('\n').filter((line) => line.trim() !== '');
  return (
    <>
      <Panel>
        <TextArea
          label={t('dev.parser.names')}
          hint={t('dev.parser.namesHint')}
          value={names}
          onChange={setNames}
          rows={5}
          spellCheck={false}
        />
        <DevTable
          headings={[
            t('dev.parser.fileName'),
            t('dev.parser.artist'),
            t('dev.parser.title'),
            t('dev.parser.trackNumber'),
          ]}
          rows={lines}
          label={t('dev.parser.parsed')}
        >
          {lines.map((line, index) => {
            const parsed = parseTrackFilename(line);
            return (
              <tr key={`${index}:${line}`}>
                <td className="dev-code">{line}</td>
                <td>
                  {parsed.artist ?? <span className="dev-muted">{t('dev.parser.none')}</span>}
                </td>
                <td>{parsed.title}</td>
                <td className="dev-num">{parsed.trackNumber ?? '—'}</td>
              </tr>
            );
          })}
        </DevTable>
      </Panel>
      <CorpusPanel />
    </>
  );
}

/** The corpus the parser's tests check, run here in the browser against the same code. */
function CorpusPanel() {
  const { t } = useTranslation();
  const results = useMemo(
    () =>
      TRACK_FILENAME_CORPUS.map(([name, artist, title]) => {
        const parsed = parseTrackFilename(name);
        return {
          name,
          artist,
          title,
          parsed,
          pass: parsed.artist === artist && parsed.title === title,
        };
      }),
    [],
  );
  const passing = results.filter((result) => result.pass).length;
  return (
    <Panel title={t('dev.parser.corpus', { passing, total: results.length })}>
      <DevTable
        headings={[
          t('dev.parser.fileName'),
          t('dev.parser.expected'),
          t('dev.parser.got'),
          t('dev.parser.result'),
        ]}
        rows={results}
        label={t('dev.parser.corpusLabel')}
      >
        {results.map(({ name, artist, title, parsed, pass }) => (
          <tr key={name}>
            <td className="dev-code">{name}</td>
            <td>{[artist, title].filter(Boolean).join(' — ')}</td>
            <td>{[parsed.artist, parsed.title].filter(Boolean).join(' — ')}</td>
            <td>
              <span className={pass ? 'dev-badge' : 'dev-badge dev-badge--fail'}>
                {pass ? t('dev.parser.pass') : t('dev.parser.fail')}
              </span>
            </td>
          </tr>
        ))}
      </DevTable>
    </Panel>
  );
}
