/** Hands `text` to the browser as a file download; nothing leaves the page. */
export function downloadText(fileName: string, text: string, type: string): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
  // Revoked after the click has been handled: the download has its own copy by then.
  setTimeout(() => { URL.revokeObjectURL(url); }, 0);
}

/** A file name stamp: 2026-11-22T11-30-05 (local time is not needed; UTC sorts). */
export const fileStamp = (at: number) => new Date(at).toISOString().slice(0, 19).replace(/:/g, '-');
