import { saveBlob } from './save-blob';

/** Clipboard write that reports instead of throwing (insecure contexts, denied permission). */
export async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

/** Offers a text file for download without a server round trip. */
export function downloadText(fileName: string, text: string): void {
  saveBlob(new Blob([text], { type: 'text/plain;charset=utf-8' }), fileName);
}
