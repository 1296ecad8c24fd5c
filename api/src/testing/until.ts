// Waits for something the API does after a write it hears of through NOTIFY (the directory index,
// the answer cache): the notification comes on its own connection, so a request sent just after
// the commit can arrive first, most often on a loaded machine.
export async function until(condition: () => boolean | Promise<boolean>, what: string, timeoutMs = 3_000): Promise<void> {
  const started = Date.now();
  while (!(await condition())) {
    if (Date.now() - started > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
