// The page's sentences (assets/web/words.js) in English, for every kind of event the protocol
// sends: the headline and the short word over a seat, spoken to the page's own seat as "you".
import { test } from "node:test";
import assert from "node:assert/strict";

import { bubble, gameOverTitle, headline, joinNames, reasonWord, refusal, rulesLabel, standWord } from "../../assets/web/words.js";

const NAMES = ["Ada", "Bastien", "Chloé", "Dmitri"];
const eyes = (seat, rules = "foster") => ({ seat, names: NAMES, rules });
const ME = eyes(0);

const KINDS = ["DealStarted", "AuctionOpened", "BidMade", "Passed", "FarmSold", "FarmerChosen", "CardDealt",
  "TurnStarted", "TurnEnded", "Stood", "Busted", "HandShown", "ChipsMoved", "FarmWon", "NearestFound",
  "DealEnded", "GameEnded"];

/** For each kind: [event, the page's own seat's eyes, table, headline, bubble]. */
const CASES = [
  [{ type: "DealStarted", deal: 3, new_farm: true, farmer: 1 }, ME, {}, "Deal 3: a new farm. Everyone antes a chip.", null],
  [{ type: "DealStarted", deal: 4, new_farm: false, farmer: 1 }, ME, {}, "Deal 4: the farm stays.", null],
  [{ type: "AuctionOpened", opener: 0 }, ME, {}, "The farm is for sale. You bid first.", null],
  [{ type: "AuctionOpened", opener: 2 }, ME, {}, "The farm is for sale. Chloé bids first.", null],
  [{ type: "BidMade", seat: 0, amount: 3 }, ME, {}, "You bid 3.", "Bid 3"],
  [{ type: "BidMade", seat: 1, amount: 5 }, ME, {}, "Bastien bids 5.", "Bid 5"],
  [{ type: "Passed", seat: 0 }, ME, {}, "You pass.", "Pass"],
  [{ type: "Passed", seat: 3 }, ME, {}, "Dmitri passes.", "Pass"],
  [{ type: "FarmSold", seat: 0, price: 1, nobody_bid: false }, ME, {}, "You buy the farm for 1 chip.", null],
  [{ type: "FarmSold", seat: 2, price: 4, nobody_bid: false }, ME, {}, "Chloé buys the farm for 4 chips.", null],
  [{ type: "FarmSold", seat: 2, price: 0, nobody_bid: true }, ME, {}, "Nobody bid: Chloé takes the farm for nothing.", null],
  [{ type: "FarmerChosen", seat: 0, reason: "lot" }, ME, {}, "You are farmer, drawn by lot.", null],
  [{ type: "FarmerChosen", seat: 1, reason: "winner" }, ME, {}, "Bastien won the farm and deals.", null],
  [{ type: "FarmerChosen", seat: 2, reason: "rotation" }, ME, {}, "The farm passes round: Chloé is farmer.", null],
  [{ type: "CardDealt", seat: 1, card: null, from_bottom: false, first: true, count: 1 }, ME, {}, null, null],
  [{ type: "CardDealt", seat: 1, card: null, from_bottom: false, first: false, count: 1 }, ME, {}, null, "Card!"],
  [{ type: "TurnStarted", seat: 0 }, ME, {}, "Your turn.", null],
  [{ type: "TurnStarted", seat: 3 }, ME, {}, "Dmitri's turn.", null],
  [{ type: "TurnEnded", seat: 1 }, ME, {}, null, "done"],
  [{ type: "TurnEnded", seat: 0 }, ME, {}, null, null],
  [{ type: "Stood", seat: 0 }, ME, {}, null, "Stand"],
  [{ type: "Stood", seat: 0 }, eyes(0, "lacombe"), {}, null, "Basta"],
  [{ type: "Busted", seat: 0, total: 19 }, ME, {}, "Over 16: you stop, and wait for the showdown.", "Over 16"],
  [{ type: "HandShown", seat: 2, cards: ["10H", "6S"], total: 16 }, ME, {}, null, null],
  [{ type: "ChipsMoved", source: 1, target: "farm", amount: 1, reason: "ante" }, ME, {}, null, null],
  [{ type: "FarmWon", seat: 0, amount: 9, total: 16, tie: null }, ME, {}, "You make 16 and win the farm!", null],
  [{ type: "FarmWon", seat: 1, amount: 9, total: 16, tie: null }, ME, {}, "Bastien makes 16 and wins the farm!", null],
  [{ type: "FarmWon", seat: 1, amount: 9, total: 15, tie: null }, eyes(0, "ferme"), {}, "Bastien wins the farm with 15.", null],
  [{ type: "NearestFound", seat: null, total: 0, tie: null }, ME, {}, "Everyone went over 16: nobody is nearest, and the farm stays.", null],
  [{ type: "NearestFound", seat: 0, total: 15, tie: null }, ME, {}, "Nobody made 16: you are nearest with 15; a chip from every other player.", null],
  [{ type: "NearestFound", seat: 2, total: 14, tie: null }, eyes(0, "ferme"), {}, "Nobody made 16: Chloé is nearest with 14 and takes the farm.", null],
  [{ type: "NearestFound", seat: 2, total: 15, tie: { rivals: [2, 3], beaten: 3, by: "fewer_cards", suit: null } }, ME, {},
    "Chloé and Dmitri both have 15, nearest to 16: Chloé has fewer cards and takes a chip from every other player.", null],
  [{ type: "FarmWon", seat: 0, amount: 5, total: 16, tie: { rivals: [0, 1], beaten: 1, by: "highest_card", suit: "H" } }, ME, {},
    "You and Bastien both make 16: you hold the highest ♥ and win the farm.", null],
  [{ type: "DealEnded", deal: 2, winner: null, nearest: null }, ME, { farm: 7 }, "The farm of 7 stays for the next deal.", null],
  [{ type: "DealEnded", deal: 2, winner: 1, nearest: null }, ME, { farm: 0 }, null, null],
  [{ type: "GameEnded", standings: [10, 20, 30, 40], winners: [3], reason: "deals" }, ME, { farm: 0, farmer: 1 }, "The game is over.", null],
  [{ type: "GameEnded", standings: [10, 20, 30, 40], winners: [3], reason: "deals" }, ME, { farm: 1, farmer: 0 },
    "The game is over: the farm of 1 chip goes to you, its farmer.", null],
  [{ type: "GameEnded", standings: [10, 20, 30, 40], winners: [3], reason: "deals" }, ME, { farm: 6, farmer: 2 },
    "The game is over: the farm of 6 chips goes to its farmer, Chloé.", null],
];

test("every kind of event the protocol sends is said (or left unsaid) as the window says it", () => {
  assert.deepEqual([...new Set(CASES.map(([e]) => e.type))].sort(), [...KINDS].sort());
  for (const [event, who, table, line, word] of CASES) {
    assert.equal(headline(event, who, table), line, JSON.stringify(event));
    assert.equal(bubble(event, who), word, `bubble of ${JSON.stringify(event)}`);
  }
});

test("a spectator (no seat) is never spoken to as you", () => {
  const tv = eyes(null);
  assert.equal(headline({ type: "TurnStarted", seat: 0 }, tv), "Ada's turn.");
  assert.equal(headline({ type: "BidMade", seat: 0, amount: 2 }, tv), "Ada bids 2.");
  assert.equal(headline({ type: "Busted", seat: 0, total: 20 }, tv), null);
});

test("names in running text, rule sets' names, stand words and the ledger's reasons", () => {
  assert.equal(joinNames([]), "");
  assert.equal(joinNames(["Ada"]), "Ada");
  assert.equal(joinNames(["Ada", "Ben"]), "Ada and Ben");
  assert.equal(joinNames(["Ada", "Ben", "Carla"]), "Ada, Ben and Carla");
  assert.equal(rulesLabel("foster"), "Foster's Hoyle (1897)");
  assert.equal(rulesLabel("lacombe+rotating"), "La Ferme after Lacombe (1800), rotating farm");
  assert.equal(standWord("lacombe+rotating"), "Basta");
  assert.equal(standWord("ferme"), "Stand");
  assert.deepEqual(["ante", "bid", "over", "farm", "nearest"].map((r) => reasonWord(r, "foster")),
    ["ante", "price of the farm", "over 16", "farm won", "nearest"]);
});

test("the final title: who won, a tie, and a game ended early where nobody won", () => {
  const won = { standings: [10, 40, 30, 40], winners: [1], reason: "deals" };
  assert.equal(gameOverTitle(won, ME), "Game over: Bastien wins with 40 chips.");
  assert.equal(gameOverTitle({ ...won, winners: [0], standings: [50, 1, 1, 1] }, ME), "Game over: you win with 50 chips!");
  assert.equal(gameOverTitle({ ...won, winners: [1, 3] }, ME), "Game over: a tie between Bastien and Dmitri (40 chips).");
  assert.equal(gameOverTitle({ ...won, winners: [1, 3] }, eyes(3)), "Game over: a tie between you and Bastien (40 chips).");
  assert.equal(gameOverTitle({ ...won, reason: "stopped" }, ME), "Game ended early: Bastien was ahead with 40 chips.");
  assert.equal(gameOverTitle({ ...won, reason: "stopped" }, eyes(1)), "Game ended early: you were ahead with 40 chips.");
  assert.equal(gameOverTitle({ ...won, winners: [1, 3], reason: "stopped" }, eyes(3)),
    "Game ended early: you and Bastien shared the lead (40 chips).");
});

test("a refusal is said in the page's words, or the server's when none fits", () => {
  assert.equal(refusal("not_your_turn", "x"), "It is not your turn.");
  assert.equal(refusal("table_full", "x"), "That table is full.");
  assert.equal(refusal("something_new", "the reason"), "The table refused that: the reason");
});
