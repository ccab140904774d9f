import type { z } from 'zod';
import type { ContractPath, FunctionTable, SpecValue } from './contract';

/**
 * The contract of the backend functions (design §3) shared by the server and the web client:
 * paths, the generic HTTP endpoints, their request and answer shapes, and error codes.
 */

export const FUNCTION_KINDS = ['query', 'mutation', 'action'] as const;
export type FunctionKind = (typeof FUNCTION_KINDS)[number];

/** The generic endpoints (spec §7); `function` runs any kind, the `_ts` ones add a timestamp. */
export const FUNCTION_ENDPOINTS = {
  query: '/api/query',
  mutation: '/api/mutation',
  action: '/api/action',
  function: '/api/function',
  query_ts: '/api/query_ts',
  query_at_ts: '/api/query_at_ts',
} as const;
export type FunctionEndpoint = keyof typeof FUNCTION_ENDPOINTS;

/** HTTP status of a function's own error (spec §7). */
export const FUNCTION_ERROR_STATUS = 560;

export type FunctionArgs = Record<string, unknown>;

/** Body of every generic endpoint: args may be an object or a one-element array of it. */
export type FunctionRequest = {
  path: string;
  args?: FunctionArgs | [FunctionArgs] | undefined;
  format?: 'json' | undefined;
  ts?: number | undefined;
};

/** A function error's data: its code, the translation key, the field it concerns, and more. */
export type FunctionErrorData = {
  code: string;
  key: string;
  field?: string;
  [name: string]: unknown;
};

export type FunctionSuccess<Value = unknown> = {
  status: 'success';
  value: Value;
  logLines: string[];
  /** Server time in ms, given by query_ts and query_at_ts. */
  ts?: number;
};

export type FunctionFailure = {
  status: 'error';
  errorMessage: string;
  errorData: FunctionErrorData;
  logLines: string[];
};

export type FunctionResponse<Value = unknown> = FunctionSuccess<Value> | FunctionFailure;

const PATH_SEGMENT = /^[A-Za-z_][A-Za-z0-9_]*$/;

/**
 * `rooms:get` and `rooms.get` name the same function; a module may be nested with `/` or `.`
 * (`admin/rooms:cleanup`). Answers the dotted form, or null when the path is not well formed.
 */
export function normalizeFunctionPath(path: string): string | null {
  const segments = path.split(/[.:/]/);
  if (segments.length < 2 || !segments.every((segment) => PATH_SEGMENT.test(segment))) return null;
  return segments.join('.');
}

/** Missing args mean `{}`; a one-element array carries the object. */
export function unwrapFunctionArgs(args: FunctionRequest['args']): FunctionArgs {
  if (args === undefined) return {};
  return Array.isArray(args) ? args[0] : args;
}

/**
 * Types of the functions, by path, inferred from the contract tables (contract/*.ts): `args` is
 * what a caller sends (the schema's input), `value` what it answers. Only types come from
 * there, so the browser does not bundle the schemas by importing this module.
 */
export type FunctionContracts = {
  [Path in ContractPath]: {
    kind: FunctionTable[Path]['kind'];
    args: z.input<FunctionTable[Path]['args']>;
    value: SpecValue<FunctionTable[Path]>;
  };
};

/** The declared paths of one kind, for autocompletion on the client. */
export type FunctionPathOf<Kind extends FunctionKind> = {
  [Path in ContractPath]: FunctionContracts[Path]['kind'] extends Kind ? Path : never;
}[ContractPath];

/** What a caller sends to the function at `path`. */
export type ArgsOf<Path extends ContractPath> = FunctionContracts[Path]['args'];

/** What the function at `path` answers. */
export type ValueOf<Path extends ContractPath> = FunctionContracts[Path]['value'];

/**
 * The args of a call as a parameter list: a function whose args are all optional may be called
 * without them; any other must be given its args object.
 */
export type ArgsParameter<Path extends ContractPath> =
  Record<string, never> extends ArgsOf<Path> ? [args?: ArgsOf<Path>] : [args: ArgsOf<Path>];

/** Limits of a client error report (POST /api/debug_event); longer strings are cut. */
export const DEBUG_EVENT_LIMITS = {
  bodyBytes: 16 * 1024,
  message: 2000,
  stack: 8000,
  url: 2000,
  userAgent: 500,
  perMinutePerIp: 20,
} as const;

/** A client error report: what failed, where, and in which browser. */
export type DebugEvent = {
  message: string;
  stack?: string | undefined;
  url?: string | undefined;
  userAgent?: string | undefined;
  extra?: Record<string, unknown> | undefined;
};

/**
 * Canonical JSON of a value: equal values give equal text whatever the order of their keys.
 * Live queries use it to tell a changed answer from an equal one, and to key equal args.
 */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value, sortKeys) ?? 'undefined';
}

function sortKeys(_key: string, value: unknown): unknown {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return value;
  const entries = Object.entries(value as Record<string, unknown>);
  entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return Object.fromEntries(entries);
}
