import { Modal } from '@mantine/core';
import { texts } from '../texts';

/** 'Bekijken': the converted PDF in the browser's own viewer; the caller owns the object URL. */
export function DocumentPreviewModal({
  name,
  url,
  onClose,
}: {
  name: string;
  url: string;
  onClose: () => void;
}) {
  return (
    <Modal opened onClose={onClose} title={texts.documents.previewTitle(name)} size="xl">
      <iframe
        src={url}
        title={texts.documents.previewTitle(name)}
        style={{ width: '100%', height: '75vh', border: 0 }}
      />
    </Modal>
  );
}
