import { z } from 'zod';
import { query } from './define';

/** Functions about the server itself. */
export const SYSTEM_FUNCTIONS = {
  'system.serverTime': query(z.object({})).returns<{ now: number }>(),
} as const;
