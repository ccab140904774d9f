export { callAction, callMutation, callQuery, createApiClient } from './functions';
export type { ApiClient, ApiClientOptions } from './functions';
export { FunctionCallError } from './function-call-error';
export { reportDebugEvent } from './debug-event';
