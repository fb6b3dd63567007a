/**
 * Runs a command-line tool's `main` and exits with the code it resolves with. A failure prints its
 * message only (an operator reads it at a terminal; the stack would bury it) and exits 1.
 */
export function runCli(main: () => Promise<number>): void {
  main().then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(error instanceof Error ? error.message : error);
      process.exit(1);
    },
  );
}
