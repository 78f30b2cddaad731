// @ts-check
/**
 * A deal told line by line, as the window's history tells it (scenes/table/history.py
 * lines_of): the headlines, each player's words on one line with the cards this page saw them
 * take, every payment with its amount, every hand shown with its cards' values. The page's own
 * seat is "You" throughout, as the headlines speak to it. No drawing here.
 */

import { colon, ngettext, pgettext } from "./i18n.js";
import { SUIT_SYMBOLS } from "./cards.js";
import { bubble, headline, thePot } from "./words.js";

/** @typedef {import("./words.js").Eyes} Eyes */

/**
 * A card's letters as the window writes them: "K♠" (R♠ in French, K♠ in German), "10♦".
 * @param {string} code a deal-log code ("KS", "10D")
 */
export function cardText(code) {
  const rank = code.slice(0, -1);
  const suit = code.slice(-1);
  let label = rank;
  // Translators: the jack's letter in a card's corner (French V for valet, German B for Bube).
  if (rank === "J") label = pgettext("card rank", "J");
  // Translators: the queen's letter in a card's corner (French D for dame, German D for Dame).
  else if (rank === "Q") label = pgettext("card rank", "Q");
  // Translators: the king's letter in a card's corner (French R for roi, German K for König).
  else if (rank === "K") label = pgettext("card rank", "K");
  return label + (SUIT_SYMBOLS[/** @type {"S"|"H"|"D"|"C"} */ (suit)] || "");
}

/**
 * The points a card counts: the ace 1, the court cards 10, the others their number.
 * @param {string} code
 */
export function cardPoints(code) {
  const rank = code.slice(0, -1);
  if (rank === "A") return 1;
  if (rank === "J" || rank === "Q" || rank === "K") return 10;
  return Number(rank) || 0;
}

/**
 * A hand with every card's value: "4♦ K♥ = 4 + 10 = 14" (one card: "7♠ = 7").
 * @param {string[]} cards
 * @param {number} total
 */
export function handWords(cards, total) {
  const faces = cards.map(cardText).join(" ");
  if (cards.length < 2) return `${faces} = ${total}`;
  return `${faces} = ${cards.map(cardPoints).join(" + ")} = ${total}`;
}

/**
 * A payment as the history tells it, always with its amount; null for the antes and the
 * nearest's chips, which the deal's headlines count (narrator.payment_words).
 * @param {{reason: string, amount: number}} event
 * @param {string} rules
 * @returns {string|null}
 */
function paymentWords(event, rules) {
  const n = event.amount;
  if (event.reason === "bid") return ngettext("{n} chip paid for the farm", "{n} chips paid for the farm", n);
  if (event.reason === "over") return ngettext("{n} chip to the farmer: over 16", "{n} chips to the farmer: over 16", n);
  if (event.reason === "farm") return ngettext("{n} chip: {pot}", "{n} chips: {pot}", n, { n, pot: thePot(rules) });
  return null;
}

/**
 * A seat as the lines name it: the page's own seat is "You".
 * @param {number} seat
 * @param {Eyes} eyes
 */
function who(seat, eyes) {
  // Translators: the viewer at the head of a line of the history ("You: Bid 15", "You → Bastien").
  if (seat === eyes.seat) return pgettext("history", "You");
  return eyes.names[seat] ?? "?";
}

/**
 * What a deal said, in order (see the module's docstring).
 * @param {any[]} events the deal's events, as this page received them
 * @param {Eyes} eyes
 * @param {{farm?: number, farmer?: number|null, over?: boolean}} [table]
 * @returns {string[]}
 */
export function storyLines(events, eyes, table = {}) {
  /** @type {string[]} */
  const out = [];
  /** @type {number|null} the seat whose words the last line gathers */
  let saidBy = null;
  for (const event of events) {
    if (event.type === "TurnStarted") continue; // the player's own words name them
    const seat = event.seat;
    let said = bubble(event, eyes);
    if (event.type === "CardDealt" && typeof event.card === "string") {
      const card = `${cardText(event.card)} (${cardPoints(event.card)})`;
      said = said ? `${said} ${card}` : card;
    }
    if (said && typeof seat === "number" && event.type !== "HandShown") {
      if (saidBy === seat) out[out.length - 1] += ` · ${said}`;
      else out.push(`${colon(who(seat, eyes))} ${said}`);
      saidBy = seat;
      continue;
    }
    saidBy = null;
    if (event.type === "HandShown") {
      out.push(`${colon(who(event.seat, eyes))} ${handWords(event.cards, event.total)}`);
      continue;
    }
    let words = headline(event, eyes, table);
    if (!words && event.type === "ChipsMoved") {
      const note = paymentWords(event, eyes.rules);
      if (note) {
        const giver = typeof event.source === "number" ? who(event.source, eyes) : "";
        const taker = typeof event.target === "number" ? who(event.target, eyes) : "";
        const arrow = [giver, taker].filter((s) => s).join(" → ");
        words = arrow ? `${colon(arrow)} ${note}` : note;
      }
    }
    if (words && out[out.length - 1] !== words) out.push(words);
  }
  return out;
}
