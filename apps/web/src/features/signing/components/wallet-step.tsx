import { useEffect, useRef, useState } from 'react';
import { Alert, Anchor, Button, Center, Group, Paper, Stack, Text } from '@mantine/core';
import { QRCodeSVG } from 'qrcode.react';
import type { WalletStarted } from '@paraaf/contract';
import { signerApi } from '../api/signer-api';
import { useAction } from '../lib/use-action';
import type { StepContext } from './steps';

/** How often the page asks whether the wallet has answered. */
const POLL_MS = 2000;

/**
 * The EU-wallet step: a new OpenID4VP request shown as a QR code (the wallet on another device)
 * and as an openid4vp:// link (the wallet on this phone); the page asks for the outcome until
 * the wallet answered, then moves on by itself. The reasons of a refusal come from the server.
 */
export function WalletStep({ ctx }: { ctx: StepContext }) {
  const { t, token, locale } = ctx;
  const start = useAction(t, ctx.refresh);
  const [request, setRequest] = useState<WalletStarted | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const card = useRef<HTMLDivElement>(null);
  // The page re-renders for its own reasons (pages of the document drawn, a step's state), each
  // time with a new ctx: the poll depends on its stable parts only, so it is not restarted — a
  // poll restarted more often than every POLL_MS would never ask.
  const { refresh } = ctx;

  // On a desktop the step sits below the document's header: the whole code is brought on screen.
  useEffect(() => {
    if (request) card.current?.scrollIntoView({ block: 'nearest' });
  }, [request]);

  useEffect(() => {
    if (!request) return;
    let active = true;
    const timer = window.setInterval(() => {
      void signerApi
        .walletStatus(token, locale)
        .then((status) => {
          if (!active) return;
          if (status.status === 'verified') {
            active = false;
            void refresh();
          } else if (status.status === 'failed') {
            setFailure(status.message);
            setRequest(null);
          }
        })
        .catch(() => undefined);
    }, POLL_MS);
    return () => {
      active = false;
      window.clearInterval(timer);
    };
  }, [request, token, locale, refresh]);

  const begin = () =>
    void start.run(async () => {
      setFailure(null);
      setRequest(await signerApi.startWallet(token, locale));
    });

  return (
    <Stack gap="sm">
      {/* Read before starting; once the code is there, it and the link are what the signer needs. */}
      {!request && <Text>{t('wallet.intro')}</Text>}
      <div aria-live="polite">
        {failure && (
          <Alert color="red" variant="light" role="alert">
            {failure}
          </Alert>
        )}
        {start.error && (
          <Alert color="red" variant="light" role="alert">
            {start.error}
          </Alert>
        )}
      </div>
      {request ? (
        <Stack gap="sm">
          <Paper withBorder radius="md" p="sm" ref={card}>
            <Stack gap="xs" align="center">
              <Text fw={600} size="sm" ta="center">
                {t('wallet.scan')}
              </Text>
              <Center bg="white">
                <QRCodeSVG
                  value={request.link}
                  size={220}
                  marginSize={2}
                  title={t('wallet.scan')}
                />
              </Center>
              <Text size="sm" c="dimmed" role="status">
                {t('wallet.waiting')}
              </Text>
            </Stack>
          </Paper>
          <Group gap="sm">
            <Button component="a" href={request.link} variant="light">
              {t('wallet.sameDevice')}
            </Button>
            {request.test_wallet_url && (
              <Anchor href={request.test_wallet_url} target="_blank" rel="noopener">
                {t('wallet.testWallet')}
              </Anchor>
            )}
          </Group>
        </Stack>
      ) : (
        <Group>
          <Button loading={start.busy} onClick={begin}>
            {failure ? t('wallet.retry') : t('wallet.start')}
          </Button>
        </Group>
      )}
    </Stack>
  );
}
