/** A backup or restore that cannot go ahead; the CLI prints the message as one line and exits 1. */
export class BackupError extends Error {
  override name = "BackupError";
}
