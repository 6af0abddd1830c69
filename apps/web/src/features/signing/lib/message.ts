import type { SigningPage } from '@paraaf/contract';

/**
 * The sender's message as the signer reads it on the page: the mail's merge fields filled in
 * where the page knows them, and the link/content placeholders (the page itself) left out.
 */
export function displayMessage(page: Pick<SigningPage, 'sign_request' | 'signer' | 'company'>) {
  const known: Record<string, string> = {
    firstname: page.signer.firstname,
    lastname: page.signer.lastname,
    company: page.company.name,
    link: '',
    content: '',
  };
  return (
    page.sign_request.message
      .replace(/\[\[(\w+)\]\]/g, (whole, name: string) => known[name] ?? whole)
      .replace(/[ \t]+$/gm, '')
      // A line that held only [[link]] leaves no gap: paragraphs stay one blank line apart.
      .replace(/\n{3,}/g, '\n\n')
      .trim()
  );
}
