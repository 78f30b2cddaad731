// @ts-check
/**
 * The page's seat at a Farmer table: the join form, then the table as protocol v1 tells it
 * (see game/net/PROTOCOL.md), the player's actions, and the seat taken back after a reload
 * or a dropped connection with the token kept in the browser for that table.
 */

import { _, chooseLanguage, language, loadLanguage } from "./i18n.js";
import { CLOSE, ERROR, Link, leaveWhenBack } from "./net.js";
import { applyUpdate, emptyState, screenOf } from "./state.js";
import { byId, clampBid, render, setText, tick } from "./view.js";
import { refusal, savedAgainWords, unsavedWords } from "./words.js";
import { startAlerts, yourTurn } from "./alert.js";
import { toldBy } from "./told.js";

/** @typedef {import("./types.js").ServerMessage} ServerMessage */
/** @typedef {import("./state.js").State} State */

const NAME_KEY = "farmer.name";
const NOTICE_MS = 5000;
/** How long a word on what happened without the person stays (long enough to read twice). */
const TOLD_MS = 12000;

/** The key under which the token of table `code` is kept. @param {string} code */
function seatKey(code) {
  return `farmer.seat.${code}`;
}

/** @param {string} code @returns {{token: string, seat: number, name: string}|null} */
function keptSeat(code) {
  if (!code) return null;
  try {
    const kept = JSON.parse(localStorage.getItem(seatKey(code)) || "null");
    return kept && typeof kept.token === "string" ? kept : null;
  } catch {
    return null;
  }
}

/** A table code as typed: capitals, no spaces. @param {string} text */
function cleanCode(text) {
  return text.toUpperCase().replace(/[^A-Z0-9]/g, "").slice(0, 8);
}

/** A name as the server takes it: spaces collapsed, 1 to 32 characters. @param {string} text */
function cleanName(text) {
  return [...text.replace(/\s+/g, " ").trim()].slice(0, 32).join("").trim();
}

/**
 * A text field of the join form.
 * @param {string} id
 * @returns {HTMLInputElement}
 */
function field(id) {
  return /** @type {HTMLInputElement} */ (byId(id));
}

const page = {
  state: emptyState(),
  code: "",
  name: "",
  /** @type {string|null} */
  token: null,
  joining: false,
  connected: false,
  closedMessage: "",
  closed: false,
  lost: false,
  /** @type {ReturnType<typeof setTimeout>|undefined} */
  noticeTimer: undefined,
  /** Whether the table says it could not be saved (its notice stays until it is saved again). */
  unsaved: false,
  /** @type {Link|null} */
  link: null,
};

function draw() {
  keepAmount();
  const screen = screenOf(page.state, page.closed);
  render(page.state, {
    screen,
    connected: page.connected,
    kept: !!keptSeat(cleanCode(field("code").value)),
    closedMessage: page.closedMessage,
  });
  holdWhileAway();
  offerNext(screen);
  document.documentElement.lang = language();
}

/**
 * While the connection is being restored nothing can be sent: every action of the table waits. Leaving
 * does not: the page goes back to its join form at once, and the leave is said when the table answers
 * again (leaveWhenBack).
 */
function holdWhileAway() {
  if (page.connected || page.state.seat === null) return;
  for (const b of document.querySelectorAll("#lobby-screen button, #table-screen button, #ledger-screen button")) {
    if (/** @type {HTMLElement} */ (b).dataset.action === "leave") continue;
    /** @type {HTMLButtonElement} */ (b).disabled = true;
  }
}

/**
 * A finished game whose place opened the next table (a kiosk's): one tap takes a seat at it.
 * @param {string} screen the screen shown
 */
function offerNext(screen) {
  const next = page.state.table?.next;
  const box = byId("over-actions");
  if (screen !== "over" || typeof next !== "string" || !box || box.querySelector('[data-action="next"]')) return;
  const go = document.createElement("button");
  go.type = "button";
  go.className = "primary";
  go.dataset.action = "next";
  go.textContent = _("Next table");
  box.prepend(go);
}

/** Take a seat at the table that follows this one, the name kept. */
function joinNext() {
  const next = cleanCode(page.state.table?.next || "");
  if (next.length !== 8 || !page.name) return;
  forget();
  again();
  field("code").value = next;
  history.replaceState(null, "", `${location.pathname}?t=${next}${keepLang().replace("?", "&")}`);
  page.code = next;
  page.token = null;
  page.joining = true;
  connect();
}

/**
 * Show ``text`` for ``ms`` milliseconds (0: until the next notice); with no text, or once its
 * time is up, what stays up while it is true: that the table could not be saved.
 * @param {string} text
 * @param {number} ms
 */
function notice(text, ms = NOTICE_MS) {
  const box = byId("notice");
  const shown = text || (page.unsaved ? unsavedWords() : "");
  setText(box, shown);
  box.hidden = !shown;
  clearTimeout(page.noticeTimer);
  if (text && ms) page.noticeTimer = setTimeout(() => notice(""), ms);
}

/**
 * Follow the table's word on saving: its notice while it could not be saved, then once that it is.
 * @param {boolean} unsaved
 */
function followSaving(unsaved) {
  if (unsaved === page.unsaved) return;
  page.unsaved = unsaved;
  notice(unsaved ? "" : savedAgainWords());
}

function opening() {
  if (page.state.result) return null; // the game is over: nothing to take back
  if (page.token) return { type: "resume", table: page.code, token: page.token };
  if (page.joining) return { type: "join", table: page.code, name: page.name };
  return null;
}

function connect() {
  if (page.link) page.link.close();
  page.closed = false;
  page.link = new Link({ opening, onMessage, onState, onClosed });
  page.link.connect();
}

/** @param {boolean} connected */
function onState(connected) {
  page.connected = connected;
  if (!connected && page.state.seat !== null && !page.closed && !page.state.result) {
    page.lost = true;
    page.state.turn = null; // its clock is the server's: said again when the connection is back
    page.state.pending = null;
    notice(_("Reconnecting…"), 0);
  }
  draw();
}

/**
 * @param {number} code
 * @param {string} reason
 */
function onClosed(code, reason) {
  page.connected = false;
  if (code === CLOSE.LEFT || (page.state.result && code !== CLOSE.REPLACED)) {
    draw();
    return;
  }
  if (page.state.seat === null) {
    notice(_("Cannot reach a table at {address}.", { address: location.host }));
    page.joining = false;
    draw();
    return;
  }
  page.closed = true;
  if (code === CLOSE.REMOVED || code === CLOSE.EXPIRED) forget();
  page.closedMessage = closedWords(code, reason);
  notice("");
  draw();
}

/**
 * Why the table is closed to this page: its own words for a seat taken by another screen or
 * freed by the host, else the server's reason.
 * @param {number} code
 * @param {string} reason
 */
function closedWords(code, reason) {
  if (code === CLOSE.REPLACED) return _("Your seat was taken back from another screen.");
  if (code === CLOSE.REMOVED) return _("The host removed you from the table.");
  if (code === CLOSE.EXPIRED) return _("This table was closed: it waited too long to start.");
  return _("The connection to the table was closed: {why}", { why: reason || String(code) });
}

/** @param {ServerMessage} m */
function onMessage(m) {
  const state = page.state;
  switch (m.type) {
    case "welcome":
      welcome(m);
      break;
    case "table":
      state.table = m.table;
      followSaving(m.table.unsaved === true);
      break;
    case "update": {
      // The turn told when it comes: not again to a page opened on it (a whole state, its first).
      const waited = state.view !== null ? state.view.to_act !== state.seat : !m.sync;
      applyUpdate(state, m);
      const told = toldBy(m, state);
      if (told.length) notice(told.join(" "), TOLD_MS);
      if (waited && state.view?.to_act === state.seat) yourTurn();
      standOnSixteen();

      if (state.result) forget();
      break;
    }
    case "pause":
      state.pause = { ...m, at: performance.now() };
      break;
    case "turn":
      state.turn = { ...m, at: performance.now() };
      break;
    case "error":
      refused(m);
      break;
    default:
      break;
  }
  draw();
}

/** @param {import("./types.js").Welcome} m */
function welcome(m) {
  const state = page.state;
  page.joining = false;
  page.code = m.table;
  state.seat = m.seat;
  state.host = m.host;
  if (m.token) {
    page.token = m.token;
    localStorage.setItem(seatKey(m.table), JSON.stringify({ token: m.token, seat: m.seat, name: page.name }));
  }
  state.pending = null; // an action sent before the drop is answered by the sync that follows, or lost
  page.link?.settled();
  if (page.lost) {
    page.lost = false;
    notice(_("Back at the table."));
    if (state.readyFor !== null) page.link?.send({ type: "ready", deal: state.readyFor });
  } else {
    notice("");
  }
}

/** @param {import("./types.js").ErrorMessage} m */
function refused(m) {
  const state = page.state;
  if (state.seat === null || (page.lost && m.code === ERROR.BAD_TOKEN) || (page.lost && m.code === ERROR.NO_TABLE)) {
    // An opening refused: the join form again, with the reason.
    if (m.code === ERROR.BAD_TOKEN || m.code === ERROR.NO_TABLE) forget();
    page.link?.close();
    page.token = null;
    page.joining = false;
    page.lost = false;
    page.state = emptyState();
    page.unsaved = false;
    notice(refusal(m.code, m.message));
    return;
  }
  if (m.ref !== undefined && m.ref === state.pending) state.pending = null;
  if (m.code !== ERROR.NOT_NOW) notice(refusal(m.code, m.message));
}

/** Forget the kept token of this table (the game is over, or the seat is gone). */
function forget() {
  if (page.code) localStorage.removeItem(seatKey(page.code));
}

/** On exactly 16 no card can help under any rule set: stand at once, and say so, as the window does. */
function standOnSixteen() {
  const state = page.state;
  const v = state.view;
  if (!v || v.phase !== "play" || v.to_act !== state.seat || v.total !== 16 || v.must_draw || state.pending !== null) return;
  act({ kind: "stand" });
  state.said = _("You have 16: you stand, as no card could help.");
}

/** @param {{kind: string, amount?: number}} action */
function act(action) {
  const ref = page.link?.send({ type: "act", action });
  if (ref) page.state.pending = ref;
}

/** @param {MouseEvent} e */
function onClick(e) {
  const target = /** @type {HTMLElement} */ (e.target).closest("button");
  if (!target || target.disabled) return;
  const state = page.state;
  const v = state.view;
  const step = target.dataset.step;
  if (step && v) {
    state.amount = step === "max" ? v.max_bid : clampBid(v, state.amount + Number(step));
    state.amount = clampBid(v, state.amount);
    draw();
    return;
  }
  switch (target.dataset.action) {
    case "bid":
      if (!v) return;
      act({ kind: "bid", amount: clampBid(v, state.amount) });
      break;
    case "pass":
    case "draw":
    case "stand":
      act({ kind: target.dataset.action });
      break;
    case "ready":
      if (!v) return;
      state.readyFor = v.deal_no + 1;
      page.link?.send({ type: "ready", deal: state.readyFor });
      break;
    case "start":
      page.link?.send({ type: "start" });
      break;
    case "leave":
      forget();
      if (page.link?.send({ type: "leave" }) == null && page.code && page.token) {
        leaveWhenBack(page.code, page.token); // the connection is down: said when it is back
      }
      again();
      return;
    case "again":
      again();
      return;
    case "next":
      joinNext();
      return;
    default:
      return;
  }
  draw();
}

/** The window's keys: + and − move the bid, B bids, P passes, C or D draws, S stands, Enter goes on. */
/** @type {Record<string, string>} */
const KEYS = {
  "+": '[data-step="1"]',
  "=": '[data-step="1"]',
  "-": '[data-step="-1"]',
  PageUp: '[data-step="5"]',
  End: '[data-step="max"]',
  b: '[data-action="bid"]',
  p: '[data-action="pass"]',
  c: '[data-action="draw"]',
  d: '[data-action="draw"]',
  s: '[data-action="stand"]',
  Enter: '[data-action="ready"], [data-action="again"]',
};

/** @param {KeyboardEvent} e */
function onKey(e) {
  if (e.target instanceof HTMLInputElement || e.ctrlKey || e.metaKey || e.altKey) return;
  const wanted = KEYS[e.key.length === 1 ? e.key.toLowerCase() : e.key];
  if (!wanted || (e.key === "Enter" && e.target instanceof HTMLButtonElement)) return;
  const screen = document.querySelector(`#${document.body.dataset.screen}-screen`);
  const target = screen?.querySelector(`button${wanted.split(", ").join(", button")}`);
  if (target instanceof HTMLButtonElement && !target.disabled) {
    e.preventDefault();
    target.click();
  }
}

/** Back to the join form, the name kept. */
function again() {
  if (page.link) page.link.close();
  page.link = null;
  page.state = emptyState();
  page.token = null;
  page.joining = false;
  page.lost = false;
  page.closed = false;
  page.connected = false;
  page.unsaved = false;
  history.replaceState(null, "", location.pathname + keepLang());
  field("code").value = keptSeat(page.code) ? page.code : "";
  notice("");
  draw();
}

function keepLang() {
  const lang = new URLSearchParams(location.search).get("lang");
  return lang ? `?lang=${encodeURIComponent(lang)}` : "";
}

/** @param {SubmitEvent} e */
function onJoin(e) {
  e.preventDefault();
  const name = cleanName(field("name").value);
  const code = cleanCode(field("code").value);
  if (!name || code.length !== 8) {
    notice(_("Type the table's code, or choose a table."));
    return;
  }
  localStorage.setItem(NAME_KEY, name);
  page.name = name;
  page.code = code;
  const kept = keptSeat(code);
  page.token = kept ? kept.token : null;
  page.joining = !kept;
  connect();
}

/** Keep the bid amount right for the view: a new turn or a new high bid starts again from the least. */
function keepAmount() {
  const state = page.state;
  const v = state.view;
  if (!v || v.phase !== "auction" || v.to_act !== state.seat) return;
  const key = `${v.deal_no}:${v.high_bid}`;
  if (state.bidKey !== key) state.amount = Math.min(v.high_bid + 1, v.max_bid);
  state.bidKey = key;
  state.amount = Math.max(1, Math.min(state.amount, v.max_bid));
}

async function start() {
  const params = new URLSearchParams(location.search);
  try {
    await loadLanguage(chooseLanguage(params, navigator.languages || [navigator.language || "en"]));
  } catch {
    await loadLanguage("en");
  }
  const code = cleanCode(params.get("t") || "");
  field("code").value = code;
  const name = field("name");
  if (!name.value) name.value = localStorage.getItem(NAME_KEY) || "";
  byId("join-form").addEventListener("submit", onJoin);
  startAlerts();
  document.addEventListener("click", onClick);
  document.addEventListener("keydown", onKey);
  byId("code").addEventListener("input", () => draw());
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "visible" && page.link && !page.connected) page.link.connect();
  });
  setInterval(() => tick(page.state), 250);
  const kept = keptSeat(code);
  if (kept) {
    page.code = code;
    page.name = kept.name;
    page.token = kept.token;
    page.lost = true;
    connect();
  }
  draw();
}

start();
