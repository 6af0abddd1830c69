import { useEffect, useRef } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Box, Center, Container, Group, Loader, Text } from '@mantine/core';
import type { EmbedSigningSession, SigningPage } from '@paraaf/contract';
import { signerApi, SignerApiError } from '../api/signer-api';
import { signingPageKey } from '../lib/prefetch';
import { useSigningStatus } from '../lib/use-signing-status';
import { SignerPage } from '../routes/sign';
import { openEmbedSigning } from './embed-api';
import {
  EmbedLinkError,
  useEmbedSession,
  parentOrigin,
  type HostChannel,
} from '../../../lib/embed-host';
import { signingEvents } from './host';
import { embedTexts } from './texts';

/**
 * `/insluiten/ondertekenen/{token}`: the signer's page inside another site's frame. The link is
 * used once for the signer page's token (kept in memory only: a reload needs a new link), then
 * the page is the signer's own, and what happens on it is posted to the framing page.
 */
export function EmbedSignRoute() {
  const { session, channel } = useEmbedSession('signing', openEmbedSigning);
  useResizeEvents(channel);

  const failed = session.error;
  useEffect(() => {
    if (!failed) return;
    const known = failed instanceof EmbedLinkError;
    channel.post({
      type: 'paraaf:error',
      code: known ? failed.code : 'failed',
      message: known ? failed.message : embedTexts.failed,
    });
  }, [failed, channel]);

  if (session.isPending) {
    return (
      <Center py="xl" aria-live="polite">
        <Group gap="sm">
          <Loader size="sm" />
          <Text>{embedTexts.loading}</Text>
        </Group>
      </Center>
    );
  }
  if (failed) {
    return (
      <Container size={640} py="xl" component="main">
        <Alert color="red" role="alert" title={embedTexts.closedTitle}>
          {failed instanceof EmbedLinkError ? failed.message : embedTexts.failed}
        </Alert>
      </Container>
    );
  }
  // Where the browser names the framing site, it must be on the list too (a browser without
  // frame-ancestors would have shown the page anywhere).
  if (parentOrigin() !== null && channel.target === null) {
    return (
      <Container size={640} py="xl" component="main">
        <Alert color="red" role="alert" title={embedTexts.closedTitle}>
          {embedTexts.notHere}
        </Alert>
      </Container>
    );
  }
  return <EmbeddedSigning session={session.data} channel={channel} />;
}

function EmbeddedSigning({
  session,
  channel,
}: {
  session: EmbedSigningSession;
  channel: HostChannel;
}) {
  // The signer page's own query (same key): read here, fetched by the page.
  const page = useQuery({
    queryKey: signingPageKey(session.token),
    queryFn: () => signerApi.page(session.token, 'nl'),
    enabled: false,
  });
  useWaitForOthers(session.token, page.data);
  const sent = useRef(new Set<string>());
  useEffect(() => {
    if (page.data) for (const event of signingEvents(page.data, sent.current)) channel.post(event);
  }, [page.data, channel]);
  useEffect(() => {
    if (!(page.error instanceof SignerApiError)) return;
    channel.post({
      type: 'paraaf:error',
      code: 'failed',
      message: page.error.message || embedTexts.failed,
    });
  }, [page.error, channel]);
  return (
    <Box>
      <SignerPage token={session.token} embedded={{ hideFooter: session.hide_footer }} />
    </Box>
  );
}

/**
 * The frame stays open after its signer is done (or before their turn) while others sign: the
 * page asks the small status until it changes, then reads itself again, so paraaf:completed
 * (and the sealed documents) reach every frame still open, not only the last signer's.
 */
function useWaitForOthers(token: string, page: SigningPage | undefined) {
  const queryClient = useQueryClient();
  const isWaiting = page?.status === 'approved' || page?.status === 'not_your_turn';
  const status = useSigningStatus(token, page?.locale ?? 'nl', isWaiting);
  const now = status.data;
  useEffect(() => {
    if (!now || !page) return;
    if (now.status !== page.status || now.sign_request_state_id !== page.sign_request.state_id)
      void queryClient.invalidateQueries({ queryKey: signingPageKey(token) });
  }, [now, page, queryClient, token]);
}

/** `paraaf:resize` with the page's height whenever it changes, so the frame fits it. */
function useResizeEvents(channel: HostChannel) {
  useEffect(() => {
    const root = document.getElementById('root');
    if (!root || typeof ResizeObserver === 'undefined') return;
    let last = -1;
    const observer = new ResizeObserver(() => {
      const height = Math.ceil(root.getBoundingClientRect().height);
      if (height === last) return;
      last = height;
      channel.post({ type: 'paraaf:resize', height });
    });
    observer.observe(root);
    return () => observer.disconnect();
  }, [channel]);
}
