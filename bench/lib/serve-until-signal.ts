import type { FastifyInstance } from "fastify";

/** Listens on loopback at `port` and closes the app on SIGINT or SIGTERM: how every bench baseline server runs. */
export async function serveUntilSignal(app: FastifyInstance, port: number): Promise<void> {
  const shutdown = async () => {
    await app.close();
    process.exit(0);
  };
  process.once("SIGINT", shutdown);
  process.once("SIGTERM", shutdown);
  await app.listen({ port, host: "127.0.0.1" });
}
