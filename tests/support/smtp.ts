// A real SMTP server (smtp-server) on 127.0.0.1 for integration tests: every message it accepts is
// kept with its envelope and raw text, decoded from quoted-printable for easy matching.
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  from: string;
  to: string[];
  /** The message as sent (headers and MIME parts). */
  raw: string;
  /** `raw` with quoted-printable soft breaks and escapes undone. */
  text: string;
}

export interface TestSmtp {
  url: string;
  received: ReceivedMail[];
  /** Messages to `address` so far. */
  to(address: string): ReceivedMail[];
  /**
   * From now on a message's final reply (250) is held back: the sender waits, mid-send. A message
   * whose sender goes away before its reply was never accepted (SMTP's rule) and is not kept.
   */
  holdReplies(): void;
  /** Sends the held replies (keeping those messages) and stops holding. */
  releaseReplies(): void;
  /** Messages whose reply is being held right now. */
  heldCount(): number;
  close(): Promise<void>;
}

export function decodeQuotedPrintable(text: string): string {
  return text.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}

/**
 * `port`: listen there (a fault test brings a stopped server back on its old port); `received`: keep
 * adding to this list (the messages of the server it replaces).
 */
export async function startTestSmtp({ port: wantedPort = 0, received = [] }: { port?: number; received?: ReceivedMail[] } = {}): Promise<TestSmtp> {
  let holding = false;
  const held = new Map<string, { mail: ReceivedMail; reply: () => void }>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const mail: ReceivedMail = {
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw,
          text: decodeQuotedPrintable(raw),
        };
        if (holding) {
          held.set(session.id, { mail, reply: () => callback() });
          return;
        }
        received.push(mail);
        callback();
      });
    },
    onClose(session) {
      held.delete(session.id);
    },
  });
  await new Promise<void>((resolve) => server.listen(wantedPort, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    to: (address) => received.filter((mail) => mail.to.includes(address)),
    holdReplies: () => {
      holding = true;
    },
    releaseReplies: () => {
      holding = false;
      for (const { mail, reply } of held.values()) {
        received.push(mail);
        reply();
      }
      held.clear();
    },
    heldCount: () => held.size,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
