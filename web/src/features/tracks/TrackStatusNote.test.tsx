// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { TrackStatusNote } from './TrackStatusNote';
import { trackSummary } from '../player/player-fixtures.test-support';
import { renderInApp, setupComponentTests } from '../../app/shell/render-app.test-support';

setupComponentTests();

const failed = (failure: string | null) => ({
  ...trackSummary('Broken', 1000),
  status: 'failed' as const,
  failure,
});

describe('the note on a failed track', () => {
  it('says the reason the track keeps', () => {
    renderInApp(<TrackStatusNote track={failed('tracks.errors.unsupportedFormat')} />);
    expect(screen.getByText(/not audio in a supported format/)).toBeTruthy();
  });

  it('says the general reason when the kept one would name something it no longer has', () => {
    renderInApp(<TrackStatusNote track={failed('yandexMusic.errors.unexpectedContentType')} />);
    expect(screen.getByText('Failed to process audio')).toBeTruthy();
    expect(screen.queryByText(/\{\{/)).toBeNull();
  });

  it('says the general reason for a key the page does not know', () => {
    renderInApp(<TrackStatusNote track={failed('tracks.errors.noSuchReason')} />);
    expect(screen.getByText('Failed to process audio')).toBeTruthy();
  });
});
