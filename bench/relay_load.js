'use strict';
// Load generator for bench/relay_app.py (run by bench.floor): M matches of 4 sockets each
// take turns as fast as the server answers: a player sends one frame of ACT_BYTES, and the
// next player sends once all 4 sockets of the match hold the frame the server relayed.
//
//   NODE_PATH=<dir with the ws package> node bench/relay_load.js PORT MATCHES ACT_BYTES [RATE]
//
// With RATE (actions/s, all matches together) each match acts at most every
// MATCHES/RATE seconds, on a schedule it does not catch up on once late.
//
// It prints "ready" once every socket is open, then answers each line on its stdin:
//   "mark" -> "mark <actions delivered so far>"
//   "stop" -> no more acts; after what is in flight arrives (3 s at most) one JSON line:
//             {actions, relayed, gaps, undelivered, missing, errors}; then it exits.
// An action is delivered when all 4 sockets of its match hold its frame; a gap is a frame
// whose version is not the socket's last + 1; missing counts frames a socket lacks at the
// end (its match relayed them); relayed counts the frames the matches relayed (each
// socket's last version, summed per match). It also exits after an hour, whatever happens.

const WebSocket = require('ws');
const readline = require('readline');

const [port, matchCount, actBytes, rate = 0] = process.argv.slice(2).map(Number);
const interval = rate > 0 ? (1000 * matchCount) / rate : 0; // ms between a match's acts
const PLAYERS = 4;
const DRAIN_MS = 3000;
const head = '{"t":"act","id":"k3f9a1","v":0,"action":{"pad":"';
const ACT = head + 'x'.repeat(Math.max(0, actBytes - head.length - 3)) + '"}}';

let running = true;
let actions = 0;
let gaps = 0;
const errors = [];
const matches = [];

function act(match) {
  if (!running) return;
  if (interval) {
    const now = Date.now();
    if (match.due > now) {
      setTimeout(() => act(match), match.due - now);
      return;
    }
    match.due = Math.max(match.due + interval, now);
  }
  match.inFlight = true;
  match.sockets[match.turn].send(ACT);
  match.turn = (match.turn + 1) % PLAYERS;
}

function received(match, player, text) {
  const version = Number(/"v":(\d+)/.exec(text)[1]);
  if (version !== match.held[player] + 1) gaps++;
  match.held[player] = version;
  match.version = Math.max(match.version, version);
  if (match.held.every((v) => v === match.version)) {
    actions++;
    match.inFlight = false;
    act(match);
  }
}

function open(index) {
  const match = { sockets: [], held: [0, 0, 0, 0], version: 0, turn: 0, inFlight: false, due: 0 };
  const url = `ws://127.0.0.1:${port}/relay/m${index}-${process.pid}/`;
  const opened = [];
  for (let player = 0; player < PLAYERS; player++) {
    const ws = new WebSocket(url, { perMessageDeflate: false });
    ws.on('message', (data) => received(match, player, data.toString()));
    ws.on('error', (e) => errors.push(String(e)));
    ws.on('close', () => running && errors.push(`match ${index} socket ${player} closed`));
    match.sockets.push(ws);
    opened.push(new Promise((resolve) => ws.on('open', resolve)));
  }
  matches.push(match);
  return Promise.all(opened);
}

async function stop() {
  running = false;
  const until = Date.now() + DRAIN_MS;
  while (matches.some((m) => m.inFlight) && Date.now() < until) {
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  const undelivered = matches.filter((m) => m.inFlight).length;
  const missing = matches.reduce((n, m) => n + m.held.reduce((k, v) => k + m.version - v, 0), 0);
  const relayed = matches.reduce((n, m) => n + m.version, 0);
  for (const m of matches) for (const ws of m.sockets) ws.terminate();
  console.log(JSON.stringify({ actions, relayed, gaps, undelivered, missing, errors: errors.slice(0, 10) }));
  process.exit(0);
}

async function main() {
  await Promise.all(Array.from({ length: matchCount }, (_, i) => open(i)));
  console.log('ready');
  readline.createInterface({ input: process.stdin }).on('line', (line) => {
    if (line === 'mark') console.log(`mark ${actions}`);
    if (line === 'stop') stop();
  });
  for (const match of matches) act(match);
}

setTimeout(() => process.exit(3), 3600 * 1000).unref();
main().catch((e) => {
  console.error(e);
  process.exit(2);
});
