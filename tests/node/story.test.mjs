// A deal told line by line at the phone's ledger (assets/web/story.js), as the window's history tells it.
import { test } from "node:test";
import assert from "node:assert/strict";

import { cardText, handWords, storyLines } from "../../assets/web/story.js";

const eyes = { seat: 1, names: ["Anna", "Pia", "Ben"], rules: "foster" };

test("a hand with its cards' values", () => {
  assert.equal(handWords(["4D", "KH"], 14), "4♦ K♥ = 4 + 10 = 14");
  assert.equal(handWords(["7S"], 7), "7♠ = 7");
  assert.equal(cardText("10D"), "10♦");
  assert.equal(cardText("AH"), "A♥");
});

test("each player's words on one line, the viewer called You, payments with their amounts", () => {
  const events = [
    { type: "DealStarted", deal: 2, new_farm: true, farmer: null },
    { type: "AuctionOpened", opener: 0 },
    { type: "BidMade", seat: 0, amount: 3 },
    { type: "Passed", seat: 1 },
    { type: "Passed", seat: 2 },
    { type: "FarmSold", seat: 0, price: 3, nobody_bid: false },
    { type: "ChipsMoved", source: 0, target: "farm", amount: 3, reason: "bid" },
    { type: "TurnStarted", seat: 1 },
    { type: "CardDealt", seat: 1, card: "9H", from_bottom: false, first: true, count: 1 },
    { type: "CardDealt", seat: 1, card: "5C", from_bottom: false, first: false, count: 2 },
    { type: "Stood", seat: 1 },
    { type: "TurnStarted", seat: 2 },
    { type: "CardDealt", seat: 2, card: null, from_bottom: false, first: true, count: 1 },
    { type: "TurnEnded", seat: 2 },
    { type: "HandShown", seat: 2, cards: ["10S", "QD"], total: 20 },
    { type: "ChipsMoved", source: 2, target: 0, amount: 4, reason: "over" },
  ];
  assert.deepEqual(storyLines(events, eyes), [
    "Deal 2: a new farm. Everyone antes a chip.",
    "The farm is for sale. Anna bids first.",
    "Anna: Bid 3",
    "You: Pass",
    "Ben: Pass",
    "Anna buys the farm for 3 chips.",
    "Anna: 3 chips paid for the farm",
    "You: 9♥ (9) · Card! 5♣ (5) · Stand",
    "Ben: done",
    "Ben: 10♠ Q♦ = 10 + 10 = 20",
    "Ben → Anna: 4 chips to the farmer: over 16",
  ]);
});
