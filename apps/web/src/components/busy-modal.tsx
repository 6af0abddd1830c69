import { Modal, type ModalProps } from '@mantine/core';

type Props = Omit<
  ModalProps,
  'opened' | 'closeOnEscape' | 'closeOnClickOutside' | 'withCloseButton'
> & {
  /** While true (the modal's action runs) Escape, a click outside and the × do not close it. */
  busy: boolean;
  opened?: boolean;
};

/** A modal (open unless told) that cannot be closed while its action runs. */
export function BusyModal({ busy, opened = true, ...props }: Props) {
  return (
    <Modal
      {...props}
      opened={opened}
      closeOnEscape={!busy}
      closeOnClickOutside={!busy}
      withCloseButton={!busy}
    />
  );
}
