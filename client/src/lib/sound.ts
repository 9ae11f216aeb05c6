// Sound effects synthesized with Web Audio: no sound files to ship or license.
import { prefs } from './prefs.svelte';

export type Effect = 'deal' | 'play' | 'trick' | 'match';

let ctx: AudioContext | null = null;

function audio(): AudioContext | null {
  if (typeof AudioContext === 'undefined') return null;
  ctx ??= new AudioContext();
  if (ctx.state === 'suspended') void ctx.resume();
  return ctx;
}

function tone(ac: AudioContext, freq: number, start: number, dur: number, type: OscillatorType, gain = 0.15): void {
  const osc = ac.createOscillator();
  const amp = ac.createGain();
  osc.type = type;
  osc.frequency.setValueAtTime(freq, start);
  amp.gain.setValueAtTime(0, start);
  amp.gain.linearRampToValueAtTime(gain, start + 0.01);
  amp.gain.exponentialRampToValueAtTime(0.001, start + dur);
  osc.connect(amp).connect(ac.destination);
  osc.start(start);
  osc.stop(start + dur + 0.02);
}

function noise(ac: AudioContext, start: number, dur: number, gain = 0.2): void {
  // A short filtered noise burst: a card sliding on felt.
  const frames = Math.max(1, Math.floor(ac.sampleRate * dur));
  const buffer = ac.createBuffer(1, frames, ac.sampleRate);
  const data = buffer.getChannelData(0);
  for (let i = 0; i < frames; i++) data[i] = (Math.random() * 2 - 1) * (1 - i / frames);
  const src = ac.createBufferSource();
  src.buffer = buffer;
  const filter = ac.createBiquadFilter();
  filter.type = 'bandpass';
  filter.frequency.value = 2500;
  const amp = ac.createGain();
  amp.gain.value = gain;
  src.connect(filter).connect(amp).connect(ac.destination);
  src.start(start);
}

export function play(effect: Effect): void {
  if (prefs.muted) return;
  const ac = audio();
  if (ac === null) return;
  const now = ac.currentTime;
  switch (effect) {
    case 'play':
      noise(ac, now, 0.08);
      break;
    case 'deal':
      for (let i = 0; i < 6; i++) noise(ac, now + i * 0.05, 0.04, 0.12);
      break;
    case 'trick':
      tone(ac, 660, now, 0.12, 'triangle');
      tone(ac, 880, now + 0.1, 0.18, 'triangle');
      break;
    case 'match':
      [523, 659, 784, 1047].forEach((f, i) => tone(ac, f, now + i * 0.14, 0.35, 'square', 0.08));
      break;
  }
}
