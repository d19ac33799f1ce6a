import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** A real SMTP server in the test; every message parsed back with mailparser. */
export function smtpCatcher() {
  const received: Promise<ParsedMail>[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    onData(stream, _session, cb) {
      received.push(simpleParser(stream));
      stream.on('end', () => cb());
    },
  });
  return { server, all: () => Promise.all(received), clear: () => void received.splice(0) };
}
