export { RealtimeClient } from './realtime-client';
export type { RealtimeClientOptions } from './realtime-client';
export { RealtimeProvider } from './RealtimeProvider';
export { useRealtimeClient } from './realtime-context';
export { useLiveQuery, useLiveQueryState } from './useLiveQuery';
export type { LiveQueryState } from './live-query-registry';
export { fetchRealtimeToken } from './token';
export { useLiveQueries } from './useLiveQueries';
export type { PresenceRequest } from './realtime-client';
