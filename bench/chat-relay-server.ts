import Fastify from "fastify";
import { WebSocketServer, type WebSocket } from "ws";
import { serveUntilSignal } from "./lib/serve-until-signal";

/**
 * The chat delivery baseline: a bare relay with the same shape as Mentora's chat path (a message is
 * POSTed over HTTP, the other side hears of it on a WebSocket) and nothing else: no database, no
 * auth, no bus, one process. Receivers connect to `/ws?pair=N`; `POST /send/N {id}` pushes
 * `{type:"event", id}` to pair N's socket. Port from argv[2] or PORT; loopback only.
 */
const port = Number(process.argv[2] ?? process.env.PORT ?? 0);
const app = Fastify({ logger: false });
const receivers = new Map<string, WebSocket>();
const wss = new WebSocketServer({ noServer: true });

app.server.on("upgrade", (req, socket, head) => {
  const pair = new URL(req.url ?? "/", "http://relay").searchParams.get("pair");
  if (!pair) return socket.destroy();
  wss.handleUpgrade(req, socket, head, (ws) => {
    receivers.set(pair, ws);
    ws.on("close", () => receivers.delete(pair));
  });
});

app.get("/", async () => ({ relay: "ok" }));
app.post<{ Params: { pair: string }; Body: { id: string } }>("/send/:pair", async (req, reply) => {
  const ws = receivers.get(req.params.pair);
  if (!ws) return reply.code(404).send({ error: "no receiver" });
  ws.send(JSON.stringify({ type: "event", kind: "message", id: req.body.id }));
  return { id: req.body.id };
});

await serveUntilSignal(app, port);
