import { describe, expect } from '../src/fixtures';
import { appServerTest as test } from '../src/app-server-test';
import { sineWav } from '../src/wav';
import { listTracksAs, uploadAs, waitForReadyTracks, wavFile } from '../src/tracks';
import { updateTrackRow } from '../../server/src/services/tracks/store';
import { notice } from './support/people';
import { createRoomAs } from './support/rooms';

// Tracks of zero duration can only come from data older than the processing that measures
// them: the test writes them into the database of a server it keeps a handle on. The settings
// screen's maintenance action (spec §9, §8 "Check console").
describe('fixing track durations', () => {
  test('counts tracks of zero duration, asks first, then fixes them and says how many', async ({
    signedInPage: page,
    server,
    member,
    appServer,
  }) => {
    await page.goto(`${server.url}/settings`);
    const section = page.getByRole('region', { name: 'Maintenance' });
    await section.getByRole('button', { name: 'Fix track durations' }).click();
    await notice(page, 'No track has a zero duration').waitFor();

    const room = await createRoomAs(server, member, { name: 'Old room', room_url: 'old-room' });
    const names = ['Old - One.wav', 'Old - Two.wav', 'Old - Three.wav'];
    for (const [index, name] of names.entries()) {
      const tone = sineWav(2, 300 + 100 * index);
      await uploadAs(server, member.cookie, room._id, wavFile(name, tone));
    }
    const [one, two, three] = await waitForReadyTracks(server, member.cookie, room._id, 3);
    const db = appServer.app.database.db;
    await updateTrackRow(db, one!._id, { durationMs: 0 });
    await updateTrackRow(db, two!._id, { durationMs: 0 });
    // This one's file is gone: its duration cannot be read again.
    await updateTrackRow(db, three!._id, { durationMs: 0, audioKey: 'audio/missing' });

    await section.getByRole('button', { name: 'Fix track durations' }).click();
    const confirm = page.getByRole('alertdialog');
    await confirm.getByText('3 tracks have a zero duration.', { exact: false }).waitFor();
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await confirm.waitFor({ state: 'detached' });
    const untouched = await listTracksAs(server, member.cookie, room._id);
    expect(untouched.map((track) => track.durationMs)).toEqual([0, 0, 0]);

    await section.getByRole('button', { name: 'Fix track durations' }).click();
    await confirm.getByRole('button', { name: 'Fix durations' }).click();
    await notice(page, 'Failed to refresh durations: 2 of 3 fixed. Check console').waitFor();
    const fixed = await listTracksAs(server, member.cookie, room._id);
    expect(fixed.map((track) => track.durationMs > 0)).toEqual([true, true, false]);

    await updateTrackRow(db, three!._id, { durationMs: 2000 });
    await updateTrackRow(db, one!._id, { durationMs: 0 });
    await section.getByRole('button', { name: 'Fix track durations' }).click();
    await confirm.getByText('1 track has a zero duration.', { exact: false }).waitFor();
    await confirm.getByRole('button', { name: 'Fix durations' }).click();
    await notice(page, 'Durations fixed: 1 of 1').waitFor();
  });
});
