import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CheckSquare, X } from 'lucide-react';
import { TRACK_LIMITS, TRACK_SORTS, type TrackSort } from '@music-rooms/domain/tracks';
import { Button } from '../../ui/Button';
import { SearchField } from '../../ui/SearchField';
import { Select } from '../../ui/Select';
import { TRACK_GROUPINGS, type TrackGrouping } from './grouping';
import { UploadButton } from './UploadButton';

type TrackToolbarProps = {
  search: string;
  onSearch: (search: string) => void;
  sort: TrackSort;
  onSort: (sort: TrackSort) => void;
  grouping: TrackGrouping;
  onGrouping: (grouping: TrackGrouping) => void;
  canAdd: boolean;
  canManage: boolean;
  selecting: boolean;
  onSelecting: (selecting: boolean) => void;
  onFiles: (files: File[]) => void;
  /** Other ways to add tracks, shown beside Upload to those who may add. */
  addFrom?: ReactNode;
};

/** Search, sort order, grouping, upload and the select mode of the track list. */
export function TrackToolbar(props: TrackToolbarProps) {
  const { t } = useTranslation();
  return (
    <div className="tracks__toolbar">
      <div className="tracks__search">
        <SearchField
          label={t('tracks.search.label')}
          clearLabel={t('tracks.search.clear')}
          placeholder={t('tracks.search.placeholder')}
          value={props.search}
          onChange={props.onSearch}
          maxLength={TRACK_LIMITS.searchMax}
        />
      </div>
      <Select
        compact
        aria-label={t('tracks.sort.label')}
        value={props.sort}
        options={TRACK_SORTS.map((sort) => ({ value: sort, label: t(`tracks.sort.${sort}`) }))}
        onChange={props.onSort}
      />
      <Select
        compact
        aria-label={t('tracks.group.label')}
        value={props.grouping}
        options={TRACK_GROUPINGS.map((by) => ({ value: by, label: t(`tracks.group.${by}`) }))}
        onChange={props.onGrouping}
      />
      {props.canManage && (
        <Button
          size="sm"
          variant={props.selecting ? 'primary' : 'secondary'}
          icon={props.selecting ? X : CheckSquare}
          aria-pressed={props.selecting}
          onClick={() => props.onSelecting(!props.selecting)}
        >
          {props.selecting ? t('tracks.select.done') : t('tracks.select.start')}
        </Button>
      )}
      {props.canAdd && props.addFrom}
      {props.canAdd && <UploadButton onFiles={props.onFiles} />}
    </div>
  );
}
