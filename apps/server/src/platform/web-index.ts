import fs from 'node:fs/promises';
import path from 'node:path';

const escapeHtml = (s: string) =>
  s.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');

/**
 * The web app's index.html as the operator configured it: the first paint, before any script,
 * already carries PRODUCT_NAME as the page title and the operator's logo (LOGO_FILE) instead of
 * the built-in mark, so no other brand flashes by.
 */
export function brandIndexHtml(html: string, o: { productName: string; logoUrl: string | null }): string {
  const name = escapeHtml(o.productName);
  let out = html.replace(/<title>[^<]*<\/title>/g, `<title>${name}</title>`);
  if (o.logoUrl)
    out = out.replace(
      /(<div class="boot"[^>]*>)\s*<svg[\s\S]*?<\/svg>/,
      `$1<img src="${escapeHtml(o.logoUrl)}" alt="" style="height:72px;width:auto;max-width:288px">`,
    );
  return out;
}

/** Read per request, as the static files are: a rebuilt web app is served without a restart. */
export async function brandedIndex(webDist: string, o: { productName: string; logoUrl: string | null }) {
  return brandIndexHtml(await fs.readFile(path.join(webDist, 'index.html'), 'utf8'), o);
}
