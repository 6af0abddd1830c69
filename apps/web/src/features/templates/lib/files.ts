/** The template name a new upload starts with: the file name without its extension. */
export function templateNameFromFile(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  return (dot > 0 ? fileName.slice(0, dot) : fileName).trim().slice(0, 255);
}
