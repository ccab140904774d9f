export { analyseAudio, measureLoudness, type AudioAnalysis } from './analyse';
export { toCoverWebp, toPreviewDataUrl } from './cover';
export {
  ffmpegTimeLimitMs,
  FFMPEG_MEMORY_LIMIT_BYTES,
  memoryLimiter,
  type FfmpegBounds,
} from './ffmpeg';
export {
  bundledFfmpegPath,
  chooseFfmpeg,
  ffmpegVersion,
  resolveFfmpegPath,
  type FfmpegChoice,
} from './ffmpeg-binary';
export { longestAudioSeconds, streamHeaderFault, type StreamHeader } from './stream-check';
export { sniffAudioFile } from './probe';
export {
  AUDIO_FORMATS,
  AUDIO_MIME,
  SNIFF_BYTES,
  sniffAudioFormat,
  type AudioFormat,
} from './sniff';
export { readAudioTags, type AudioTags } from './tags';
export { WAVEFORM_PEAKS } from './waveform';
export {
  indexPlaybackCopy,
  makePlaybackCopy,
  PLAYBACK_MAX_SAMPLE_RATE,
  type PlaybackCopyFile,
} from './playback-copy';
