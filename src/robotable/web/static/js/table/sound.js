// A short chime when the table comes to this seat ("your turn"), made with the Web Audio API:
// two soft notes, no sound file. Off by default; the page's settings switch it on (remembered
// in this browser). Each chime started counts in <body data-chimes="N">, which the tests read
// (a headless browser plays no sound anyone could hear).

const NOTES = [659.25, 987.77]; // E5 then B5, a rising fifth: a call, not an alarm
const NOTE_SECONDS = 0.14;
const LOUDNESS = 0.12;

let audio = null; // one context for the page: browsers limit how many a page may open

function context() {
  const Made = window.AudioContext ?? window.webkitAudioContext;
  if (!Made) return null;
  audio ??= new Made();
  // a context made before the person touched the page starts suspended (autoplay rules)
  if (audio.state === "suspended") audio.resume().catch(() => {});
  return audio;
}

function note(ctx, frequency, start) {
  const tone = ctx.createOscillator();
  const volume = ctx.createGain();
  tone.type = "sine";
  tone.frequency.value = frequency;
  volume.gain.setValueAtTime(0.0001, start);
  volume.gain.exponentialRampToValueAtTime(LOUDNESS, start + 0.02);
  volume.gain.exponentialRampToValueAtTime(0.0001, start + NOTE_SECONDS);
  tone.connect(volume).connect(ctx.destination);
  tone.start(start);
  tone.stop(start + NOTE_SECONDS + 0.02);
}

// Plays the chime (when the browser has Web Audio) and counts it.
export function chime() {
  const data = document.body.dataset;
  data.chimes = String(Number(data.chimes ?? 0) + 1);
  try {
    const ctx = context();
    if (!ctx) return;
    NOTES.forEach((frequency, index) => note(ctx, frequency, ctx.currentTime + index * NOTE_SECONDS));
  } catch {
    // no sound device: the turn is still said on the page
  }
}

// Wakes the audio on the person's first touch or key, so that a later chime may sound (a page
// may not start sound before its person has interacted with it).
export function unlockOnFirstGesture() {
  const wake = () => {
    context();
    window.removeEventListener("pointerdown", wake);
    window.removeEventListener("keydown", wake);
  };
  window.addEventListener("pointerdown", wake);
  window.addEventListener("keydown", wake);
}
