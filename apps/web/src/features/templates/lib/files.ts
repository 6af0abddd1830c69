/** The upload types of seed 001 §5 for Mantine's Dropzone `accept`. */
export const acceptedFileTypes: Record<string, string[]> = {
  'application/pdf': ['.pdf'],
  'image/png': ['.png'],
  'image/jpeg': ['.jpg', '.jpeg'],
  'application/msword': ['.doc'],
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': ['.docx'],
};

const allowedExtensions = ['pdf', 'png', 'jpg', 'jpeg', 'doc', 'docx'];

/** By MIME type, or by extension when the browser reports none (some DOC files). */
export function isAllowedFile(file: { name: string; type: string }): boolean {
  if (file.type && file.type in acceptedFileTypes) return true;
  const ext = file.name.toLowerCase().split('.').pop() ?? '';
  return (
    (!file.type || file.type === 'application/octet-stream') && allowedExtensions.includes(ext)
  );
}

/** The template name a new upload starts with: the file name without its extension. */
export function templateNameFromFile(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  return (dot > 0 ? fileName.slice(0, dot) : fileName).trim().slice(0, 255);
}
