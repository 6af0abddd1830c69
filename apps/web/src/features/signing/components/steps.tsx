import { useEffect, useState } from 'react';
import { Alert, Button, Group, Stack, Table, Text, TextInput, ThemeIcon } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import {
  EMBED_IDIN_MESSAGE,
  idinDisplayRows,
  type SigningPage,
  type SigningStepType,
} from '@paraaf/contract';
import { CodeInput } from '../../../components/code-input';
import { formatDate } from '../../../lib/format';
import { signerApi } from '../api/signer-api';
import { HANDWRITING_FONT, loadHandwriting } from '../lib/handwriting';
import { codeTime, pendingCodeUntil } from '../lib/pending-code';
import { exportStrokes, exportTypedName, type Stroke } from '../lib/signature-pad';
import { useAction } from '../lib/use-action';
import { useSigningStatus } from '../lib/use-signing-status';
import { isTextKey, type SignerLocale, type TextKey, type Translate } from '../texts';
import { SignaturePad } from './signature-pad';

export interface StepContext {
  token: string;
  locale: SignerLocale;
  page: SigningPage;
  t: Translate;
  /** Reload the page data after a step changed something. */
  refresh: () => Promise<void>;
  /** Inside another site's frame: what may not be framed (the bank) opens in a window of its own. */
  embedded?: boolean;
}

export const stepLabel: Record<SigningStepType, TextKey> = {
  email: 'step.email',
  sms: 'step.sms',
  idin: 'step.idin',
  wallet: 'step.wallet',
  signature: 'step.signature',
  paraph: 'step.paraph',
  fields: 'step.fields',
};

/** The progress of the steps and the final approval, as an ordered list. */
export function StepProgress({
  steps,
  current,
  t,
}: {
  steps: SigningPage['steps'];
  current: number;
  t: Translate;
}) {
  const all = [
    ...steps.map((s) => ({ label: t(stepLabel[s.type]), done: s.done })),
    {
      label: t('step.approve'),
      done: false,
    },
  ];
  return (
    <nav aria-label={t('page.progress')}>
      <ol
        style={{
          listStyle: 'none',
          padding: 0,
          margin: 0,
          display: 'flex',
          flexWrap: 'wrap',
          gap: 8,
        }}
      >
        {all.map((s, i) => {
          const isCurrent = i === current;
          return (
            <li
              key={i}
              aria-current={isCurrent ? 'step' : undefined}
              style={{ display: 'flex', alignItems: 'center', gap: 6 }}
            >
              <ThemeIcon
                size={24}
                radius="xl"
                variant={s.done ? 'filled' : isCurrent ? 'light' : 'default'}
                color={s.done ? 'teal' : 'blue'}
                aria-hidden
              >
                {s.done ? <IconCheck size={14} /> : <Text size="xs">{i + 1}</Text>}
              </ThemeIcon>
              <Text size="sm" fw={isCurrent ? 700 : 400} c={s.done ? 'dimmed' : undefined}>
                {s.label}
                <span className="visually-hidden" style={srOnly}>
                  {' '}
                  ({s.done ? t('step.done') : isCurrent ? t('step.current') : t('step.todo')})
                </span>
              </Text>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}

export const srOnly = {
  position: 'absolute',
  width: 1,
  height: 1,
  padding: 0,
  margin: -1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
  border: 0,
} as const;

/** E-mail or SMS: send a code, type the six digits, verify. */
export function CodeStep({ ctx, channel }: { ctx: StepContext; channel: 'email' | 'sms' }) {
  const { t, token, locale, page } = ctx;
  // A code sent before a reload can still be entered: show its input straight away.
  const [pendingUntil, setPendingUntil] = useState(() => pendingCodeUntil(page, channel));
  const [sent, setSent] = useState(pendingUntil !== null);
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | null>(null);
  // Bumped when a code was sent or a wrong one cleared: the first code box takes the focus.
  const [focusCode, setFocusCode] = useState(0);
  const send = useAction(t, ctx.refresh);
  const verify = useAction(t, ctx.refresh);
  const target: Record<string, string> =
    channel === 'email' ? { email: page.signer.email } : { phone: page.signer.phone_masked ?? '' };

  const submit = async (digits: string) => {
    if (verify.busy) return;
    if (!/^\d{6}$/.test(digits)) {
      setCodeError(t('code.invalid'));
      return;
    }
    setCodeError(null);
    const ok = await verify.run(() => signerApi.verifyCode(token, locale, channel, digits), 'code');
    if (ok) await ctx.refresh();
    else {
      setCode('');
      setFocusCode((n) => n + 1);
    }
  };

  return (
    <Stack gap="sm">
      <Text>{t(channel === 'email' ? 'code.emailIntro' : 'code.smsIntro', target)}</Text>
      <div aria-live="polite">
        {sent && (
          <Alert color="teal" variant="light">
            {pendingUntil
              ? t(channel === 'email' ? 'code.pendingEmail' : 'code.pendingSms', {
                  ...target,
                  time: codeTime(pendingUntil, locale),
                })
              : t(channel === 'email' ? 'code.sentEmail' : 'code.sentSms', target)}
          </Alert>
        )}
        {send.error && (
          <Alert color="red" variant="light" role="alert">
            {send.error}
          </Alert>
        )}
      </div>
      <Group>
        <Button
          variant={sent ? 'default' : 'filled'}
          loading={send.busy}
          onClick={() =>
            void send
              .run(() => signerApi.sendCode(token, locale, channel))
              .then((ok) => {
                if (!ok) return;
                setPendingUntil(null);
                setSent(true);
                setFocusCode((n) => n + 1);
              })
          }
        >
          {sent ? t('code.resend') : t(channel === 'email' ? 'code.sendEmail' : 'code.sendSms')}
        </Button>
      </Group>
      {sent && (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            void submit(code);
          }}
        >
          <Stack gap="xs">
            <Text component="label" htmlFor={`code-${channel}`} size="sm" fw={500}>
              {t('code.label')}
            </Text>
            <CodeInput
              id={`code-${channel}`}
              length={6}
              value={code}
              onChange={setCode}
              onComplete={(digits) => void submit(digits)}
              error={Boolean(codeError ?? verify.error)}
              aria-label={t('code.label')}
              digitLabel={(n) => `${t('code.label')} ${n}`}
              focusSignal={focusCode}
            />
            <div aria-live="assertive">
              {(codeError ?? verify.error) && (
                <Text c="red" size="sm" role="alert">
                  {codeError ?? verify.error}
                </Text>
              )}
            </div>
            <Group>
              <Button type="submit" loading={verify.busy}>
                {t('code.verify')}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Stack>
  );
}

/**
 * iDIN: off to the bank (or the simulator), which sends the browser back with ?idin=ok|failed.
 * Embedded, the bank opens in a window of its own (no bank lets itself be framed).
 */
export function IdinStep({
  ctx,
  returned,
}: {
  ctx: StepContext;
  returned: 'ok' | 'failed' | null;
}) {
  const { t, token, locale, page } = ctx;
  const start = useAction(t, ctx.refresh);
  const bankWindow = useBankWindow(ctx);
  const failed = (returned === 'failed' || page.idin.status === 'failed') && !bankWindow.isWaiting;
  return (
    <Stack gap="sm">
      <Text>{t('idin.intro')}</Text>
      <div aria-live="polite">
        {failed && (
          <Alert color="red" variant="light" role="alert">
            {t('idin.failed')}
          </Alert>
        )}
        {start.error && (
          <Alert color="red" variant="light" role="alert">
            {start.error}
          </Alert>
        )}
        {bankWindow.isBlocked && (
          <Alert color="red" variant="light" role="alert">
            {t('idin.blocked')}
          </Alert>
        )}
        {bankWindow.isWaiting && (
          <Alert color="blue" variant="light" role="status">
            {t('idin.window')}
          </Alert>
        )}
      </div>
      <Group>
        <Button
          loading={start.busy}
          onClick={() => {
            if (!ctx.embedded) {
              void start.run(async () => {
                const { redirect_url } = await signerApi.startIdin(token, locale);
                window.location.assign(redirect_url);
              });
              return;
            }
            // Opened in the click itself, or the browser blocks it; the bank's address follows.
            const opened = window.open('', 'paraaf-idin', 'popup,width=560,height=760');
            bankWindow.setBlocked(!opened);
            if (!opened) return;
            void start.run(async () => {
              try {
                const { redirect_url } = await signerApi.startIdin(token, locale, true);
                opened.location.href = redirect_url;
                bankWindow.wait();
              } catch (error) {
                opened.close();
                throw error;
              }
            });
          }}
        >
          {t('idin.start')}
        </Button>
      </Group>
    </Stack>
  );
}

/**
 * The bank's window of an embedded page: its return page posts EMBED_IDIN_MESSAGE here when the
 * browser kept the two connected; the page also asks the signer's status until the check is no
 * longer running (a bank's own opener policy may cut the connection, and a third-party frame
 * shares no storage with a window of its own).
 */
function useBankWindow(ctx: StepContext) {
  // When the window was sent to the bank: only a status read after that counts.
  const [since, setSince] = useState<number | null>(null);
  const [isBlocked, setBlocked] = useState(false);
  const { refresh } = ctx;
  const status = useSigningStatus(ctx.token, ctx.locale, since !== null);
  const idin = status.data?.idin_status;
  const isFinished =
    since !== null && status.dataUpdatedAt >= since && (idin === 'verified' || idin === 'failed');
  const isWaiting = since !== null && !isFinished;
  useEffect(() => {
    if (isFinished) void refresh();
  }, [isFinished, refresh]);
  useEffect(() => {
    if (!isWaiting) return;
    const onMessage = (event: MessageEvent) => {
      const data = event.data as { type?: unknown } | null;
      if (event.origin !== window.location.origin || data?.type !== EMBED_IDIN_MESSAGE) return;
      setSince(null);
      void refresh();
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [isWaiting, refresh]);
  return { isWaiting, isBlocked, setBlocked, wait: () => setSince(Date.now()) };
}

/** An attribute's label in the signer's language; an attribute we have no label for keeps its key. */
function attributeLabel(t: Translate, key: string): string {
  const textKey = `idin.attr.${key}`;
  return isTextKey(textKey) ? t(textKey) : key;
}

/** The attributes the bank shared, shown back to the signer after a successful check. */
export function IdinResult({ page, t }: { page: SigningPage; t: Translate }) {
  // The order and the lines (name, address) of the audit certificate; dates as DD-MM-YYYY.
  const entries = idinDisplayRows(page.idin.attributes, (date) => formatDate(date) || date).map(
    (row) => [row.key, row.value] as const,
  );
  return (
    <Stack gap="xs">
      <Alert color="teal" variant="light">
        {t('idin.ok')}
      </Alert>
      {entries.length > 0 && (
        <Table aria-label={t('idin.shared')} withRowBorders={false}>
          <Table.Tbody>
            {entries.map(([k, v]) => (
              <Table.Tr key={k}>
                <Table.Th scope="row">{attributeLabel(t, k)}</Table.Th>
                <Table.Td>{v}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}

/** The typed name as the image that will be saved, once the handwriting font is there. */
function useTypedPreview(typed: string): string | null {
  const [preview, setPreview] = useState<string | null>(null);
  useEffect(() => {
    let current = true;
    void loadHandwriting(typed).then(() => {
      if (current) setPreview(exportTypedName(typed));
    });
    return () => {
      current = false;
    };
  }, [typed]);
  return preview;
}

/**
 * Draw a signature or initials, or type them (rendered in a handwriting font): typing is the
 * way for keyboard and screen-reader users, so that mode needs nothing but keys.
 */
export function PadStep({
  ctx,
  type,
  onSaved,
}: {
  ctx: StepContext;
  type: 'signature' | 'paraph';
  onSaved: (image: string) => void;
}) {
  const { t, token, locale, page } = ctx;
  const [strokes, setStrokes] = useState<Stroke[]>([]);
  const [typed, setTyped] = useState('');
  const [mode, setMode] = useState<'draw' | 'type'>('draw');
  const [empty, setEmpty] = useState(false);
  const save = useAction(t, ctx.refresh);
  const preview = useTypedPreview(mode === 'type' ? typed : '');
  const isSignature = type === 'signature';
  const initials =
    `${page.signer.firstname.charAt(0)}${page.signer.lastname.charAt(0)}`.toUpperCase();

  const submit = async () => {
    let image: string | null;
    if (mode === 'draw') image = exportStrokes(strokes);
    else {
      await loadHandwriting(typed);
      image = exportTypedName(typed);
    }
    if (!image) {
      setEmpty(true);
      return;
    }
    setEmpty(false);
    const ok = await save.run(() => signerApi.saveSignature(token, locale, type, image), 'image');
    if (ok) {
      onSaved(image);
      await ctx.refresh();
    }
  };

  const intro =
    mode === 'draw'
      ? t(isSignature ? 'pad.signatureIntro' : 'pad.paraphIntro')
      : t(isSignature ? 'pad.typeSignatureIntro' : 'pad.typeParaphIntro');

  return (
    <Stack gap="sm">
      <Text>{intro}</Text>
      {mode === 'draw' ? (
        <SignaturePad
          label={t(isSignature ? 'pad.signatureLabel' : 'pad.paraphLabel')}
          strokes={strokes}
          onStrokesChange={(s) => {
            setStrokes(s);
            setEmpty(false);
          }}
          height={isSignature ? 180 : 140}
        />
      ) : (
        <>
          <TextInput
            label={t(isSignature ? 'pad.typeSignature' : 'pad.typeParaph')}
            value={typed}
            // The field appears because the signer asked for it: the focus goes there.
            autoFocus
            autoComplete={isSignature ? 'name' : 'off'}
            onChange={(e) => {
              setTyped(e.currentTarget.value);
              setEmpty(false);
            }}
            onKeyDown={(e) => {
              if (e.key === 'Enter') {
                e.preventDefault();
                void submit();
              }
            }}
            placeholder={
              isSignature ? `${page.signer.firstname} ${page.signer.lastname}` : initials
            }
            styles={{ input: { fontFamily: HANDWRITING_FONT, fontSize: 26 } }}
          />
          {preview && (
            <img
              src={preview}
              alt={t(isSignature ? 'pad.previewSignature' : 'pad.previewParaph')}
              style={{
                display: 'block',
                maxWidth: '100%',
                height: isSignature ? 64 : 48,
                objectFit: 'contain',
                objectPosition: 'left center',
                background: 'white',
                border: '1px solid var(--mantine-color-gray-3)',
                borderRadius: 'var(--mantine-radius-md)',
              }}
            />
          )}
        </>
      )}
      <div aria-live="assertive">
        {(empty || save.error) && (
          <Text c="red" size="sm" role="alert">
            {empty ? t(mode === 'draw' ? 'pad.empty' : 'pad.emptyTyped') : save.error}
          </Text>
        )}
      </div>
      <Group justify="space-between">
        <Group gap="xs">
          {mode === 'draw' && (
            <Button variant="default" onClick={() => setStrokes([])} disabled={!strokes.length}>
              {t('pad.clear')}
            </Button>
          )}
          <Button
            variant="subtle"
            onClick={() => {
              setMode(mode === 'draw' ? 'type' : 'draw');
              setEmpty(false);
            }}
          >
            {t(mode === 'draw' ? 'pad.typeInstead' : 'pad.drawInstead')}
          </Button>
        </Group>
        <Button onClick={() => void submit()} loading={save.busy}>
          {t('pad.save')}
        </Button>
      </Group>
    </Stack>
  );
}
