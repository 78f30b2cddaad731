// @ts-check
/**
 * What the page knows of its table, kept up to date from the server's messages: the seat,
 * the table's members, the latest view, what was just said, the deal's payments (for the
 * ledger), the final standings. No drawing here; view.js draws a state.
 */

import { bubble, headline } from "./words.js";
import { _ } from "./i18n.js";

/** @typedef {import("./types.js").View} View */
/** @typedef {import("./types.js").GameEvent} GameEvent */
/** @typedef {import("./types.js").Update} Update */
/** @typedef {import("./types.js").Result} Result */
/** @typedef {import("./words.js").Eyes} Eyes */

/**
 * One payment of the deal as the ledger lists it (a seat's gain or loss, and why).
 * @typedef {{seat: number, amount: number, reason: string}} Change
 */

/**
 * A deal's ledger: every seat's chips before and after it, the payments this page saw, and whether
 * what it did not see was paid while it was away (else before it came).
 * @typedef {{deal: number, before: number[]|null, after: number[], changes: Change[], away: boolean}} Ledger
 */

/** What the page knows of its table (see emptyState). @typedef {ReturnType<typeof emptyState>} State */

/**
 * A state with no table yet. Its fields' types are the State type: a field that starts empty
 * (null, {} or []) says what it will hold with a cast.
 */
export function emptyState() {
  return {
    seat: /** @type {number|null} */ (null),
    host: false,
    table: /** @type {import("./types.js").TableInfo|null} */ (null),
    view: /** @type {View|null} */ (null),
    seq: 0,
    said: "",
    words: /** @type {Record<number, string>} */ ({}),
    shown: /** @type {Record<number, {cards: string[], total: number}>} */ ({}),
    dealBefore: /** @type {number[]|null} */ (null),
    dealNo: 0,
    away: false,
    changes: /** @type {Change[]} */ ([]),
    seen: /** @type {GameEvent[]} */ ([]),
    ledger: /** @type {Ledger|null} */ (null),
    result: /** @type {Result|null} */ (null),
    history: /** @type {number[][]} */ ([]),
    pause: /** @type {{deal: number, seconds: number, waiting: number[], at: number}|null} */ (null),
    turn: /** @type {{seat: number, seconds: number, at: number}|null} */ (null),
    readyFor: /** @type {number|null} */ (null),
    pending: /** @type {number|null} */ (null),
    amount: 1,
    bidKey: "",
    /** What was said of what happened without the person (told.js): the deal dealt again, the last deal settled. */
    told: { redealt: /** @type {number|null} */ (null), settled: 0 },
  };
}

/**
 * Who looks at the table, for the words (see words.js).
 * @param {State} state
 * @returns {Eyes}
 */
export function eyesOf(state) {
  const v = state.view;
  const names = v ? v.names : (state.table?.seats || []).map((s) => s.name);
  return { seat: state.seat, names, rules: v ? v.rules : state.table?.settings?.rules || "foster" };
}

/**
 * The screen to show: join, lobby, table, ledger, over or closed.
 * @param {State} state
 * @param {boolean} closed
 * @returns {string}
 */
export function screenOf(state, closed) {
  if (closed) return "closed";
  if (state.seat === null || !state.table) return "join";
  if (!state.table.started || !state.view) return "lobby";
  if (state.result || state.view.phase === "over") return "over";
  if (state.view.phase === "between" && state.ledger) return "ledger";
  return "table";
}

/**
 * Take an `update` message: its events (what was said, chips paid, hands shown) then its view.
 * @param {State} state
 * @param {Update} update
 */
export function applyUpdate(state, update) {
  const view = update.view;
  if (update.sync) {
    applySync(state, update);
  } else {
    const running = chipsBefore(view.chips, update.events);
    const eyes = eyesOf(state);
    for (const event of update.events) applyEvent(state, event, running, eyes, view);
  }
  state.view = view;
  state.seq = update.seq;
  if (state.pending !== null && (update.ref === state.pending || view.to_act !== state.seat)) state.pending = null;
  if (state.turn && view.to_act !== state.turn.seat) state.turn = null;
}

/**
 * Every seat's chips before `events`, from the chips after them (their payments undone).
 * @param {number[]} after
 * @param {GameEvent[]} events
 */
function chipsBefore(after, events) {
  const chips = after.slice();
  for (const e of events) {
    if (e.type !== "ChipsMoved") continue;
    if (typeof e.source === "number") chips[e.source] += e.amount;
    if (typeof e.target === "number") chips[e.target] -= e.amount;
  }
  return chips;
}

/**
 * Take a whole state (after joining late, a dropped connection, a reload or a server restart).
 * The chips at the deal's start come from `history`'s last row. A page back from a drop (the same
 * server run: `seq` did not go back) keeps the payments it saw of the same deal, so that the
 * ledger says only those it missed: paid while it was away, or before it came (a fresh page).
 * @param {State} state
 * @param {Update} update
 */
function applySync(state, update) {
  const view = update.view;
  state.pending = null;
  if (Array.isArray(update.history) && update.history.length) state.history = update.history;
  const rows = state.history;
  state.away = state.seq > 0; // this page was at the table before this whole state
  const sameDeal = state.away && update.seq >= state.seq && state.dealNo === view.deal_no;
  if (!sameDeal) {
    state.changes = [];
    state.seen = []; // the deal's story: only what this page saw of it
  }
  state.dealNo = view.deal_no;
  // A whole state: what was said before it may be of a deal dealt again (after a server restart).
  state.words = {};
  state.said = "";
  if (view.phase === "auction" || view.phase === "play") {
    if (!sameDeal) state.shown = {};
    state.dealBefore = rows.length ? rows[rows.length - 1].slice() : null;
    state.ledger = null;
    if (view.to_act !== null) state.said = headline({ type: "TurnStarted", seat: view.to_act }, eyesOf({ ...state, view })) || "";
  } else if (view.phase === "between" && view.deal_no > 0 && (!state.ledger || state.ledger.deal !== view.deal_no)) {
    const before = rows.length >= 2 ? rows[rows.length - 2] : null;
    state.ledger = settled(state, view.deal_no, before, view.chips.slice());
  } else if (view.phase === "over" && !state.result) {
    // How the game ended comes with a finished game's sync (a game the host stopped was won by nobody).
    const ended = update.ended;
    state.result = ended && ended.type === "GameEnded"
      ? { standings: ended.standings, winners: ended.winners, reason: ended.reason }
      : standingsOf(view);
  }
}

/**
 * A deal's ledger: every seat's chips before and after it, the payments this page saw, and
 * whether what it did not see was paid while it was away (else before it came).
 * @param {State} state
 * @param {number} deal
 * @param {number[]|null} before
 * @param {number[]} after
 * @returns {Ledger}
 */
function settled(state, deal, before, after) {
  return { deal, before, after, changes: state.changes, away: state.away };
}

/**
 * The final standings read from a view (a page that comes back after the end, from a server that
 * does not send the game's end with it): every seat's chips, a farm nobody won counted to its farmer.
 * @param {View} view
 * @returns {Result}
 */
export function standingsOf(view) {
  const standings = view.chips.slice();
  if (view.farmer !== null && view.farm > 0) standings[view.farmer] += view.farm;
  const best = Math.max(...standings);
  const winners = standings.flatMap((c, s) => (c === best ? [s] : []));
  return { standings, winners, reason: "deals" };
}

/**
 * Take one event of an update: what it changes of the state, and what is said of it.
 * @param {State} state
 * @param {GameEvent} event
 * @param {number[]} running every seat's chips as the update's events go
 * @param {Eyes} eyes
 * @param {View} view the view after the update
 */
function applyEvent(state, event, running, eyes, view) {
  switch (event.type) {
    case "DealStarted":
      state.words = {};
      state.shown = {};
      state.changes = [];
      state.seen = [];
      state.dealNo = event.deal;
      state.dealBefore = running.slice();
      if (!state.history.length) state.history = [running.slice()]; // seated from the start: the game's start
      state.ledger = null;
      state.readyFor = null;
      state.pause = null;
      break;
    case "ChipsMoved":
      if (typeof event.source === "number") {
        running[event.source] -= event.amount;
        state.changes.push({ seat: event.source, amount: -event.amount, reason: event.reason });
      }
      if (typeof event.target === "number") {
        running[event.target] += event.amount;
        state.changes.push({ seat: event.target, amount: event.amount, reason: event.reason });
      }
      break;
    case "FarmSold":
      state.words = {}; // the auction's words go with it, as the window's do
      break;
    case "HandShown":
      if (!Object.keys(state.shown).length) state.said = _("Showdown: every hand is turned over.");
      state.shown[event.seat] = { cards: event.cards, total: event.total };
      break;
    case "DealEnded":
      state.told.settled = Math.max(state.told.settled, event.deal);
      state.ledger = settled(state, event.deal, state.dealBefore, running.slice());
      state.history = [...state.history, running.slice()];
      break;
    case "GameEnded":
      state.result = { standings: event.standings, winners: event.winners, reason: event.reason };
      break;
    default:
      break;
  }
  state.seen.push(event); // the deal as this page saw it (its story at the ledger)
  const line = headline(event, eyes, { farm: view.farm, farmer: view.farmer, over: view.phase === "over" });
  if (line) state.said = line;
  const word = bubble(event, eyes);
  if (word && "seat" in event && typeof event.seat === "number") state.words[event.seat] = word;
  if (event.type === "TurnStarted") delete state.words[event.seat];
}

/**
 * Every seat's place by chips, shared places marked as the window marks them: "1=", "1=", "3.".
 * @param {number[]} chips
 * @returns {{place: number, label: string}[]}
 */
export function places(chips) {
  return chips.map((mine) => {
    const place = 1 + chips.filter((other) => other > mine).length;
    const shared = chips.filter((other) => other === mine).length > 1;
    return { place, label: shared ? `${place}=` : `${place}.` };
  });
}
