/** What the context reports at one reading; times in seconds, except the `performance` ones (ms). */
export type OutputReading = {
  /** getOutputTimestamp().contextTime and .performanceTime (zero while it has no answer). */
  stampContextTime: number;
  stampPerformanceTime: number;
  currentTime: number;
  /** performance.now() when currentTime was read. */
  readAt: number;
  /** baseLatency + outputLatency. */
  latency: number;
};

/** One reading of a live context. */
export function readOutput(context: AudioContext, now: () => number): OutputReading {
  const stamp = context.getOutputTimestamp();
  return {
    stampContextTime: stamp.contextTime ?? 0,
    stampPerformanceTime: stamp.performanceTime ?? 0,
    currentTime: context.currentTime,
    readAt: now(),
    latency: (context.baseLatency || 0) + (context.outputLatency || 0),
  };
}
