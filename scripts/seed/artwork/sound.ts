// Demo sound: short pieces synthesized at seed time (no audio files committed) and stored as 16-bit PCM WAV, which
// every browser's <audio> plays. Deterministic in the seed: bell-like notes of a pentatonic scale over a soft drone.
import { createRandom } from './random.js';

export const SOUND_CONTENT_TYPE = 'audio/wav';
export const SOUND_SAMPLE_RATE = 22_050;
export const SOUND_SECONDS = 4;

// A minor pentatonic scale over A3, in Hz.
const SCALE = [220, 261.63, 293.66, 329.63, 392, 440, 523.25, 587.33];

/** A RIFF/WAVE header and the samples (mono, little-endian 16-bit PCM). */
export function encodeWav(samples: Float32Array, sampleRate = SOUND_SAMPLE_RATE): Uint8Array {
  const dataBytes = samples.length * 2;
  const bytes = new Uint8Array(44 + dataBytes);
  const view = new DataView(bytes.buffer);
  const ascii = (offset: number, text: string) => [...text].forEach((ch, i) => view.setUint8(offset + i, ch.charCodeAt(0)));
  ascii(0, 'RIFF');
  view.setUint32(4, 36 + dataBytes, true);
  ascii(8, 'WAVE');
  ascii(12, 'fmt ');
  view.setUint32(16, 16, true); // fmt chunk size
  view.setUint16(20, 1, true); // PCM
  view.setUint16(22, 1, true); // mono
  view.setUint32(24, sampleRate, true);
  view.setUint32(28, sampleRate * 2, true); // byte rate
  view.setUint16(32, 2, true); // block align
  view.setUint16(34, 16, true); // bits per sample
  ascii(36, 'data');
  view.setUint32(40, dataBytes, true);
  samples.forEach((sample, i) => view.setInt16(44 + i * 2, Math.round(Math.max(-1, Math.min(1, sample)) * 32767), true));
  return bytes;
}

/** A few seconds of sound for a seed: a drone on the root and fifth, and a bell every half second or so. */
export function renderSound(seed: number, seconds = SOUND_SECONDS, sampleRate = SOUND_SAMPLE_RATE): Uint8Array {
  const random = createRandom(seed);
  const length = Math.round(seconds * sampleRate);
  const samples = new Float32Array(length);
  const root = random.pick(SCALE.slice(0, 4)) / 2;
  for (let i = 0; i < length; i++) {
    const t = i / sampleRate;
    const swell = Math.sin((Math.PI * t) / seconds); // fades in and out over the piece
    samples[i] = 0.12 * swell * (Math.sin(2 * Math.PI * root * t) + 0.5 * Math.sin(2 * Math.PI * root * 1.5 * t));
  }
  for (let start = random.range(0, 0.3); start < seconds - 0.2; start += random.range(0.35, 0.8)) {
    const frequency = random.pick(SCALE) * (random.chance(0.3) ? 2 : 1);
    const from = Math.round(start * sampleRate);
    for (let i = from; i < length; i++) {
      const t = (i - from) / sampleRate;
      const decay = Math.exp(-t * 3.5);
      if (decay < 0.001) break;
      // A bell: the fundamental and an inharmonic partial, each decaying.
      samples[i]! += 0.2 * decay * (Math.sin(2 * Math.PI * frequency * t) + 0.3 * Math.sin(2 * Math.PI * frequency * 2.76 * t) * decay);
    }
  }
  return encodeWav(samples, sampleRate);
}
