import type { Bench } from '../lib/types';
import { bundleBench } from './bundle';
import { hostileFilesBench } from './hostile-files';
import { outputCalibrationBench } from './output-calibration';
import { playerFanoutBench } from './player-fanout';
import { playerSyncBench } from './player-sync';
import { roomLoadBench } from './room-load';
import { roomsListBench } from './rooms-list';
import { startupBench } from './startup';
import { trackListBench } from './track-list';
import { uploadsBench } from './uploads';

/** Every benchmark, in the order `npm run bench` runs them. */
export const benches: Bench[] = [
  startupBench,
  bundleBench,
  roomLoadBench,
  roomsListBench,
  uploadsBench,
  hostileFilesBench,
  trackListBench,
  playerFanoutBench,
  playerSyncBench,
  outputCalibrationBench,
];
