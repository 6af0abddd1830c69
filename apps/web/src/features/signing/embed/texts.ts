/** Texts of the embedded pages before the signer's language is known (Dutch). */
export const embedTexts = {
  loading: 'Bezig met laden…',
  closedTitle: 'Deze link werkt niet meer',
  failed: 'Er is iets mis gegaan. Probeer het opnieuw.',
  notHere: 'Deze ondertekening mag niet op deze website getoond worden.',
  idinOkTitle: 'Je identiteit is bevestigd',
  idinFailedTitle: 'De controle met iDIN is niet gelukt',
  idinBack: 'Je kunt dit venster sluiten en verdergaan in het venster waarin je ondertekent.',
} as const;
