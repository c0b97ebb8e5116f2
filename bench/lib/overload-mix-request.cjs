"use strict";
// The overload mix's signed-in requests (bench/lib/overload.ts): autocannon loads this in its worker
// thread (`require`, so plain CommonJS) and calls it before each of them. Each call takes the next
// learner behind the address (BENCH_OVERLOAD_LEARNERS, set before the worker starts), so the 200
// connections, which all begin with the same request, do not all write into one chat; each chat
// send is a new message with an id of its own, as the chat's client makes them.
const learners = JSON.parse(process.env.BENCH_OVERLOAD_LEARNERS || "[]");
let next = 0;

module.exports = function setupMixRequest(req) {
  const learner = learners[next++ % learners.length];
  if (req.method === "POST") {
    return {
      ...req,
      path: `/api/chats/${learner.chatId}/messages`,
      headers: { ...req.headers, authorization: `Bearer ${learner.token}` },
      body: JSON.stringify({ id: `lpmmsg:${crypto.randomUUID()}`, text: `Overload bench message ${next}` }),
    };
  }
  const lang = req.path.split("/")[1];
  return { ...req, headers: { ...req.headers, cookie: `lang=${lang}; apollo-token=${learner.token}` } };
};
