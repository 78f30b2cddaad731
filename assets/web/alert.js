// @ts-check
/**
 * The page's turn told to a phone in a pocket: a short vibration and a short sound (the glow is
 * style.css's, on body[data-mine="true"]). The sound is made here (WebAudio: two soft notes, no
 * file), only after the person has touched the page (as browsers require), never when the toggle
 * in the bar says no (kept in localStorage), and in an "ambient" audio session where the browser
 * has one, so that a phone's silent switch silences it.
 */

import { _ } from "./i18n.js";
import { byId, svg } from "./dom.js";

const SOUND_KEY = "farmer.sound";

/** @type {AudioContext|null} */
let audio = null;

/** Whether the person wants the turn's sound (yes, unless they said no). */
export function soundWanted() {
  try {
    return localStorage.getItem(SOUND_KEY) !== "off";
  } catch {
    return true;
  }
}

/** @param {boolean} on */
function keepSound(on) {
  try {
    localStorage.setItem(SOUND_KEY, on ? "on" : "off");
  } catch {
    // a browser that keeps nothing: the choice lasts as long as the page
  }
  drawToggle(on);
}

/**
 * The page's audio, made on the person's first touch (a context made earlier would stay mute).
 * @returns {AudioContext|null}
 */
function context() {
  if (audio) return audio;
  const w = /** @type {any} */ (window);
  const Made = w.AudioContext || w.webkitAudioContext;
  if (!Made) return null;
  const session = /** @type {any} */ (navigator).audioSession;
  if (session) {
    try {
      session.type = "ambient"; // follows the silent switch: a silenced phone stays silent
    } catch {
      // an older form of the API: its default is left
    }
  }
  audio = /** @type {AudioContext} */ (new Made());
  return audio;
}

/** On each touch: the audio made or woken (only a person's gesture may start it). */
function wake() {
  if (!soundWanted()) return;
  const ctx = context();
  if (ctx && ctx.state === "suspended") ctx.resume().catch(() => {});
}

/** Two soft rising notes, a quarter of a second in all. */
export function chime() {
  if (!soundWanted() || !audio || audio.state === "closed") return;
  const ctx = audio;
  const now = ctx.currentTime;
  [659.25, 987.77].forEach((pitch, i) => {
    const tone = ctx.createOscillator();
    const level = ctx.createGain();
    tone.type = "sine";
    tone.frequency.value = pitch;
    const at = now + i * 0.11;
    level.gain.setValueAtTime(0.0001, at);
    level.gain.exponentialRampToValueAtTime(0.2, at + 0.015);
    level.gain.exponentialRampToValueAtTime(0.0001, at + 0.22);
    tone.connect(level);
    level.connect(ctx.destination);
    tone.start(at);
    tone.stop(at + 0.25);
  });
}

/** The page's seat is to act: a short buzz (browsers let a page buzz once it has been touched) and the sound. */
export function yourTurn() {
  const nav = /** @type {any} */ (navigator);
  if (nav.userActivation?.hasBeenActive && typeof nav.vibrate === "function") nav.vibrate(60);
  chime();
}

/**
 * The toggle's look and words: a speaker, crossed out when off.
 * @param {boolean} on
 */
function drawToggle(on) {
  const toggle = byId("sound");
  toggle.setAttribute("aria-pressed", String(on));
  toggle.dataset.on = String(on);
  // Translators: the button in the phone page's bar that turns the sound of "your turn" on and off.
  const label = _("Sound");
  toggle.setAttribute("aria-label", label);
  toggle.title = label;
  if (toggle.dataset.drawn === String(on)) return;
  toggle.dataset.drawn = String(on);
  const icon = svg("svg", { viewBox: "0 0 24 24", "aria-hidden": "true", class: "icon" });
  icon.append(svg("path", { d: "M3 9h4l5-4v14l-5-4H3z", class: "fill" }));
  if (on) {
    icon.append(svg("path", { d: "M15.5 8.5a5 5 0 0 1 0 7M18 6a8.5 8.5 0 0 1 0 12", class: "stroke" }));
  } else {
    icon.append(svg("path", { d: "M15 9l6 6M21 9l-6 6", class: "stroke" }));
  }
  toggle.replaceChildren(icon);
}

/** Set the toggle up: drawn as kept, switched by a press; the audio woken by the person's touches. */
export function startAlerts() {
  drawToggle(soundWanted());
  byId("sound").addEventListener("click", () => {
    const on = !soundWanted();
    keepSound(on);
    if (on) {
      wake();
      chime(); // what it will sound like
    }
  });
  document.addEventListener("pointerdown", wake, { capture: true });
  document.addEventListener("keydown", wake, { capture: true });
}

/** The toggle's words again, in the language now spoken. */
export function redrawAlerts() {
  drawToggle(soundWanted());
}
