// @ts-check
/**
 * What the page is told happened without its person, in the window's words (scenes/net/remote.py,
 * the same msgids): a move the computer played for them (their time ran out, or they were away), a
 * deal a restarted host deals again, the result of a deal they missed. Read from an `update`'s
 * `played_for`, `redealt` and `last_deal` (game/net/PROTOCOL.md, "What a seat missed"). No DOM here.
 */

import { _, ngettext } from "./i18n.js";

/**
 * The line for a move played for the person when their time ran out.
 * @param {{kind: string, amount?: number}} action
 * @returns {string}
 */
export function timeUpWords(action) {
  if (action.kind === "pass") return _("Time's up: the computer passed for you.");
  if (action.kind === "draw") return _("Time's up: the computer drew a card for you.");
  if (action.kind === "stand") return _("Time's up: the computer stood for you.");
  return _("Time's up: the computer bid {n} for you.", { n: action.amount });
}

/**
 * The line for a person back after the computer played `moves` moves for them.
 * @param {number} moves
 * @returns {string}
 */
export function backWords(moves) {
  if (moves === 1) return _("You are back: the computer played your turn.");
  return ngettext("You are back: the computer played {n} move for you.",
    "You are back: the computer played {n} moves for you.", moves);
}

/**
 * The line for the deal a restarted host deals again.
 * @param {number} deal
 * @returns {string}
 */
export function redealtWords(deal) {
  return _("The host restarted: deal {n} is dealt again (its cards and chips went back).", { n: deal });
}

/**
 * The result of a deal the person missed: who won the farm, and what it did to their chips (from
 * the last two rows of the sync's `history`).
 * @param {{deal: number, winner: number|null, farm: number}} last
 * @param {string[]} names
 * @param {number|null} you
 * @param {number[][]} history
 * @returns {string}
 */
export function missedDealWords(last, names, you, history) {
  let line;
  if (last.winner === null) line = _("Deal {n}: nobody won the farm.", { n: last.deal });
  else if (last.winner === you) line = _("Deal {n}: you won the farm ({chips} chips).", { n: last.deal, chips: last.farm });
  else line = _("Deal {n}: {name} won the farm ({chips} chips).", { n: last.deal, name: names[last.winner], chips: last.farm });
  if (you !== null && history.length >= 2) {
    const chips = history[history.length - 1][you];
    const change = chips - history[history.length - 2][you];
    if (change) {
      const sign = change > 0 ? "+" : "\u2212";
      line += " " + _("Your chips: {change} in that deal, {chips} at its end.", { change: `${sign}${Math.abs(change)}`, chips });
    } else {
      line += " " + _("Your chips: unchanged in that deal ({chips}).", { chips });
    }
  }
  return line;
}

/**
 * Everything an update tells the person of what happened without them, as lines to show (oldest
 * first); `told` remembers what was said already (the deal dealt again, the last deal seen).
 * @param {import("./types.js").Update} update
 * @param {{seat: number|null, told: {redealt: number|null, settled: number}}} state
 * @returns {string[]}
 */
export function toldBy(update, state) {
  const lines = [];
  const played = Array.isArray(update.played_for) ? update.played_for : [];
  for (const move of played) if (move.why === "time") lines.push(timeUpWords(move.action));
  const away = played.filter((move) => move.why === "away").length;
  if (away) lines.push(backWords(away));
  if (typeof update.redealt === "number" && update.redealt !== state.told.redealt) {
    state.told.redealt = update.redealt;
    lines.push(redealtWords(update.redealt));
  }
  const last = update.last_deal;
  if (update.sync && last && typeof last.deal === "number" && last.deal > state.told.settled) {
    state.told.settled = last.deal;
    if (state.seat !== null) {
      const history = Array.isArray(update.history) ? update.history : [];
      lines.push(missedDealWords(last, update.view.names, state.seat, history));
    }
  }
  return lines;
}
