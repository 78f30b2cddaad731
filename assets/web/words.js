// @ts-check
/**
 * The table's voice: the window's sentences (scenes/table/narrator.py and scenes/i18n), the
 * same msgids, from an event, who looks, and the rule set. The viewer is spoken to in the
 * second person ("You bid 3.") and everyone else in the third ("Bastien bids 3.").
 */

import { _, ngettext, npgettext, pgettext } from "./i18n.js";
import { SUIT_SYMBOLS } from "./cards.js";
import { ERROR } from "./net.js";

/** @typedef {import("./types.js").GameEvent} GameEvent */
/** @typedef {import("./types.js").Tie} Tie */
/** @template {GameEvent["type"]} K @typedef {Extract<GameEvent, {type: K}>} EventOf */

/**
 * What a rule set calls things, from its key ("foster", "lacombe+rotating", "ferme").
 * @param {string} key
 * @returns {{corbeille: boolean, basta: boolean, nearestTakesFarm: boolean, base: string}}
 */
export function ruleWords(key) {
  const base = String(key || "foster").split("+")[0];
  return { base, corbeille: base === "ferme", basta: base === "lacombe", nearestTakesFarm: base === "ferme" };
}

/**
 * What the farmer's seat earns and how the farm changes hands under the rule set, said to the
 * page's own farmer (the window's farmer_role in scenes/table/narrator.py).
 * @param {string} rules
 */
export function farmerRole(rules) {
  const words = ruleWords(rules);
  if (words.nearestTakesFarm) {
    return pgettext("ferme rules", "You are the farmer: you play no hand, and everyone who goes over 16 pays you a chip for each point above it. Whoever makes 16, or else comes nearest below it, wins the farm and deals next.");
  }
  if (String(rules).endsWith("+rotating")) {
    return _("You are the farmer: you play no hand, and everyone who goes over 16 pays you a chip for each point above it, until someone makes exactly 16 and takes the farm; then the next player in turn is farmer.");
  }
  if (words.base === "lacombe") {
    return _("You are the farmer: you play no hand, and everyone who goes over 16 pays you a chip for each point above it, until someone makes exactly 16, takes the farm and becomes farmer.");
  }
  return _("You are the farmer: you play no hand, and everyone who goes over 16 pays you a chip for each point above it, until someone makes exactly 16 and takes the farm.");
}

/** The stand button's word: Stand; Basta under Lacombe. @param {string} rules */
export function standWord(rules) {
  return ruleWords(rules).basta ? pgettext("button", "Basta") : pgettext("button", "Stand");
}

/** The draw button's word: Card. */
export function drawWord() {
  return pgettext("button", "Card");
}

/** The pot as a label: Farm (Corbeille under the ferme rules). @param {string} rules */
export function potName(rules) {
  return ruleWords(rules).corbeille ? pgettext("pot, ferme rules", "Farm") : pgettext("pot", "Farm");
}

/** The pot in running text: the farm. @param {string} rules */
export function thePot(rules) {
  return ruleWords(rules).corbeille ? pgettext("pot, ferme rules", "the farm") : pgettext("pot", "the farm");
}

/** A rule set's name for a menu. @param {string} key */
export function rulesLabel(key) {
  const base = ruleWords(key).base;
  let label = base;
  if (base === "foster") label = _("Foster's Hoyle (1897)");
  else if (base === "lacombe") label = _("La Ferme after Lacombe (1800)");
  else if (base === "ferme") label = _("French rules of la Ferme");
  return String(key).endsWith("+rotating") ? _("{rules}, rotating farm", { rules: label }) : label;
}

/**
 * Names as a list in running text: "Anna", "Anna and Ben", "Anna, Ben and Carla".
 * @param {string[]} names
 */
export function joinNames(names) {
  if (names.length < 2) return names.join("");
  return _("{names} and {last}", { names: names.slice(0, -1).join(", "), last: names[names.length - 1] });
}

/**
 * Who looks at the table: the page's seat, the names and the rules.
 * @typedef {{seat: number|null, names: string[], rules: string}} Eyes
 */

/**
 * The banner for `event`, or null when it changes no headline (narrator.headline).
 * @param {GameEvent} event an event of the protocol
 * @param {Eyes} eyes
 * @param {{farm?: number, farmer?: number|null, over?: boolean}} [table]
 * @returns {string|null}
 */
export function headline(event, eyes, table = {}) {
  /** @param {number|null} seat */
  const you = (seat) => seat !== null && seat !== undefined && seat === eyes.seat;
  /** @param {number} seat */
  const name = (seat) => eyes.names[seat] ?? "?";
  const ferme = ruleWords(eyes.rules).corbeille;
  switch (event.type) {
    case "DealStarted":
      if (event.new_farm) {
        return ferme
          ? pgettext("ferme rules", "Deal {n}: a new farm. Everyone antes a chip.", { n: event.deal })
          : _("Deal {n}: a new farm. Everyone antes a chip.", { n: event.deal });
      }
      return ferme
        ? pgettext("ferme rules", "Deal {n}: the farm stays.", { n: event.deal })
        : _("Deal {n}: the farm stays.", { n: event.deal });
    case "AuctionOpened":
      return you(event.opener)
        ? _("The farm is for sale. You bid first.")
        : _("The farm is for sale. {name} bids first.", { name: name(event.opener) });
    case "BidMade":
      return you(event.seat)
        ? _("You bid {n}.", { n: event.amount })
        : _("{name} bids {n}.", { name: name(event.seat), n: event.amount });
    case "Passed":
      return you(event.seat) ? _("You pass.") : _("{name} passes.", { name: name(event.seat) });
    case "FarmSold":
      return farmSold(event, you(event.seat), name(event.seat));
    case "FarmerChosen":
      return farmerChosen(event, you(event.seat), name(event.seat), ferme);
    case "TurnStarted":
      return you(event.seat) ? _("Your turn.") : _("{name}'s turn.", { name: name(event.seat) });
    case "Busted":
      return you(event.seat) ? _("Over 16: you stop, and wait for the showdown.") : null;
    case "NearestFound":
      return nearest(event, eyes);
    case "FarmWon":
      return farmWon(event, eyes);
    case "DealEnded":
      if (event.winner === null && event.nearest === null && !table.over) {
        return ferme
          ? pgettext("ferme rules", "The farm of {n} stays for the next deal.", { n: table.farm ?? 0 })
          : _("The farm of {n} stays for the next deal.", { n: table.farm ?? 0 });
      }
      return null;
    case "GameEnded":
      return gameEnded(eyes, table.farm ?? 0, table.farmer ?? null);
    default:
      return null;
  }
}

/**
 * @param {EventOf<"FarmSold">} event
 * @param {boolean} you
 * @param {string} who
 */
function farmSold(event, you, who) {
  if (event.nobody_bid) {
    return you
      ? _("Nobody bid: you take the farm for nothing.")
      : _("Nobody bid: {name} takes the farm for nothing.", { name: who });
  }
  if (you) return ngettext("You buy the farm for {n} chip.", "You buy the farm for {n} chips.", event.price);
  return ngettext("{name} buys the farm for {n} chip.", "{name} buys the farm for {n} chips.", event.price, {
    name: who,
    n: event.price,
  });
}

/**
 * @param {EventOf<"FarmerChosen">} event
 * @param {boolean} you
 * @param {string} who
 * @param {boolean} ferme
 */
function farmerChosen(event, you, who, ferme) {
  if (event.reason === "lot") {
    return you ? _("You are farmer, drawn by lot.") : _("{name} is farmer, drawn by lot.", { name: who });
  }
  if (event.reason === "winner") {
    if (you) return ferme ? pgettext("ferme rules", "You won the farm and deal.") : _("You won the farm and deal.");
    return ferme
      ? pgettext("ferme rules", "{name} won the farm and deals.", { name: who })
      : _("{name} won the farm and deals.", { name: who });
  }
  return you
    ? _("The farm passes round: you are farmer.")
    : _("The farm passes round: {name} is farmer.", { name: who });
}

/**
 * @param {EventOf<"NearestFound">} event
 * @param {Eyes} eyes
 */
function nearest(event, eyes) {
  if (event.seat === null) {  // every player paid the farmer: nobody is nearest, and the pot stays
    return ruleWords(eyes.rules).corbeille
      ? pgettext("ferme rules", "Everyone went over 16: nobody is nearest, and the farm stays.")
      : _("Everyone went over 16: nobody is nearest, and the farm stays.");
  }
  if (event.tie) return tie(eyes, event.seat, event.total, event.tie);
  const who = eyes.names[event.seat];
  const you = event.seat === eyes.seat;
  const takes = ruleWords(eyes.rules).nearestTakesFarm;
  if (you && takes) return _("Nobody made 16: you are nearest with {n} and take the farm.", { n: event.total });
  if (you) return _("Nobody made 16: you are nearest with {n}; a chip from every other player.", { n: event.total });
  if (takes) return _("Nobody made 16: {name} is nearest with {n} and takes the farm.", { name: who, n: event.total });
  return _("Nobody made 16: {name} is nearest with {n}; a chip from every other player.", { name: who, n: event.total });
}

/**
 * @param {EventOf<"FarmWon">} event
 * @param {Eyes} eyes
 */
function farmWon(event, eyes) {
  if (event.tie) return tie(eyes, event.seat, event.total, event.tie);
  const who = eyes.names[event.seat];
  const ferme = ruleWords(eyes.rules).corbeille;
  const you = event.seat === eyes.seat;
  if (you && event.total === 16) {
    return ferme ? pgettext("ferme rules", "You make 16 and win the farm!") : _("You make 16 and win the farm!");
  }
  if (you) return pgettext("ferme rules", "You win the farm with {n}.", { n: event.total });
  if (event.total === 16) {
    return ferme
      ? pgettext("ferme rules", "{name} makes 16 and wins the farm!", { name: who })
      : _("{name} makes 16 and wins the farm!", { name: who });
  }
  return pgettext("ferme rules", "{name} wins the farm with {n}.", { name: who, n: event.total });
}

/**
 * @param {Eyes} eyes
 * @param {number} farm
 * @param {number|null} farmer
 */
function gameEnded(eyes, farm, farmer) {
  if (farm <= 0 || farmer === null) return _("The game is over.");
  const ferme = ruleWords(eyes.rules).corbeille;
  if (farmer === eyes.seat) {
    return ferme
      ? npgettext("ferme rules", "The game is over: the farm of {n} chip goes to you, its farmer.", "The game is over: the farm of {n} chips goes to you, its farmer.", farm)
      : ngettext("The game is over: the farm of {n} chip goes to you, its farmer.", "The game is over: the farm of {n} chips goes to you, its farmer.", farm);
  }
  const values = { n: farm, name: eyes.names[farmer] };
  return ferme
    ? npgettext("ferme rules", "The game is over: the farm of {n} chip goes to its farmer, {name}.", "The game is over: the farm of {n} chips goes to its farmer, {name}.", farm, values)
    : ngettext("The game is over: the farm of {n} chip goes to its farmer, {name}.", "The game is over: the farm of {n} chips goes to its farmer, {name}.", farm, values);
}

/**
 * Who else had the total, why the winner won, and what it won (narrator._tie).
 * @param {Eyes} eyes
 * @param {number} winner
 * @param {number} total
 * @param {Tie} t
 */
function tie(eyes, winner, total, t) {
  const tied = [winner, t.beaten, ...t.rivals.filter((s) => s !== t.beaten && s !== winner)];
  const sixteen = total === 16;
  let clause;
  if (eyes.seat !== null && tied.includes(eyes.seat)) {
    const others = tied.filter((s) => s !== eyes.seat).map((s) => eyes.names[s]);
    const values = { names: joinNames(others), n: total };
    clause = sixteen
      ? ngettext("You and {names} both make {n}", "You, {names} all make {n}", others.length, values)
      : ngettext("You and {names} both have {n}, nearest to 16", "You, {names} all have {n}, nearest to 16", others.length, values);
  } else {
    const values = { names: joinNames(tied.map((s) => eyes.names[s])), n: total };
    clause = sixteen
      ? ngettext("{names} both make {n}", "{names} all make {n}", tied.length - 1, values)
      : ngettext("{names} both have {n}, nearest to 16", "{names} all have {n}, nearest to 16", tied.length - 1, values);
  }
  const you = winner === eyes.seat;
  const symbol = t.suit ? SUIT_SYMBOLS[t.suit] : "";
  const why = tieWhy(t.by, you, { name: eyes.names[winner], suit: symbol, nine: "9" + symbol });
  return _("{tie}: {why} and {prize}.", { tie: clause, why, prize: tiePrize(eyes.rules, you, sixteen) });
}

/**
 * @param {string} by
 * @param {boolean} you
 * @param {Record<string, string>} values
 */
function tieWhy(by, you, values) {
  if (you) {
    if (by === "six_of_hearts") return pgettext("tie", "you hold the 6♥");
    if (by === "fewer_cards") return pgettext("tie", "you have fewer cards");
    if (by === "two_cards") return pgettext("tie", "you have only two cards");
    if (by === "best_nine") return pgettext("tie", "you hold the best nine ({nine})", values);
    if (by === "highest_card") return pgettext("tie", "you hold the highest {suit}", values);
    return pgettext("tie", "you were served first");
  }
  if (by === "six_of_hearts") return pgettext("tie", "{name} holds the 6♥", values);
  if (by === "fewer_cards") return pgettext("tie", "{name} has fewer cards", values);
  if (by === "two_cards") return pgettext("tie", "{name} has only two cards", values);
  if (by === "best_nine") return pgettext("tie", "{name} holds the best nine ({nine})", values);
  if (by === "highest_card") return pgettext("tie", "{name} holds the highest {suit}", values);
  return pgettext("tie", "{name} was served first", values);
}

/**
 * @param {string} rules
 * @param {boolean} you
 * @param {boolean} sixteen
 */
function tiePrize(rules, you, sixteen) {
  const r = ruleWords(rules);
  if (!sixteen && !r.nearestTakesFarm) {
    return you ? pgettext("tie", "take a chip from every other player") : pgettext("tie", "takes a chip from every other player");
  }
  if (r.corbeille) return you ? pgettext("tie, ferme rules", "win the farm") : pgettext("tie, ferme rules", "wins the farm");
  return you ? pgettext("tie", "win the farm") : pgettext("tie", "wins the farm");
}

/**
 * The short word said over a seat: "Bid 3", "Pass", "Card!", the stand word, "done", "Over 16".
 * @param {GameEvent} event
 * @param {Eyes} eyes
 * @returns {string|null}
 */
export function bubble(event, eyes) {
  switch (event.type) {
    case "BidMade":
      return _("Bid {n}", { n: event.amount });
    case "Passed":
      return _("Pass");
    case "CardDealt":
      return event.first ? null : _("{card}!", { card: drawWord() });
    case "Stood":
      return standWord(eyes.rules);
    case "TurnEnded":
      return event.seat === eyes.seat ? null : _("done");
    case "Busted":
      return _("Over 16");
    default:
      return null;
  }
}

/**
 * A payment's reason in the ledger: ante, price of the farm, over 16, farm won, nearest.
 * @param {string} reason
 * @param {string} rules
 */
export function reasonWord(reason, rules) {
  if (reason === "ante") return _("ante");
  if (reason === "bid") return _("price of the farm");
  if (reason === "over") return _("over 16");
  if (reason === "farm") {  // a bare "the farm" beside "+3" did not say the farm was won (narrator.reason_word)
    return ruleWords(rules).corbeille
      ? pgettext("ledger reason, ferme rules", "farm won")
      : pgettext("ledger reason", "farm won");
  }
  return _("nearest");
}

/**
 * Seats as a list of names, the page's own seat first and called `you` (the form of "you" the
 * sentence needs there: "zwischen dir und Bastien"), as the window's narrator does.
 * @param {number[]} seats
 * @param {Eyes} eyes
 * @param {string} you
 */
function namesWithYou(seats, eyes, you) {
  if (eyes.seat === null || !seats.includes(eyes.seat)) return joinNames(seats.map((s) => eyes.names[s]));
  return joinNames([you, ...seats.filter((s) => s !== eyes.seat).map((s) => eyes.names[s])]);
}

/**
 * The final standings' title: who won, with how many chips; of a game the host ended early
 * (reason "stopped"), who was ahead, as nobody won it.
 * @param {{standings: number[], winners: number[], reason: string}} result
 * @param {Eyes} eyes
 */
export function gameOverTitle(result, eyes) {
  const best = result.standings[result.winners[0]];
  if (result.reason === "stopped") {  // ended early by the host: who was ahead, but nobody won
    if (result.winners.length === 1) {
      const w = result.winners[0];
      if (w === eyes.seat) return _("Game ended early: you were ahead with {n} chips.", { n: best });
      return _("Game ended early: {name} was ahead with {n} chips.", { name: eyes.names[w], n: best });
    }
    if (eyes.seat !== null && result.winners.includes(eyes.seat)) {  // the verb agrees with "you and …": a sentence of its own
      return pgettext("you among them", "Game ended early: {names} shared the lead ({n} chips).", {
        names: namesWithYou(result.winners, eyes, pgettext("you, subject in a list", "you")),
        n: best,
      });
    }
    return _("Game ended early: {names} shared the lead ({n} chips).", {
      names: joinNames(result.winners.map((s) => eyes.names[s])),
      n: best,
    });
  }
  if (result.winners.length === 1) {
    const w = result.winners[0];
    if (w === eyes.seat) return _("Game over: you win with {n} chips!", { n: best });
    return _("Game over: {name} wins with {n} chips.", { name: eyes.names[w], n: best });
  }
  return _("Game over: a tie between {names} ({n} chips).", {
    names: namesWithYou(result.winners, eyes, pgettext("you, after between in a list", "you")),
    n: best,
  });
}

/** The notice kept up while the table's server cannot save it (scenes/net/remote.unsaved). */
export function unsavedWords() {
  return _("The table could not be saved; it will try again…");
}

/** The notice once a table that could not be saved is saved again (scenes/net/remote.saved_again). */
export function savedAgainWords() {
  return _("The table is saved again.");
}

/**
 * The words for a refused message (scenes/net/remote.refusal).
 * @param {string} code
 * @param {string} message the server's own words, for a refusal no translation fits
 */
export function refusal(code, message) {
  switch (code) {
    case ERROR.NOT_YOUR_TURN: return _("It is not your turn.");
    case ERROR.ILLEGAL: return _("That move is not allowed.");
    case ERROR.TOO_FAST: return _("Too fast: the table could not keep up. Try again.");
    case ERROR.NOT_HOST: return _("Only the table's host can do that.");
    case ERROR.NO_TABLE: return _("No table has that code.");
    case ERROR.BAD_TOKEN: return _("That seat is not yours any more.");
    case ERROR.TABLE_FULL: return _("That table is full.");
    case ERROR.STARTED: return _("That game has started: you can only watch it.");
    default: return _("The table refused that: {why}", { why: message });
  }
}
