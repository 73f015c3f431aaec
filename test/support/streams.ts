/** Reads a byte stream (a download's `DownloadStream`, a response body) to its end. */
export async function readAll(stream: AsyncIterable<Uint8Array>): Promise<Buffer> {
  const chunks: Uint8Array[] = [];
  for await (const chunk of stream) chunks.push(chunk);
  return Buffer.concat(chunks);
}
