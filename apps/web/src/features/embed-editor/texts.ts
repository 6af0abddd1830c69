/** Texts of the marker editor inside another site's frame. */
export const texts = {
  loading: 'Bezig met laden…',
  closedTitle: 'Deze link werkt niet meer',
  document: 'Document',
  save: 'Opslaan',
  send: 'Versturen',
  saved: 'De markers zijn opgeslagen',
  sentTitle: 'Verstuurd',
  sent: 'De ondertekening is verstuurd.',
  closedEditorTitle: 'Editor gesloten',
  closedEditor: 'Wijzigingen die je niet hebt opgeslagen zijn niet bewaard.',
  reopen: 'Weer openen',
} as const;
