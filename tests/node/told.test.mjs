// What the page tells a person of what happened without them (assets/web/told.js), read from an
// update's played_for, redealt and last_deal: each said once, in order, with the chips it cost.
import { test } from "node:test";
import assert from "node:assert/strict";

import { missedDealWords, toldBy } from "../../assets/web/told.js";

const NAMES = ["Ada", "Bastien", "Chloé"];
const view = { names: NAMES };
const fresh = (seat) => ({ seat, told: { redealt: null, settled: 0 } });

test("each move the computer played when time ran out is said; moves played while away are counted", () => {
  const lines = toldBy({ type: "update", seq: 4, events: [], view, played_for: [
    { seat: 1, action: { kind: "bid", amount: 3 }, why: "time" },
    { seat: 1, action: { kind: "pass" }, why: "away" },
    { seat: 1, action: { kind: "draw" }, why: "away" },
  ] }, fresh(1));
  assert.deepEqual(lines, ["Time's up: the computer bid 3 for you.", "You are back: the computer played 2 moves for you."]);
  assert.deepEqual(toldBy({ type: "update", seq: 5, events: [], view, played_for: [
    { seat: 1, action: { kind: "stand" }, why: "away" }] }, fresh(1)), ["You are back: the computer played your turn."]);
});

test("a deal dealt again is said once, however many syncs repeat it", () => {
  const state = fresh(0);
  const sync = { type: "update", seq: 9, sync: true, events: [], view, redealt: 3 };
  assert.deepEqual(toldBy(sync, state), ["The host restarted: deal 3 is dealt again (its cards and chips went back)."]);
  assert.deepEqual(toldBy(sync, state), []);
  assert.deepEqual(toldBy({ ...sync, redealt: 4 }, state).length, 1);
});

test("a deal missed is said once with what it did to the person's chips; a spectator hears none", () => {
  const history = [[100, 100, 100], [96, 109, 95]];
  const last = { deal: 1, farmer: 0, winner: 1, nearest: null, farm: 12 };
  const state = fresh(2);
  const sync = { type: "update", seq: 3, sync: true, events: [], view, history, last_deal: last };
  assert.deepEqual(toldBy(sync, state), ["Deal 1: Bastien won the farm (12 chips). Your chips: \u22125 in that deal, 95 at its end."]);
  assert.deepEqual(toldBy(sync, state), [], "the same deal is not said twice");
  assert.deepEqual(toldBy({ ...sync, sync: false }, fresh(2)), [], "only a sync tells a missed deal");
  assert.deepEqual(toldBy(sync, fresh(null)), []);
  assert.equal(missedDealWords(last, NAMES, 1, history), "Deal 1: you won the farm (12 chips). Your chips: +9 in that deal, 109 at its end.");
  assert.equal(missedDealWords({ ...last, winner: null, farm: 0 }, NAMES, 0, [[100, 100, 100], [100, 97, 103]]),
    "Deal 1: nobody won the farm. Your chips: unchanged in that deal (100).");
});
