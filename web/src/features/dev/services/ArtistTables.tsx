import { useTranslation } from 'react-i18next';
import type { ComparedArtist, StoredArtistId } from '@music-rooms/domain/dev-services';
import { DevTable } from '../DevTable';
import { DevThumb } from '../DevThumb';

export function ComparedArtistTable({
  label,
  artists,
  keptOn,
}: {
  label: string;
  artists: ComparedArtist[];
  /** How many tracks of the rooms keep this artist id (shown beside the id when any). */
  keptOn: (id: string) => number;
}) {
  const { t, i18n } = useTranslation();
  return (
    <DevTable
      label={label}
      headings={[t('dev.artists.artist'), t('dev.artists.audience')]}
      rows={artists}
      empty={t('dev.spotify.nothing')}
    >
      {artists.map((artist) => (
        <tr key={artist.id}>
          <td>
            <div className="dev-name">
              <DevThumb url={artist.picture} />
              <span>
                <strong>{artist.name}</strong>
                <span className="dev-muted dev-code">
                  {artist.url ? (
                    <a href={artist.url} target="_blank" rel="noreferrer">
                      {artist.id}
                    </a>
                  ) : (
                    artist.id
                  )}
                </span>
                {keptOn(artist.id) > 0 && (
                  <span className="dev-badge">
                    {t('dev.artists.keptOn', { count: keptOn(artist.id) })}
                  </span>
                )}
              </span>
            </div>
          </td>
          <td className="dev-num">
            {artist.audience === null
              ? '—'
              : t(`dev.artists.audienceKinds.${artist.audienceKind}`, {
                  count: artist.audience,
                  formatted: artist.audience.toLocaleString(i18n.language),
                })}
          </td>
        </tr>
      ))}
    </DevTable>
  );
}

/** The artist ids the rooms' tracks keep for the name, by service. */
export function StoredIdTable({ stored }: { stored: StoredArtistId[] }) {
  const { t } = useTranslation();
  return (
    <DevTable
      label={t('dev.artists.storedLabel')}
      headings={[
        t('dev.artists.service'),
        t('dev.artists.id'),
        t('dev.artists.artistsOnTracks'),
        t('dev.artists.trackCount'),
      ]}
      rows={stored}
      empty={t('dev.artists.noneStored')}
    >
      {stored.map((entry) => (
        <tr key={`${entry.service}:${entry.id}`}>
          <td>{t(`dev.artists.services.${entry.service}`, { defaultValue: entry.service })}</td>
          <td className="dev-code">{entry.id}</td>
          <td>{entry.artists.join(', ')}</td>
          <td className="dev-num">{entry.trackCount}</td>
        </tr>
      ))}
    </DevTable>
  );
}
