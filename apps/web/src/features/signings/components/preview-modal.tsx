import { Modal } from '@mantine/core';
import { signableFileUrl } from '../api/get-sign-request';

/** The document inline in the browser's own PDF viewer. */
export function PreviewModal({
  signable,
  onClose,
}: {
  signable: { id: number; name: string };
  onClose: () => void;
}) {
  return (
    <Modal opened onClose={onClose} title={signable.name} size="80rem">
      <iframe
        src={signableFileUrl(signable.id, true)}
        title={signable.name}
        style={{ width: '100%', height: '75vh', border: 0, display: 'block' }}
      />
    </Modal>
  );
}
