import type { Bench } from '../lib/types';
import { bundleBench } from './bundle';
import { startupBench } from './startup';

/** Every benchmark, in the order `npm run bench` runs them. */
export const benches: Bench[] = [startupBench, bundleBench];
