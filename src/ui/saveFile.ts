/** A file to save: its bytes and the name the server gave it (the shape of src/api's DownloadedFile). */
export interface SavedFile {
  blob: Blob;
  fileName: string | null;
}

/** Hands a downloaded file (the orders and the stock exports) to the browser's own download (a temporary object URL behind a link click). */
export function saveFile(file: SavedFile, fallbackName: string): void {
  const url = URL.createObjectURL(file.blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = file.fileName ?? fallbackName;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // The download has started reading the URL; revoking at once can cancel it in some browsers.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
