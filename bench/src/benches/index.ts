import type { Bench } from '../lib/types';
import { bundleBench } from './bundle';
import { roomsListBench } from './rooms-list';
import { startupBench } from './startup';

/** Every benchmark, in the order `npm run bench` runs them. */
export const benches: Bench[] = [startupBench, bundleBench, roomsListBench];
