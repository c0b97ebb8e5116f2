"use strict";
// The overload mix's chat send (bench/lib/overload.ts): autocannon loads this in its worker thread
// (`require`, so plain CommonJS) and calls it before each send, so every send is a new message with an
// id of its own, as the chat's client makes them, never the idempotent repeat of one message.
let sent = 0;

module.exports = function setupChatSend(req) {
  sent++;
  return { ...req, body: JSON.stringify({ id: `lpmmsg:${crypto.randomUUID()}`, text: `Overload bench message ${sent}` }) };
};
