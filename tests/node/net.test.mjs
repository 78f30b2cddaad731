// The page's link to its table (assets/web/net.js) over a stand-in WebSocket: the opening message
// with the protocol's version, refs on actions, reconnection after a drop, and the final closes.
import { test } from "node:test";
import assert from "node:assert/strict";

import { CLOSE, ERROR, FINAL_CLOSES, LEAVE_MS, Link, VERSION, leaveWhenBack } from "../../assets/web/net.js";

/** A WebSocket as the page sees one: it records what is sent; the test opens, delivers and closes it. */
class FakeSocket {
  static CONNECTING = 0;
  static OPEN = 1;
  static all = [];
  constructor(url) {
    this.url = url;
    this.readyState = FakeSocket.CONNECTING;
    this.sent = [];
    this.closedWith = null;
    this.listeners = {};
    FakeSocket.all.push(this);
  }
  addEventListener(kind, listener) {
    (this.listeners[kind] ||= []).push(listener);
  }
  emit(kind, event) {
    for (const listener of this.listeners[kind] || []) listener(event);
  }
  open() {
    this.readyState = FakeSocket.OPEN;
    this.emit("open", {});
  }
  deliver(data) {
    this.emit("message", { data });
  }
  drop(code, reason = "") {
    this.readyState = 3;
    this.emit("close", { code, reason });
  }
  send(text) {
    this.sent.push(JSON.parse(text));
  }
  close(code) {
    this.closedWith = code;
    this.readyState = 3;
  }
}
globalThis.WebSocket = FakeSocket;
globalThis.location = { protocol: "http:", host: "192.168.1.5:8765" };

/** A link whose handlers note what they are told. */
function link(opening = { type: "resume", table: "ABCD2345", token: "t" }) {
  const told = { messages: [], states: [], closed: [] };
  const l = new Link({
    opening: () => opening,
    onMessage: (m) => told.messages.push(m),
    onState: (up) => told.states.push(up),
    onClosed: (code, reason) => told.closed.push([code, reason]),
  });
  return { l, told };
}

test("a link opens to the page's own server and says its opening with the protocol's version", () => {
  FakeSocket.all = [];
  const { l, told } = link();
  l.connect();
  const ws = FakeSocket.all[0];
  // The table is named in the address: a proxy in front of several servers sends it to its own.
  assert.equal(ws.url, "ws://192.168.1.5:8765/?t=ABCD2345");
  assert.equal(l.send({ type: "ping" }), null, "nothing is sent before the socket is open");
  ws.open();
  assert.deepEqual(ws.sent, [{ type: "resume", table: "ABCD2345", token: "t", version: VERSION }]);
  assert.deepEqual(told.states, [true]);
  // Actions and pings carry a growing ref; other messages go as they are.
  assert.equal(l.send({ type: "act", action: { kind: "draw" } }), 1);
  assert.equal(l.send({ type: "ready", deal: 2 }), 2);
  assert.deepEqual(ws.sent.slice(1), [{ type: "act", action: { kind: "draw" }, ref: 1 }, { type: "ready", deal: 2 }]);
  ws.deliver(JSON.stringify({ type: "pong", ref: 1 }));
  assert.deepEqual(told.messages, [{ type: "pong", ref: 1 }]);
});

/** The page's timers, run by the test: `tick(ms)` moves the clock on and runs what fell due. */
function fakeTimers() {
  const real = { setTimeout: globalThis.setTimeout, clearTimeout: globalThis.clearTimeout };
  let now = 0;
  let next = 1;
  const due = new Map();
  globalThis.setTimeout = (fn, ms) => {
    due.set(next, { at: now + ms, fn });
    return next++;
  };
  globalThis.clearTimeout = (id) => due.delete(id);
  return {
    tick(ms) {
      now += ms;
      for (const [id, timer] of [...due].sort((a, b) => a[1].at - b[1].at)) {
        if (timer.at > now) continue;
        due.delete(id);
        timer.fn();
      }
    },
    reset() {
      Object.assign(globalThis, real);
    },
  };
}

test("a dropped link opens again after a growing wait; a final close does not", () => {
  const timers = fakeTimers();
  try {
    FakeSocket.all = [];
    const { l, told } = link();
    l.connect();
    FakeSocket.all[0].open();
    FakeSocket.all[0].drop(1006);
    assert.deepEqual(told.states, [true, false]);
    timers.tick(399);
    assert.equal(FakeSocket.all.length, 1, "the first wait is 0.5 s, give or take a fifth");
    timers.tick(201);
    assert.equal(FakeSocket.all.length, 2);
    FakeSocket.all[1].drop(1006);
    timers.tick(799);
    assert.equal(FakeSocket.all.length, 2, "the second wait is 1 s, give or take a fifth");
    timers.tick(401);
    assert.equal(FakeSocket.all.length, 3);
    FakeSocket.all[2].open();
    FakeSocket.all[2].drop(CLOSE.LEFT, "left");
    timers.tick(20000);
    assert.equal(FakeSocket.all.length, 3);
    assert.deepEqual(told.closed, [[CLOSE.LEFT, "left"]]);
  } finally {
    timers.reset();
  }
});

test("an opening with no table (the list of tables) connects to the server's plain address", () => {
  FakeSocket.all = [];
  const { l } = link({ type: "list" });
  l.connect();
  assert.equal(FakeSocket.all[0].url, "ws://192.168.1.5:8765/");
});

test("a message that is not a JSON object with a type ends the link, closed as unreadable", () => {
  for (const bad of ["not json", "[1, 2]", JSON.stringify({ seq: 1 }), "null"]) {
    FakeSocket.all = [];
    const { l, told } = link();
    l.connect();
    const ws = FakeSocket.all[0];
    ws.open();
    ws.deliver(bad);
    assert.deepEqual(told.messages, [], bad);
    assert.deepEqual(told.closed, [[CLOSE.UNREADABLE, "unreadable message"]], bad);
    assert.equal(ws.closedWith, CLOSE.NORMAL, bad);
  }
});

test("the closes after which the page does not come back, and the codes are frozen", () => {
  assert.deepEqual([...FINAL_CLOSES].sort(), [4001, 4002, 4003, 4004]);
  assert.ok(Object.isFrozen(ERROR) && Object.isFrozen(CLOSE));
  assert.equal(ERROR.NOT_YOUR_TURN, "not_your_turn");
});

test("a leave pressed while the connection is down is said when the table answers again: the seat taken back, then given up", () => {
  const timers = fakeTimers();
  try {
    FakeSocket.all = [];
    leaveWhenBack("ABCD2345", "t");
    FakeSocket.all[0].drop(1006); // the table cannot be reached yet: tried again
    timers.tick(1000);
    assert.equal(FakeSocket.all.length, 2);
    const ws = FakeSocket.all[1];
    ws.open();
    assert.deepEqual(ws.sent, [{ type: "resume", table: "ABCD2345", token: "t", version: VERSION }]);
    ws.deliver(JSON.stringify({ type: "welcome", table: "ABCD2345", seat: 1, token: "t", host: false }));
    assert.deepEqual(ws.sent.slice(1), [{ type: "leave" }]);
    ws.drop(CLOSE.LEFT, "left"); // the table took the leave: nothing more is tried
    timers.tick(LEAVE_MS * 2);
    assert.equal(FakeSocket.all.length, 2);
  } finally {
    timers.reset();
  }
});

test("a leave whose table never answers again is given up after a while: nobody is held by it", () => {
  const timers = fakeTimers();
  try {
    FakeSocket.all = [];
    const l = leaveWhenBack("ABCD2345", "t");
    for (let waited = 0; waited <= LEAVE_MS; waited += 500) {
      const last = FakeSocket.all[FakeSocket.all.length - 1];
      if (last.readyState === FakeSocket.CONNECTING) last.drop(1006);
      timers.tick(500);
    }
    const tried = FakeSocket.all.length;
    assert.ok(tried > 1 && l.ended);
    timers.tick(60000);
    assert.equal(FakeSocket.all.length, tried, "no attempt after the time is up");
  } finally {
    timers.reset();
  }
});
