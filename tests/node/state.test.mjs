// The page's state (assets/web/state.js) from the server's updates: the ledger's arithmetic, the
// chips at the deal's start, the standings and their places, the screen shown.
import { test } from "node:test";
import assert from "node:assert/strict";

import { applyUpdate, emptyState, eyesOf, places, screenOf, standingsOf } from "../../assets/web/state.js";

const NAMES = ["Ada", "Bastien", "Chloé"];

/** A view of a three-seat Foster table, with `fields` over it. */
function view(fields) {
  return {
    seat: 0, rules: "foster", phase: "play", names: NAMES, deal_no: 1, max_deals: null,
    chips: [100, 100, 100], farm: 0, farmer: 0, to_act: 1, high_bid: 0, high_bidder: null, calls: [],
    max_bid: 0, hand: [], total: 0, order: [1, 2], card_counts: [0, 0, 0], deck_size: 30,
    must_draw: false, served: 0, shown_hands: null, ...fields,
  };
}

const ante = (seat) => ({ type: "ChipsMoved", source: seat, target: "farm", amount: 1, reason: "ante" });

/** A seated page that saw deal 1 from its start: the antes, then a payment for going over and the farm won. */
function dealSeenWhole() {
  const state = emptyState();
  state.seat = 0;
  state.table = { code: "ABCD2345", settings: {}, started: true, over: false, seats: [], spectators: 0 };
  applyUpdate(state, {
    type: "update", seq: 1, view: view({ chips: [99, 99, 99], farm: 3, to_act: 1 }),
    events: [{ type: "DealStarted", deal: 1, new_farm: true, farmer: 0 }, ante(0), ante(1), ante(2),
      { type: "TurnStarted", seat: 1 }],
  });
  applyUpdate(state, {
    type: "update", seq: 2, view: view({ phase: "between", chips: [103, 95, 102], farm: 0, to_act: null }),
    events: [
      { type: "ChipsMoved", source: 1, target: 0, amount: 4, reason: "over" },
      { type: "FarmWon", seat: 2, amount: 3, total: 16, tie: null },
      { type: "ChipsMoved", source: "farm", target: 2, amount: 3, reason: "farm" },
      { type: "DealEnded", deal: 1, winner: 2, nearest: null },
    ],
  });
  return state;
}

test("a deal's ledger adds up: each seat's payments are its chips after less its chips before", () => {
  const state = dealSeenWhole();
  const ledger = state.ledger;
  assert.equal(ledger.deal, 1);
  assert.deepEqual(ledger.before, [100, 100, 100]);
  assert.deepEqual(ledger.after, [103, 95, 102]);
  for (let seat = 0; seat < 3; seat += 1) {
    const paid = ledger.changes.filter((c) => c.seat === seat).reduce((a, c) => a + c.amount, 0);
    assert.equal(paid, ledger.after[seat] - ledger.before[seat], `seat ${seat}`);
  }
  assert.deepEqual(ledger.changes.filter((c) => c.seat === 1), [
    { seat: 1, amount: -1, reason: "ante" }, { seat: 1, amount: -4, reason: "over" }]);
  // No chip is made or lost: what the seats gained is what they paid, the farm emptied.
  assert.equal(ledger.after.reduce((a, b) => a + b), 300);
  assert.deepEqual(state.history, [[100, 100, 100], [103, 95, 102]]);
  assert.equal(screenOf(state, false), "ledger");
  assert.equal(state.said, "Chloé makes 16 and wins the farm!");
});

test("a page that arrives mid-deal counts the deal from history's last row, and says what it missed", () => {
  const state = emptyState();
  state.seat = 2;
  state.table = { code: "ABCD2345", settings: {}, started: true, over: false, seats: [], spectators: 0 };
  applyUpdate(state, {
    type: "update", seq: 7, sync: true, events: [], history: [[100, 100, 100], [103, 95, 102]],
    view: view({ seat: 2, deal_no: 2, chips: [102, 94, 101], farm: 3, to_act: 1 }),
  });
  assert.deepEqual(state.dealBefore, [103, 95, 102]);
  assert.equal(state.away, false, "a fresh page was not away: it came late");
  assert.equal(state.said, "Bastien's turn.");
  assert.equal(screenOf(state, false), "table");
  applyUpdate(state, {
    type: "update", seq: 8, view: view({ seat: 2, deal_no: 2, phase: "between", chips: [102, 90, 105], farm: 3,
      to_act: null }),
    events: [
      { type: "ChipsMoved", source: 1, target: 2, amount: 4, reason: "nearest" },
      { type: "DealEnded", deal: 2, winner: null, nearest: 2 },
    ],
  });
  const ledger = state.ledger;
  assert.deepEqual(ledger.before, [103, 95, 102]);
  assert.deepEqual(ledger.after, [102, 90, 105]);
  // The antes were paid before the page came: the changes it saw are only the nearest's chips.
  assert.deepEqual(ledger.changes, [{ seat: 1, amount: -4, reason: "nearest" }, { seat: 2, amount: 4, reason: "nearest" }]);
  const unseen = [0, 1, 2].map((s) => ledger.after[s] - ledger.before[s]
    - ledger.changes.filter((c) => c.seat === s).reduce((a, c) => a + c.amount, 0));
  assert.deepEqual(unseen, [-1, -1, -1]);
  assert.equal(ledger.away, false);
});

test("a page back from a dropped connection keeps the payments it saw and marks the rest as missed away", () => {
  const state = dealSeenWhole();
  applyUpdate(state, {
    type: "update", seq: 3, view: view({ deal_no: 2, chips: [102, 94, 101], farm: 3, farmer: 2, to_act: 0 }),
    events: [{ type: "DealStarted", deal: 2, new_farm: true, farmer: 2 }, ante(0), ante(1), ante(2)],
  });
  // The connection drops; the page comes back to a whole state of the same deal, settled meanwhile.
  applyUpdate(state, {
    type: "update", seq: 5, sync: true, events: [], history: [[100, 100, 100], [103, 95, 102], [106, 90, 101]],
    view: view({ deal_no: 2, phase: "between", chips: [106, 90, 101], farm: 3, farmer: 2, to_act: null }),
  });
  assert.equal(state.away, true);
  assert.equal(screenOf(state, false), "ledger");
  assert.deepEqual(state.ledger.before, [103, 95, 102]);
  assert.deepEqual(state.ledger.changes.map((c) => c.reason), ["ante", "ante", "ante"]);
  assert.equal(state.ledger.away, true);
});

test("the standings' places mark shared places as the window does: 1=, 1=, 3.", () => {
  assert.deepEqual(places([5, 9, 9, 1]).map((p) => p.label), ["3.", "1=", "1=", "4."]);
  assert.deepEqual(places([5, 9, 9, 1]).map((p) => p.place), [3, 1, 1, 4]);
  assert.deepEqual(places([7, 7, 7]).map((p) => p.label), ["1=", "1=", "1="]);
  assert.deepEqual(places([12, 3, 8]).map((p) => p.label), ["1.", "3.", "2."]);
});

test("standings read from a final view count a farm nobody won to its farmer", () => {
  const result = standingsOf(view({ phase: "over", chips: [90, 120, 80], farm: 10, farmer: 0 }));
  assert.deepEqual(result.standings, [100, 120, 80]);
  assert.deepEqual(result.winners, [1]);
  const tied = standingsOf(view({ phase: "over", chips: [110, 120, 80], farm: 10, farmer: 0 }));
  assert.deepEqual(tied.winners, [0, 1]);
});

test("a game's end is shown once GameEnded arrives, with the standings it carries", () => {
  const state = dealSeenWhole();
  applyUpdate(state, {
    type: "update", seq: 3, view: view({ phase: "over", chips: [103, 95, 102], to_act: null }),
    events: [{ type: "GameEnded", standings: [103, 95, 102], winners: [0], reason: "deals" }],
  });
  assert.equal(screenOf(state, false), "over");
  assert.deepEqual(state.result, { standings: [103, 95, 102], winners: [0], reason: "deals" });
  assert.equal(screenOf(state, true), "closed");
});

test("the screens before the game: join with no seat, the lobby before the start", () => {
  const state = emptyState();
  assert.equal(screenOf(state, false), "join");
  state.seat = 1;
  state.table = { code: "ABCD2345", settings: { rules: "lacombe" }, started: false, over: false,
    seats: [{ seat: 0, name: "Ada", person: true, connected: true, host: true }], spectators: 0 };
  assert.equal(screenOf(state, false), "lobby");
  assert.deepEqual(eyesOf(state), { seat: 1, names: ["Ada"], rules: "lacombe" });
});

test("an action answered, or a turn moved on, is no longer pending", () => {
  const state = dealSeenWhole();
  state.pending = 4;
  applyUpdate(state, { type: "update", seq: 3, ref: 4, view: view({ phase: "between", chips: [103, 95, 102], to_act: null }), events: [] });
  assert.equal(state.pending, null);
  state.pending = 5;
  state.turn = { seat: 0, seconds: 40, at: 0 };
  applyUpdate(state, { type: "update", seq: 4, view: view({ to_act: 0, chips: [103, 95, 102] }), events: [] });
  assert.equal(state.pending, 5, "still the page's own turn, its action not yet answered");
  assert.deepEqual(state.turn, { seat: 0, seconds: 40, at: 0 });
  applyUpdate(state, { type: "update", seq: 5, view: view({ to_act: 1, chips: [103, 95, 102] }), events: [] });
  assert.equal(state.pending, null);
  assert.equal(state.turn, null);
});
