import { lazy, Suspense, useEffect } from 'react';
import { Center, Loader } from '@mantine/core';
import { texts } from './texts';
import type { MarkerEditorModalProps } from './types';
import { BusyModal } from '../busy-modal';

const EditorBody = lazy(() => import('./editor'));

/** Full-screen modal 'Formuliermarkers instellen'; the editor itself is loaded when opened. */
export function MarkerEditorModal(props: MarkerEditorModalProps) {
  const { opened, saving = false, onClose } = props;

  useEffect(() => {
    // The benchmark measures from here to 'marker-editor:page1-visible'.
    if (opened) performance.mark('marker-editor:open');
  }, [opened]);

  return (
    <BusyModal
      busy={saving}
      opened={opened}
      onClose={onClose}
      fullScreen
      title={texts.title}
      transitionProps={{ duration: 0 }}
      styles={{
        content: { display: 'flex', flexDirection: 'column', height: '100dvh' },
        body: {
          flex: 1,
          minHeight: 0,
          padding: 0,
          display: 'flex',
          flexDirection: 'column',
        },
      }}
    >
      {opened && (
        <Suspense
          fallback={
            <Center h="100%">
              <Loader role="status" aria-label={texts.loading} />
            </Center>
          }
        >
          <EditorBody {...props} />
        </Suspense>
      )}
    </BusyModal>
  );
}
