/** In-place radix-2 FFT of (re, im); the length is a power of two. `inverse` leaves out the 1/n. */
function fft(re: Float64Array, im: Float64Array, inverse: boolean): void {
  const n = re.length;
  for (let i = 1, j = 0; i < n; i += 1) {
    let bit = n >> 1;
    for (; j & bit; bit >>= 1) j ^= bit;
    j ^= bit;
    if (i < j) {
      [re[i], re[j]] = [re[j]!, re[i]!];
      [im[i], im[j]] = [im[j]!, im[i]!];
    }
  }
  for (let size = 2; size <= n; size <<= 1) {
    const angle = ((inverse ? 2 : -2) * Math.PI) / size;
    const stepRe = Math.cos(angle);
    const stepIm = Math.sin(angle);
    for (let start = 0; start < n; start += size) {
      let wRe = 1;
      let wIm = 0;
      for (let k = 0; k < size / 2; k += 1) {
        const a = start + k;
        const b = a + size / 2;
        const tRe = re[b]! * wRe - im[b]! * wIm;
        const tIm = re[b]! * wIm + im[b]! * wRe;
        re[b] = re[a]! - tRe;
        im[b] = im[a]! - tIm;
        re[a] = re[a]! + tRe;
        im[a] = im[a]! + tIm;
        [wRe, wIm] = [wRe * stepRe - wIm * stepIm, wRe * stepIm + wIm * stepRe];
      }
    }
  }
}

/**
 * The cross-correlation of `signal` with `template` at every lag where the template fits
 * whole: `out[lag] = Σ signal[lag + i] · template[i]`. Through the FFT: a two-second recording
 * against a 40 ms chirp directly would take a billion multiplications.
 */
export function crossCorrelate(signal: Float32Array, template: Float32Array): Float64Array {
  const lags = signal.length - template.length + 1;
  if (lags <= 0) return new Float64Array(0);
  let n = 1;
  while (n < signal.length + template.length) n <<= 1;
  const sRe = new Float64Array(n);
  const sIm = new Float64Array(n);
  const tRe = new Float64Array(n);
  const tIm = new Float64Array(n);
  sRe.set(signal);
  tRe.set(template);
  fft(sRe, sIm, false);
  fft(tRe, tIm, false);
  // signal × conj(template) is the correlation's spectrum.
  for (let i = 0; i < n; i += 1) {
    const re = sRe[i]! * tRe[i]! + sIm[i]! * tIm[i]!;
    const im = sIm[i]! * tRe[i]! - sRe[i]! * tIm[i]!;
    sRe[i] = re;
    sIm[i] = im;
  }
  fft(sRe, sIm, true);
  const out = new Float64Array(lags);
  for (let i = 0; i < lags; i += 1) out[i] = sRe[i]! / n;
  return out;
}
