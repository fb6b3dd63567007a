import { extractText, getDocumentProxy } from 'unpdf';

/** The text of a PDF the shop served, as a reader's copy-paste would give it. */
export async function pdfText(bytes: ArrayBuffer): Promise<string> {
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(bytes)), { mergePages: true });
  return text;
}

/** GET `path` with a bearer token: its status, content type, and text (a PDF's as read, else the body). */
export async function downloadDocument(url: string, token: string): Promise<{ status: number; type: string | null; text: string }> {
  const response = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
  const type = response.headers.get('content-type');
  const bytes = await response.arrayBuffer();
  return { status: response.status, type, text: type === 'application/pdf' ? await pdfText(bytes) : Buffer.from(bytes).toString('utf8') };
}
