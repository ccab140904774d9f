import { percentile, round } from './stats';

export type LoadOptions = {
  url: string;
  /** The JSON body, or a function making a new one for each request. */
  body: unknown;
  headers?: Record<string, string>;
  concurrency: number;
  /** The run stops at whichever comes first. */
  maxRequests: number;
  maxMs: number;
};

/**
 * POSTs JSON bodies from `concurrency` loops at once until the count or the time runs out, and
 * reports latency percentiles and throughput. Any answer but 200 fails the bench.
 */
export async function loadTest(options: LoadOptions) {
  const latencies: number[] = [];
  const { body } = options;
  const payload = () =>
    JSON.stringify(typeof body === 'function' ? (body as () => unknown)() : body);
  const started = performance.now();
  let sent = 0;
  const worker = async () => {
    while (sent < options.maxRequests && performance.now() - started < options.maxMs) {
      sent++;
      const begin = performance.now();
      const res = await fetch(options.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...options.headers },
        body: payload(),
      });
      await res.arrayBuffer();
      if (res.status !== 200) throw new Error(`${options.url} answered ${res.status}`);
      latencies.push(performance.now() - begin);
    }
  };
  await Promise.all(Array.from({ length: options.concurrency }, worker));
  const seconds = (performance.now() - started) / 1000;
  return {
    requests: latencies.length,
    p50Ms: round(percentile(latencies, 50)),
    p99Ms: round(percentile(latencies, 99)),
    requestsPerSecond: round(latencies.length / seconds),
  };
}
