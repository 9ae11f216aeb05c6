// Card-room sounds: a shuffle, a deal, a card on the felt, a trick taken, a win. Short WAV
// files made by scripts/sounds.py (CC0, see public/sounds/LICENSE.txt), fetched once and
// played through Web Audio; one click on the mute button silences them (remembered).
import { prefs } from './prefs.svelte';

export type Effect = 'shuffle' | 'deal' | 'play' | 'trick' | 'match';

/** Each effect's file and loudness (the files are normalised alike). */
export const SAMPLES: Record<Effect, { file: string; gain: number }> = {
  shuffle: { file: 'shuffle', gain: 0.5 },
  deal: { file: 'deal', gain: 0.45 },
  play: { file: 'card', gain: 0.6 },
  trick: { file: 'trick', gain: 0.5 },
  match: { file: 'win', gain: 0.45 },
};

let ctx: AudioContext | null = null;
const buffers = new Map<string, Promise<AudioBuffer | null>>();

function audio(): AudioContext | null {
  if (typeof AudioContext === 'undefined') return null;
  ctx ??= new AudioContext();
  if (ctx.state === 'suspended') void ctx.resume();
  return ctx;
}

function load(ac: AudioContext, file: string): Promise<AudioBuffer | null> {
  let found = buffers.get(file);
  if (!found) {
    // A sound that cannot load (offline, old browser) stays silent; play goes on.
    found = fetch(`/sounds/${file}.wav`)
      .then((r) => (r.ok ? r.arrayBuffer() : Promise.reject(new Error(String(r.status)))))
      .then((bytes) => ac.decodeAudioData(bytes))
      .catch(() => null);
    buffers.set(file, found);
  }
  return found;
}

export function play(effect: Effect): void {
  if (prefs.muted) return;
  const ac = audio();
  if (ac === null) return;
  const { file, gain } = SAMPLES[effect];
  void load(ac, file).then((buffer) => {
    if (buffer === null || prefs.muted) return;
    const src = ac.createBufferSource();
    src.buffer = buffer;
    const amp = ac.createGain();
    amp.gain.value = gain;
    src.connect(amp).connect(ac.destination);
    src.start();
  });
}
