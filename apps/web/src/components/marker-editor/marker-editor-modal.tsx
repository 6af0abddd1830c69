import { lazy, Suspense, useEffect } from 'react';
import { Alert, Button, Center, Loader, Stack } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { texts } from './texts';
import type { MarkerEditorModalProps } from './types';
import { BusyModal } from '../busy-modal';

const EditorBody = lazy(() => import('./editor'));

/**
 * Full-screen modal 'Formuliermarkers instellen'; the editor itself is loaded when opened. On a
 * phone-sized screen dragging markers onto a page is not workable: it says so and offers the
 * automatic placement the server does for signers without a signature box.
 */
export function MarkerEditorModal(props: MarkerEditorModalProps) {
  const { opened, saving = false, onClose } = props;
  const isPhone = useMediaQuery('(max-width: 599px)') ?? false;

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
      {opened && isPhone && (
        <Stack p="md" gap="md">
          <Alert color="blue" data-testid="marker-editor-phone">
            {texts.phone.intro}
          </Alert>
          <Button onClick={onClose}>{texts.phone.auto}</Button>
        </Stack>
      )}
      {opened && !isPhone && (
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
