// @ts-check
/**
 * The page's link to its table: one WebSocket to the page's own server, speaking protocol v1
 * (game/net/PROTOCOL.md). A dropped connection is opened again with a growing wait and the
 * opening message the page gives then (a `resume` with its token); closes 4001 (the seat was
 * taken by another connection), 4002 (left), 4003 (removed by the host) and 4004 (the table,
 * not started, was closed) are final.
 */

/** The protocol version the page speaks. */
export const VERSION = 1;

/**
 * The server's error codes, by name: a copy of game/net/codes.py's ErrorCode (no build step;
 * tests/test_net_codes.py holds the two equal).
 */
export const ERROR = Object.freeze({
  BAD_JSON: "bad_json",
  BAD_MESSAGE: "bad_message",
  TOO_BIG: "too_big",
  TOO_FAST: "too_fast",
  VERSION: "version",
  NOT_NOW: "not_now",
  NO_TABLE: "no_table",
  TABLE_FULL: "table_full",
  STARTED: "started",
  BAD_TOKEN: "bad_token",
  NOT_HOST: "not_host",
  NOT_YOUR_SEAT: "not_your_seat",
  NOT_YOUR_TURN: "not_your_turn",
  ILLEGAL: "illegal",
  SPECTATOR: "spectator",
  SERVER_FULL: "server_full",
  SERVER: "server",
});

/** The close codes, by name: a copy of game/net/codes.py's CloseCode (held equal by the same test). */
export const CLOSE = Object.freeze({
  NORMAL: 1000,
  GOING_AWAY: 1001,
  UNREADABLE: 1002,
  POLICY: 1008,
  TOO_BIG: 1009,
  TRY_LATER: 1013,
  REPLACED: 4001,
  LEFT: 4002,
  REMOVED: 4003,
  EXPIRED: 4004,
  MOVED: 4005,
});

/** Close codes after which the page does not reconnect. @type {readonly number[]} */
export const FINAL_CLOSES = [CLOSE.REPLACED, CLOSE.LEFT, CLOSE.REMOVED, CLOSE.EXPIRED];

/** How long a leave the page could not say (its connection was down) is still tried, in ms. */
export const LEAVE_MS = 10000;
const WAITS = [500, 1000, 2000, 4000, 8000];
const LONGEST_WAIT = 10000;

/**
 * The WebSocket address of the page's own server, naming the table (`/?t=CODE`) when there is
 * one: a proxy in front of many servers sends each table's people to the same one by it.
 * @param {string|undefined} code
 * @returns {string}
 */
export function tableUrl(code) {
  const query = code ? `?t=${encodeURIComponent(code.trim().toUpperCase())}` : "";
  return `${location.protocol === "https:" ? "wss" : "ws"}://${location.host}/${query}`;
}

/**
 * One table link. `opening()` gives the message to send on each connection (null: do not
 * connect again); `onMessage` takes each server message; `onState(connected)` says when the
 * link is up or down; `onClosed(code, reason)` says it is closed for good.
 */
export class Link {
  /**
   * @param {{opening: () => object|null, onMessage: (m: any) => void,
   *          onState: (connected: boolean) => void, onClosed: (code: number, reason: string) => void}} handlers
   */
  constructor(handlers) {
    this.handlers = handlers;
    /** @type {WebSocket|null} */
    this.ws = null;
    this.tries = 0;
    this.timer = 0;
    this.ended = false;
    this.ref = 0;
  }

  /** Connect now (again), unless closed for good. */
  connect() {
    if (this.ended || (this.ws && this.ws.readyState <= WebSocket.OPEN)) return;
    clearTimeout(this.timer);
    this.timer = 0;
    const opening = this.handlers.opening();
    if (!opening) return;
    const ws = new WebSocket(tableUrl(/** @type {{table?: string}} */ (opening).table));
    this.ws = ws;
    ws.addEventListener("open", () => {
      ws.send(JSON.stringify({ ...this.handlers.opening(), version: VERSION }));
      this.handlers.onState(true);
    });
    ws.addEventListener("message", (e) => this.receive(ws, e.data));
    ws.addEventListener("close", (e) => this.dropped(ws, e.code, e.reason));
  }

  /**
   * @param {WebSocket} ws
   * @param {unknown} data
   */
  receive(ws, data) {
    let message;
    try {
      message = typeof data === "string" ? JSON.parse(data) : null;
    } catch {
      message = null;
    }
    if (!message || typeof message !== "object" || typeof message.type !== "string") {
      this.end(ws, CLOSE.UNREADABLE, "unreadable message");
      return;
    }
    this.handlers.onMessage(message);
  }

  /**
   * @param {WebSocket} ws
   * @param {number} code
   * @param {string} reason
   */
  dropped(ws, code, reason) {
    if (ws !== this.ws) return;
    this.ws = null;
    this.handlers.onState(false);
    if (this.ended) return;
    if (FINAL_CLOSES.includes(code) || !this.handlers.opening()) {
      this.ended = true;
      this.handlers.onClosed(code, reason);
      return;
    }
    const wait = Math.min(WAITS[this.tries] ?? LONGEST_WAIT, LONGEST_WAIT) * (0.8 + Math.random() * 0.4);
    this.tries += 1;
    this.timer = setTimeout(() => this.connect(), wait);
  }

  /**
   * @param {WebSocket} ws
   * @param {number} code
   * @param {string} reason
   */
  end(ws, code, reason) {
    this.ended = true;
    ws.close(CLOSE.NORMAL);
    this.handlers.onClosed(code, reason);
  }

  /** The seat is back: the next drop waits the shortest time again. */
  settled() {
    this.tries = 0;
  }

  /** Whether a message can be sent now. @returns {boolean} */
  get open() {
    return !!this.ws && this.ws.readyState === WebSocket.OPEN;
  }

  /**
   * Send a message of a connection with a place; returns its `ref` (or null when it was not sent).
   * @param {{type: string, [field: string]: unknown}} message
   * @returns {number|null}
   */
  send(message) {
    if (!this.ws || !this.open) return null;
    this.ref += 1;
    const body = message.type === "act" || message.type === "ping" ? { ...message, ref: this.ref } : message;
    this.ws.send(JSON.stringify(body));
    return this.ref;
  }

  /** Close for good (the page goes back to its join form). */
  close() {
    this.ended = true;
    clearTimeout(this.timer);
    if (this.ws) this.ws.close(CLOSE.NORMAL);
    this.ws = null;
  }
}

/**
 * Say a leave the page could not say when it was pressed (the connection was down), on a link of
 * its own, as soon as the table can be reached again: take the seat back with its token, give it
 * up (the table then closes the connection), and stop. Tried for `ms` at most: a table that never
 * answers again holds nobody. The page does not wait for it: the person is back at the join form.
 * @param {string} table
 * @param {string} token
 * @param {number} [ms]
 * @returns {Link}
 */
export function leaveWhenBack(table, token, ms = LEAVE_MS) {
  let stop = 0;
  const link = new Link({
    opening: () => ({ type: "resume", table, token }),
    onMessage: (m) => {
      if (m.type === "welcome") link.send({ type: "leave" });
    },
    onState: () => {},
    onClosed: () => clearTimeout(stop),
  });
  stop = setTimeout(() => link.close(), ms);
  link.connect();
  return link;
}
