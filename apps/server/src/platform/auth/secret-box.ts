import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/** AES-256-GCM for secrets at rest (authenticator seeds), keyed from the server secret. */
export function secretBox(serverSecret: string) {
  const key = createHash('sha256').update(`secret-box:${serverSecret}`).digest();
  return {
    seal(plain: string): string {
      const iv = randomBytes(12);
      const c = createCipheriv('aes-256-gcm', key, iv);
      const data = Buffer.concat([c.update(plain, 'utf8'), c.final()]);
      return ['v1', iv.toString('base64url'), data.toString('base64url'), c.getAuthTag().toString('base64url')].join('.');
    },
    open(sealed: string): string {
      const [v, iv, data, tag] = sealed.split('.');
      if (v !== 'v1' || !iv || !data || !tag) throw new Error('unknown sealed format');
      const d = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      d.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([d.update(Buffer.from(data, 'base64url')), d.final()]).toString('utf8');
    },
  };
}
export type SecretBox = ReturnType<typeof secretBox>;
