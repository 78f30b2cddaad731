// @ts-check
/**
 * The table as the phone shows it: the felt, the seats round it (the page's own at the bottom,
 * the others clockwise from its left), each with its name, its colour and mark, its chips, its
 * cards face down and its marks (the farmer, the one to act, what it last said, away), and the
 * farm in the middle. The seats are the items of #seats, a grid of 12 columns: where each sits
 * is `placeSeats`'s, set as --row and --col (--col-wide on a wide screen).
 */

import { _, num } from "./i18n.js";
import { backElement } from "./cards.js";
import { el } from "./dom.js";
import { seatKey } from "./chart.js";
import { potName } from "./words.js";

/** @typedef {import("./state.js").State} State */
/** @typedef {import("./types.js").View} View */
/** @typedef {import("./types.js").TableSeat} TableSeat */

/** The farmer's mark after a name: the house of the table's marker, in every language. */
export const FARMER_SIGN = "⌂";

/**
 * Where a seat sits: its grid row, first column and columns spanned (`wide`: the first column and
 * the span on a wide screen, where the felt in the middle has more room), and which side it is on.
 * @typedef {{row: number, col: number, span: number, wide?: [number, number], side: "top"|"left"|"right"|"bottom"|"middle"}} Place
 */

/**
 * Where each of `count` seats sits round the felt, `me` (the page's seat) at the bottom, the
 * others clockwise from its left: up the left side, along the top, down the right side. The
 * felt takes the middle rows between the sides (`felt`).
 * @param {number} count
 * @param {number|null} me
 * @returns {{places: Place[], felt: Place & {rows: number}}}
 */
export function placeSeats(count, me) {
  const mine = me !== null && me >= 0 && me < count;
  const others = [];
  for (let i = 1; i <= count; i += 1) {
    const seat = mine ? (/** @type {number} */ (me) + i) % count : i - 1;
    if (!mine || seat !== me) others.push(seat);
  }
  const m = others.length;
  const side = m <= 2 ? 0 : Math.floor((m + 1) / 3);
  const top = m - 2 * side;
  const middle = Math.max(side, 1);
  /** @type {Place[]} */
  const places = new Array(count);
  others.forEach((seat, i) => {
    if (i < side) {
      places[seat] = { row: 1 + side - i, col: 1, span: 5, wide: [1, 4], side: "left" };
    } else if (i < side + top) {
      const k = i - side;
      const span = Math.min(6, Math.floor(12 / top));
      const start = 1 + Math.floor((12 - span * top) / 2);
      places[seat] = { row: 1, col: start + k * span, span, side: "top" };
    } else {
      places[seat] = { row: 2 + (i - side - top), col: 8, span: 5, wide: [9, 4], side: "right" };
    }
  });
  // With no seat on the sides, the felt is a row of its own across the table.
  /** @type {Place & {rows: number}} */
  const felt = side
    ? { row: 2, rows: side, col: 6, span: 2, wide: [5, 4], side: "middle" }
    : { row: 2, rows: 1, col: 3, span: 8, side: "middle" };
  if (!top) felt.row = 1; // nobody across the table: the felt at the top
  if (mine) places[/** @type {number} */ (me)] = { row: felt.row + middle, col: 3, span: 8, side: "bottom" };
  return { places, felt };
}

/**
 * The seats round the felt, the felt with the farm in the middle.
 * @param {HTMLElement} list #seats
 * @param {State} state
 */
export function drawRound(list, state) {
  const v = /** @type {View} */ (state.view); // the table is drawn once there is a view (screenOf)
  const people = state.table ? state.table.seats : [];
  const { places, felt } = placeSeats(v.names.length, state.seat);
  /** @type {HTMLElement[]} */
  const items = v.names.map((/** @type {string} */ name, /** @type {number} */ seat) => {
    const item = seatTile(state, people, name, seat);
    place(item, places[seat]);
    return item;
  });
  const middle = feltElement(v);
  place(middle, felt, felt.rows);
  list.dataset.count = String(v.names.length);
  list.replaceChildren(middle, ...items);
}

/**
 * @param {HTMLElement} item
 * @param {Place} at
 * @param {number} [rows]
 */
function place(item, at, rows = 1) {
  item.style.setProperty("--row", `${at.row} / span ${rows}`);
  item.style.setProperty("--col", `${at.col} / span ${at.span}`);
  const [col, span] = at.wide || [at.col, at.span];
  item.style.setProperty("--col-wide", `${col} / span ${span}`);
  item.dataset.side = at.side;
}

/**
 * The middle of the table: the farm (its word, its chips in a stack) and the deck the cards
 * come from.
 * @param {View} v the view
 * @returns {HTMLElement}
 */
function feltElement(v) {
  const middle = el("li", "felt");
  middle.setAttribute("aria-hidden", "true"); // the bar says the farm in words
  const pot = el("div", "pot");
  const stack = el("span", "pile");
  for (let i = 0; i < Math.min(v.farm, 8); i += 1) stack.append(el("span", "chip"));
  pot.append(stack, el("span", "pot-name", potName(v.rules)), el("span", "pot-chips", num(v.farm)));
  middle.append(pot);
  if ((v.phase === "auction" || v.phase === "play") && v.deck_size > 0) {
    const deck = el("div", "deck");
    deck.id = "deck";
    deck.append(backElement(), el("span", "deck-count", num(v.deck_size)));
    middle.append(deck);
  }
  return middle;
}

/**
 * One seat: its colour and mark, the whole name (on as many lines as it takes) and the farmer's
 * mark; below, a light while its person is connected (hollow: away), its cards face down, the
 * word it just said, its chips.
 * @param {State} state
 * @param {TableSeat[]} people the table's seats (who is a person, who is connected)
 * @param {string} name
 * @param {number} seat
 * @returns {HTMLElement}
 */
function seatTile(state, people, name, seat) {
  const v = /** @type {View} */ (state.view);
  const info = people.find((s) => s.seat === seat);
  const count = v.card_counts[seat] || 0;
  const item = el("li", "seat");
  item.dataset.seat = String(seat);
  item.dataset.chips = String(v.chips[seat]);
  item.dataset.farmer = String(v.farmer === seat);
  item.dataset.turn = String(v.to_act === seat);
  item.dataset.person = String(!!info && info.person);
  item.dataset.cards = String(count);
  const away = !!info && info.person && !info.connected;
  item.classList.toggle("you", seat === state.seat);
  item.classList.toggle("away", away);
  const backs = el("span", "backs");
  // The page's own cards are shown face up below the table: its seat does not show their backs too.
  const backsShown = seat === state.seat ? 0 : Math.min(count, 6);
  for (let i = 0; i < backsShown; i += 1) backs.append(backElement());
  const said = state.words[seat] || (v.to_act === seat && seat !== state.seat ? _("thinking…") : "");
  const word = el("span", "word", away && !said ? _("away") : said);
  word.dataset.word = said ? "said" : away ? "away" : "";
  const bottom = el("span", "line");
  if (info && info.person) {
    // A person's seat: a light on while their phone or window is connected, hollow while away.
    const link = el("span", "link");
    link.dataset.on = String(!away);
    link.setAttribute("aria-hidden", "true");
    bottom.append(link);
  }
  bottom.append(backs, word, el("span", "chips", num(v.chips[seat])));
  item.append(whoElement(name, v.farmer === seat, seat), bottom);
  return item;
}

/**
 * A name from the wire (as text), after its seat's colour and mark, with the farmer's mark after
 * it when `farmer`.
 * @param {string} name
 * @param {boolean} farmer
 * @param {number} [seat] the seat, for its key (none when not given)
 * @returns {HTMLElement}
 */
export function whoElement(name, farmer, seat) {
  const who = el("span", "who");
  if (seat !== undefined) who.append(seatKey(seat));
  who.append(el("span", "name", name));
  if (farmer) who.append(el("span", "mark", FARMER_SIGN));
  return who;
}
