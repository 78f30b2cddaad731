// Card codes (assets/web/cards.js): the deal log's codes read as a rank and a suit, every suit's symbol.
import { test } from "node:test";
import assert from "node:assert/strict";

import { parseCard, SUIT_SYMBOLS } from "../../assets/web/cards.js";

const RANKS = ["A", "2", "3", "4", "5", "6", "7", "9", "10", "J", "Q", "K"];

test("every code of the deck reads back as its rank and suit (10 is the only two-character rank)", () => {
  for (const suit of "SHDC") {
    for (const rank of RANKS) assert.deepEqual(parseCard(rank + suit), { rank, suit });
  }
  assert.deepEqual(parseCard("10H"), { rank: "10", suit: "H" });
  assert.deepEqual(parseCard("6H"), { rank: "6", suit: "H" });
});

test("each suit's letter has its symbol", () => {
  assert.deepEqual(SUIT_SYMBOLS, { S: "♠", H: "♥", D: "♦", C: "♣" });
});
