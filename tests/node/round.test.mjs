// Where the seats sit round the felt on the phone (assets/web/round.js placeSeats).
import { test } from "node:test";
import assert from "node:assert/strict";

import { placeSeats } from "../../assets/web/round.js";

/** Every cell a place or the felt covers, as "row:col" (two never share one). */
function cells(places, felt) {
  const taken = new Map();
  const cover = (what, row, rows, col, span) => {
    for (let r = row; r < row + rows; r += 1) {
      for (let c = col; c < col + span; c += 1) {
        const key = `${r}:${c}`;
        assert.ok(!taken.has(key), `${what} and ${taken.get(key)} both at ${key}`);
        taken.set(key, what);
      }
    }
  };
  places.forEach((p, seat) => cover(`seat ${seat}`, p.row, 1, p.col, p.span));
  cover("the felt", felt.row, felt.rows, felt.col, felt.span);
  return taken;
}

test("from two to ten seats, each has a place of its own within the twelve columns, none on the felt", () => {
  for (let count = 2; count <= 10; count += 1) {
    for (let me = 0; me < count; me += 1) {
      const { places, felt } = placeSeats(count, me);
      assert.equal(places.filter(Boolean).length, count);
      for (const p of places) assert.ok(p.col >= 1 && p.col + p.span - 1 <= 12, JSON.stringify(p));
      cells(places, felt);
      // On a wide screen too.
      const wide = places.map((p) => ({ ...p, col: (p.wide || [p.col, p.span])[0], span: (p.wide || [p.col, p.span])[1] }));
      cells(wide, { ...felt, col: (felt.wide || [felt.col, felt.span])[0], span: (felt.wide || [felt.col, felt.span])[1] });
    }
  }
});

test("the page's own seat sits alone at the bottom, below every other seat", () => {
  for (let count = 2; count <= 10; count += 1) {
    const me = count - 1;
    const { places } = placeSeats(count, me);
    assert.equal(places[me].side, "bottom");
    for (const [seat, p] of places.entries()) if (seat !== me) assert.ok(p.row < places[me].row, `${count} seats: ${seat}`);
  }
});

test("the others go clockwise from the page's left: up the left side, along the top, down the right", () => {
  const { places } = placeSeats(10, 4);
  const order = [5, 6, 7, 8, 9, 0, 1, 2, 3].map((s) => places[s]);
  assert.deepEqual(order.map((p) => p.side), ["left", "left", "left", "top", "top", "top", "right", "right", "right"]);
  assert.deepEqual(order.slice(0, 3).map((p) => p.row), [4, 3, 2]); // up the left side
  assert.deepEqual(order.slice(3, 6).map((p) => p.col), [1, 5, 9]); // along the top, left to right
  assert.deepEqual(order.slice(6).map((p) => p.row), [2, 3, 4]); // down the right side
});

test("two or three at the table sit across the felt from each other", () => {
  const two = placeSeats(2, 0).places;
  assert.equal(two[1].side, "top");
  const three = placeSeats(3, 1).places;
  assert.deepEqual([three[2].side, three[0].side], ["top", "top"]);
  assert.ok(three[2].col < three[0].col, "the next seat clockwise on the left");
});
