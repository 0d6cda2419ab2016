// The connection: docs/protocol.md's messages over the server's WebSocket /ws, one msgpack
// message per binary frame. It says hello with the remembered token and comes back by itself
// after a drop; the page sees only messages and a "connected" flag.

const { encode, decode } = globalThis.MessagePack;

const TOKEN = "jeweltable.token";
// Set while this tab is connected: a reload of the same tab takes its seats back at once,
// while a second tab asks before it takes over (protocol: hello take_over).
const LIVE = "jeweltable.live";
const RETRY_MS = [100, 300, 700, 1500, 3000];
// A socket can die silently (Wi-Fi gone, a phone asleep): it is probed now and then, and at once
// when the page is shown again or the network comes back; one that stays silent is replaced.
const PROBE_EVERY_MS = 10000;
// What a whole talk holds (shared/talk: talk()).
const TALK_KEYS = ["headline", "explain", "moves", "facts", "topic", "goal", "end", "log", "results", "scores"];
const PROBE_PATIENCE_MS = 4000;
const WAKE_PATIENCE_MS = 1000;

export class Connection {
  /** `remember: false` keeps no token: a page that only watches (the TV display, tv.js) is a new
   * person on every connection, so it can never hold — or take over — anyone's seats. */
  constructor(onMessage, onStatus, { remember = true } = {}) {
    this.onMessage = onMessage;
    this.onStatus = onStatus;
    this.remember = remember;
    this.socket = null;
    this.name = "";
    this.retries = 0;
    this.stopped = false;
    this.nextId = 1;
    this.heardAt = 0;
    setInterval(() => this.probe(PROBE_PATIENCE_MS), PROBE_EVERY_MS);
    const wake = () => this.probe(WAKE_PATIENCE_MS);
    addEventListener("online", wake);
    document.addEventListener("visibilitychange", () => {
      if (document.visibilityState === "visible") wake();
    });
  }

  /** Ask the server for a pong; reconnect if nothing at all is heard within `patience` ms. */
  probe(patience) {
    if (!this.connected || this.stopped || document.visibilityState === "hidden") return;
    const socket = this.socket;
    const asked = performance.now();
    this.send({ t: "ping" });
    setTimeout(() => {
      if (socket === this.socket && this.heardAt < asked && !this.stopped) {
        this.onStatus(false);
        this.open(this.name, { takeOver: true });
      }
    }, patience);
  }

  /** Connect (or reconnect) as `name`. */
  open(name, { takeOver = false } = {}) {
    this.name = name;
    this.stopped = false;
    if (this.socket) {
      const old = this.socket;
      this.socket = null;
      old.close();
    }
    const url = new URL("ws", location.href);
    url.protocol = location.protocol === "https:" ? "wss:" : "ws:";
    const socket = new WebSocket(url);
    socket.binaryType = "arraybuffer";
    this.socket = socket;
    this.told = new Map(); // the talk of each stream (table and seat) on this socket
    socket.onopen = () => {
      this.retries = 0;
      const hello = { t: "hello", v: 1, name, talk: true }; // the page draws the server's talk
      const token = this.remember ? localStorage.getItem(TOKEN) : null;
      if (token) {
        hello.token = token;
        hello.take_over = takeOver || sessionStorage.getItem(LIVE) === "1";
      }
      this.rawSend(hello);
    };
    socket.onmessage = (event) => {
      if (socket !== this.socket) return;
      this.heardAt = performance.now();
      const msg = decode(new Uint8Array(event.data));
      if (msg.t === "welcome") {
        if (this.remember) {
          localStorage.setItem(TOKEN, msg.token);
          sessionStorage.setItem(LIVE, "1");
        }
        this.onStatus(true);
      } else if (msg.t === "bye" && msg.code !== "shutdown") {
        this.stopped = true;
        if (this.remember) sessionStorage.removeItem(LIVE);
      }
      if (msg.talk && (msg.t === "sync" || msg.t === "update")) this.wholeTalk(msg);
      this.onMessage(msg);
    };
    socket.onclose = () => {
      if (socket !== this.socket) return;
      this.onStatus(false);
      if (this.stopped) return;
      const wait = RETRY_MS[Math.min(this.retries, RETRY_MS.length - 1)];
      this.retries += 1;
      // After a drop of our own we always take our seats back.
      setTimeout(() => this.open(this.name, { takeOver: true }), wait);
    };
  }

  /** A sync's talk is whole; an update's holds only what changed since the stream's last talk
   * (docs/protocol.md, The table's talk): merge it, so the page always sees the whole talk. */
  wholeTalk(msg) {
    const stream = `${msg.table}:${msg.seat}`;
    const before = this.told.get(stream);
    if (msg.t === "update" && !TALK_KEYS.every((key) => key in msg.talk)) {
      if (!before) {
        // Nothing to merge into (never the case when the server is right): ask for it whole.
        msg.talk = null;
        this.send({ t: "sync", table: msg.table });
        return;
      }
      msg.talk = { ...before, ...msg.talk };
    }
    this.told.set(stream, msg.talk);
  }

  /** Send a message; returns its id (answers carry it as `ref`, the mover's update as `ack`). */
  send(msg) {
    const id = this.nextId++;
    this.rawSend({ ...msg, id });
    return id;
  }

  rawSend(msg) {
    if (this.socket && this.socket.readyState === WebSocket.OPEN) this.socket.send(encode(msg));
  }

  get connected() {
    return this.socket !== null && this.socket.readyState === WebSocket.OPEN;
  }
}
