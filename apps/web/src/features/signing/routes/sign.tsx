import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { useParams, useSearchParams } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  Anchor,
  Box,
  Button,
  Center,
  Container,
  Grid,
  Group,
  Loader,
  Modal,
  Paper,
  Stack,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { fieldValueIssues, type SigningPage } from '@paraaf/contract';
import { SignerApiError, signerApi } from '../api/signer-api';
import { DelegateModal } from '../components/delegate-modal';
import { DocumentToolbar } from '../components/document-toolbar';
import { DocumentView } from '../components/document-view';
import { FormOverlay } from '../components/form-overlay';
import { fieldKey, fieldLabel, PageOverlay } from '../components/page-overlay';
import { SignerHeader } from '../components/signer-header';
import { StatusView } from '../components/status-view';
import {
  CodeStep,
  IdinResult,
  IdinStep,
  PadStep,
  StepProgress,
  stepLabel,
  type StepContext,
} from '../components/steps';
import { WalletStep } from '../components/wallet-step';
import { drawingImages } from '../lib/drawings';
import {
  formInputId,
  formKey,
  formPayload,
  initialFormValues,
  missingFormFields,
} from '../lib/form-fields';
import { displayMessage } from '../lib/message';
import { pageStatus, pollInterval } from '../lib/status';
import { signingPageKey } from '../lib/prefetch';
import { useKeptZoom } from '../lib/use-kept-zoom';
import { nextItem, remaining, walkItems, type WalkItem } from '../lib/walk';
import { errorText, useAction } from '../lib/use-action';
import { attachmentFileIssue, fieldIssueMessage } from '../lib/field-issues';
import { createTranslate, isSignerLocale, type SignerLocale } from '../texts';
import { loadPdfJs } from '../../../lib/pdfjs';
import { TIME_ZONE } from '../../../lib/format';
import { paths } from '../../../config/paths';
import tapTargets from '../../../components/tap-targets.module.css';

/** A button label that wraps (a field's name is long) instead of being cut off. */
const wrappingLabel = {
  label: { whiteSpace: 'normal', overflow: 'visible', textAlign: 'left' },
} as const;

/** Scrolls a field or box of the walk into view and gives it the focus. */
function focusStop(id: string) {
  const el = document.getElementById(id);
  el?.scrollIntoView({ block: 'center', inline: 'center' });
  el?.focus({ preventScroll: true });
}

function browserLocale(): SignerLocale {
  const lang = (typeof navigator === 'undefined' ? 'nl' : navigator.language).slice(0, 2);
  return isSignerLocale(lang) ? lang : 'nl';
}

/** `/ondertekenen/{token}`: the signer's page, outside the app (no login, no menu). */
export function SignRoute() {
  const { token = '' } = useParams();
  return <SignerPage token={token} />;
}

/**
 * The signer's page of a link token. `embedded`: inside another site's frame (features/signing/
 * embed), as high as its content and, when the sender chose so, without Paraaf's footer.
 */
export function SignerPage({
  token,
  embedded,
}: {
  token: string;
  embedded?: { hideFooter: boolean };
}) {
  const [search, setSearch] = useSearchParams();
  const [idinReturn] = useState<'ok' | 'failed' | null>(() => {
    const v = search.get('idin');
    return v === 'ok' || v === 'failed' ? v : null;
  });
  const [chosen, setChosen] = useState<SignerLocale | null>(null);
  const queryClient = useQueryClient();
  const queryKey = useMemo(() => signingPageKey(token), [token]);
  const query = useQuery({
    queryKey,
    queryFn: () => signerApi.page(token, chosen ?? 'nl'),
    retry: (count, error) =>
      !(error instanceof SignerApiError && error.status > 0 && error.status < 500) && count < 2,
    refetchOnWindowFocus: false,
    // While the documents are being sealed the page asks again, so the downloads appear by themselves.
    refetchInterval: (q) => pollInterval(q.state.data),
  });
  const page = query.data ?? null;
  const closedLink = query.error instanceof SignerApiError ? query.error.link : null;
  const locale: SignerLocale =
    chosen ??
    page?.locale ??
    (closedLink && isSignerLocale(closedLink.locale) ? closedLink.locale : browserLocale());
  const t = useMemo(() => createTranslate(locale), [locale]);

  // pdf.js (and its worker) download while the page's data loads, not after the document's bytes
  // arrived: the documents are what the signer came for.
  useEffect(() => {
    loadPdfJs().catch(() => undefined);
  }, []);

  // Back from iDIN: drop the marker from the address so a reload does not show it again.
  useEffect(() => {
    if (search.has('idin')) setSearch({}, { replace: true });
  }, [search, setSearch]);

  useEffect(() => {
    document.documentElement.lang = locale;
    document.title = page ? `${t('page.title')} · ${page.company.name}` : t('page.title');
  }, [locale, page, t]);

  const refresh = useCallback(async () => {
    await queryClient.invalidateQueries({ queryKey });
  }, [queryClient, queryKey]);

  const header = (
    <SignerHeader company={page?.company ?? null} locale={locale} onLocale={setChosen} t={t} />
  );
  const fileUrl = (id: number) => signerApi.fileUrl(token, id);

  let body;
  if (query.isPending) {
    body = (
      <Center py="xl" aria-live="polite">
        <Group gap="sm">
          <Loader size="sm" />
          <Text>{t('page.loading')}</Text>
        </Group>
      </Center>
    );
  } else if (query.isError) {
    const e = query.error;
    if (e instanceof SignerApiError && (e.status === 404 || e.status === 410)) {
      const status = e.link?.status === 'replaced' ? 'replaced' : 'unknown';
      body = <StatusView status={status} page={null} t={t} fileUrl={fileUrl} />;
    } else {
      body = (
        <Container size={640} py="xl" component="main">
          <Alert color="red" role="alert" title={errorText(e, t)}>
            <Button mt="sm" variant="default" onClick={() => void query.refetch()}>
              {t('error.retry')}
            </Button>
          </Alert>
        </Container>
      );
    }
  } else if (page && page.status !== 'open') {
    body = <StatusView status={pageStatus(page)} page={page} t={t} fileUrl={fileUrl} />;
  } else if (page) {
    body = (
      <OpenSigning
        token={token}
        locale={locale}
        page={page}
        t={t}
        refresh={refresh}
        idinReturn={idinReturn}
        embedded={Boolean(embedded)}
      />
    );
  }

  return (
    <Box mih={embedded ? undefined : '100dvh'} bg="gray.0">
      {header}
      {body}
      {!embedded?.hideFooter && (
        <Box component="footer" py="md" ta="center">
          <Anchor href={paths.accessibility} size="sm" c="dimmed">
            {t('page.accessibility')}
          </Anchor>
        </Box>
      )}
    </Box>
  );
}

interface OpenSigningProps extends StepContext {
  idinReturn: 'ok' | 'failed' | null;
}

function initialValues(page: SigningPage): Record<string, string | null> {
  const out: Record<string, string | null> = {};
  for (const d of page.documents) for (const f of d.fields) out[fieldKey(d.id, f.index)] = f.value;
  return out;
}

function OpenSigning({ token, locale, page, t, refresh, idinReturn, embedded }: OpenSigningProps) {
  const ctx: StepContext = { token, locale, page, t, refresh, embedded };
  const [values, setValues] = useState(() => initialValues(page));
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  // The PDF's own form fields (only for the signer allowed to edit forms).
  const [formValues, setFormValues] = useState(() => initialFormValues(page.documents));
  const [formErrors, setFormErrors] = useState<Record<string, string>>({});
  const [images, setImages] = useState<{ signature: string | null; paraph: string | null }>({
    signature: null,
    paraph: null,
  });
  // A drawing made in this visit, else the stored one (after a reload), else the marker label.
  const shown = drawingImages(page.drawings, images, (type) => signerApi.drawingUrl(token, type));
  const [declining, setDeclining] = useState(false);
  const [delegating, setDelegating] = useState(false);
  const [delegated, setDelegated] = useState(false);
  const [announcement, setAnnouncement] = useState('');
  const approve = useAction(t, refresh);
  const saveFieldsAction = useAction(t, refresh);

  const currentIndex = page.steps.findIndex((s) => !s.done);
  const current = currentIndex === -1 ? page.steps.length : currentIndex;
  const currentStep = page.steps[current];
  const allDone = current === page.steps.length;
  const isApprover = page.signer.role === 'approver';

  // Keyboard and screen-reader users land on the next step when one is finished.
  const heading = useRef<HTMLHeadingElement>(null);
  const previous = useRef(current);
  useEffect(() => {
    if (previous.current === current) return;
    const done = page.steps[previous.current];
    previous.current = current;
    if (done) setAnnouncement(`${t(stepLabel[done.type])}: ${t('step.done')}`);
    heading.current?.focus();
  }, [current, page.steps, t]);

  const allFields = page.documents.flatMap((d) => d.fields.map((f) => ({ d, f })));
  // The same rules as the server's: each value against its type, required by rule or condition,
  // hidden fields left out.
  // Said in the signer's language; a value that does not fit is also named in the step's list.
  const problems = new Map<string, string>();
  const misfits = new Set<string>();
  for (const d of page.documents) {
    const raw = new Map(d.fields.map((f) => [f.index, values[fieldKey(d.id, f.index)] ?? null]));
    for (const [index, found] of fieldValueIssues(d.fields, raw)) {
      problems.set(fieldKey(d.id, index), fieldIssueMessage(found, t));
      if (found.key !== 'required') misfits.add(fieldKey(d.id, index));
    }
  }
  const missing = allFields.filter(({ d, f }) => problems.has(fieldKey(d.id, f.index)));
  const attach = async (key: string, docId: number, index: number, file: File) => {
    const refused = attachmentFileIssue(file);
    if (refused) {
      setFieldErrors((errs) => ({ ...errs, [key]: fieldIssueMessage(refused, t) }));
      return;
    }
    try {
      const described = await signerApi.uploadAttachment(
        token,
        locale,
        { signable_id: docId, index },
        file,
      );
      setValues((v) => ({ ...v, [key]: JSON.stringify(described) }));
      setFieldErrors(({ [key]: _, ...rest }) => rest);
    } catch (e) {
      setFieldErrors((errs) => ({ ...errs, [key]: errorText(e, t, 'file') }));
    }
  };

  const formMissing = missingFormFields(page.documents, formValues);

  // 'Volgende veld': every field, signature and paraaf box of this signer, in reading order.
  const [zoom, setZoom] = useKeptZoom();
  const signerName = `${page.signer.firstname} ${page.signer.lastname}`.trim();
  const stops = walkItems(page.documents, {
    values,
    formValues,
    hasSignature: Boolean(shown.signature),
    hasParaph: Boolean(shown.paraph),
  });
  const todo = remaining(stops);
  const [lastStop, setLastStop] = useState<string | null>(null);
  // 'Tekst lezen': the documents' text reflowed; a field is filled on its page, so going to one
  // switches back to the pages first.
  const [reading, setReading] = useState(false);
  const describe = (item: WalkItem): string => {
    if (item.kind === 'signature') return t('marker.signatureOf', { name: signerName });
    if (item.kind === 'paraph') return t('marker.paraphOf', { name: signerName });
    if (item.kind === 'form') return t('form.field', { name: item.name ?? '' });
    const field = page.documents
      .find((d) => d.id === item.docId)
      ?.fields.find((f) => fieldKey(item.docId, f.index) === item.key);
    return field ? fieldLabel(t, field, item.n ?? 1, signerName) : '';
  };
  const goTo = (item: WalkItem) => {
    setLastStop(item.id);
    // The pages (with the field over them) are in the DOM before it is scrolled to.
    if (reading) flushSync(() => setReading(false));
    focusStop(item.id);
  };
  const goToNext = () => {
    const focused = document.activeElement?.id ?? null;
    const at = stops.some((s) => s.id === focused) ? focused : lastStop;
    const next = nextItem(stops, at);
    if (next) goTo(next);
  };
  /** A signature or paraaf box: the step where it is drawn, or the step at hand. */
  const showStep = () => {
    heading.current?.scrollIntoView({ block: 'center' });
    heading.current?.focus({ preventScroll: true });
  };
  const hasForms = page.documents.some((d) => d.form_fields.length > 0);

  /** Saves one form value when it is final (a choice made, a text field left). */
  const commitFormValue = (key: string, value: string | null) => {
    const item = formPayload(page.documents, formValues).find(
      (f) => formKey(f.signable_id, f.name) === key,
    );
    if (!item) return;
    signerApi.saveFormFields(token, locale, [{ ...item, value }]).then(
      () => setFormErrors(({ [key]: _, ...rest }) => rest),
      (e: unknown) =>
        setFormErrors((errs) => ({ ...errs, [key]: errorText(e, t, 'fields.0.value') })),
    );
  };

  const fieldPayload = () =>
    allFields.map(({ d, f }) => ({
      signable_id: d.id,
      index: f.index,
      value: values[fieldKey(d.id, f.index)] ?? null,
    }));

  const saveFields = async (): Promise<boolean> => {
    if (missing.length > 0) {
      setFieldErrors(
        Object.fromEntries(
          missing.map(({ d, f }) => [
            fieldKey(d.id, f.index),
            problems.get(fieldKey(d.id, f.index))!,
          ]),
        ),
      );
      saveFieldsAction.setError(t('fields.missing', { count: missing.length }));
      return false;
    }
    setFieldErrors({});
    return saveFieldsAction.run(() => signerApi.saveFields(token, locale, fieldPayload()));
  };

  const stepPanel = () => {
    if (!currentStep) return null;
    switch (currentStep.type) {
      case 'email':
        return <CodeStep key="email" ctx={ctx} channel="email" />;
      case 'sms':
        return <CodeStep key="sms" ctx={ctx} channel="sms" />;
      case 'idin':
        return <IdinStep ctx={ctx} returned={idinReturn} />;
      case 'wallet':
        return <WalletStep ctx={ctx} />;
      case 'signature':
      case 'paraph': {
        const type = currentStep.type;
        return (
          <PadStep
            key={type}
            ctx={ctx}
            type={type}
            onSaved={(image) => setImages((i) => ({ ...i, [type]: image }))}
          />
        );
      }
      case 'fields':
        return (
          <Stack gap="sm">
            <Text>{t('fields.intro')}</Text>
            {missing.length > 0 && (
              <Stack gap={4}>
                {stops
                  .filter((item) => item.kind === 'field' && problems.has(item.key!))
                  .map((item) => (
                    <Button
                      key={item.id}
                      variant="subtle"
                      size="compact-sm"
                      justify="flex-start"
                      h="auto"
                      py={4}
                      styles={wrappingLabel}
                      onClick={() => goTo(item)}
                    >
                      {t('fields.goto')}: {describe(item)}
                      {misfits.has(item.key!) && ` – ${problems.get(item.key!)}`}
                    </Button>
                  ))}
              </Stack>
            )}
            <div aria-live="assertive">
              {saveFieldsAction.error && (
                <Text c="red" size="sm" role="alert">
                  {saveFieldsAction.error}
                </Text>
              )}
            </div>
            <Group>
              <Button
                loading={saveFieldsAction.busy}
                onClick={() =>
                  void saveFields().then(async (ok) => {
                    if (ok) await refresh();
                  })
                }
              >
                {t('fields.save')}
              </Button>
            </Group>
          </Stack>
        );
    }
  };

  const stepTitle = allDone ? t('step.approve') : currentStep ? t(stepLabel[currentStep.type]) : '';
  const expires = new Intl.DateTimeFormat(locale, {
    dateStyle: 'long',
    timeStyle: 'short',
    timeZone: TIME_ZONE,
  }).format(new Date(page.sign_request.expires_at));
  const message = displayMessage(page);
  const hasFieldsStep = page.steps.some((s) => s.type === 'fields');

  const stepsCard = (
    <Paper
      withBorder
      radius="md"
      p="md"
      shadow="xs"
      component="section"
      aria-labelledby="step-title"
    >
      <Stack gap="md">
        <StepProgress steps={page.steps} current={current} t={t} />
        <div>
          <Text size="xs" c="dimmed">
            {t('page.stepOf', { step: current + 1, count: page.steps.length + 1 })}
          </Text>
          <Title order={2} fz="lg" id="step-title" ref={heading} tabIndex={-1}>
            {stepTitle}
          </Title>
        </div>
        <div aria-live="polite" style={{ position: 'absolute', left: -10000 }}>
          {announcement}
        </div>
        {page.idin.status === 'verified' && page.steps.some((s) => s.type === 'idin') && (
          <IdinResult page={page} t={t} />
        )}
        {allDone ? (
          <Stack gap="sm">
            <Text>{t(isApprover ? 'approver.intro' : 'approve.intro')}</Text>
            <Text size="sm" data-testid="consent">
              {t(isApprover ? 'approver.consent' : 'approve.consent')}{' '}
              <Anchor href={page.legal.terms_url} target="_blank" rel="noopener noreferrer" inherit>
                {t('approve.terms')}
              </Anchor>
              {' · '}
              <Anchor
                href={page.legal.privacy_url}
                target="_blank"
                rel="noopener noreferrer"
                inherit
              >
                {t('approve.privacy')}
              </Anchor>
            </Text>
            <div aria-live="assertive">
              {approve.error && (
                <Alert color="red" variant="light" role="alert">
                  {approve.error}
                </Alert>
              )}
            </div>
            <Button
              size="md"
              color="teal"
              loading={approve.busy}
              variant={todo.length > 0 ? 'outline' : 'filled'}
              style={{ whiteSpace: 'normal', height: 'auto', minHeight: 42 }}
              onClick={() =>
                void (async () => {
                  const first = todo[0];
                  if (first) {
                    // Not yet: the button said what is missing; it takes the signer there.
                    setFieldErrors(
                      Object.fromEntries(
                        todo
                          .filter((i) => i.kind === 'field' && i.key)
                          .map((i) => [i.key!, t('fields.required')]),
                      ),
                    );
                    approve.setError(t('fields.missing', { count: todo.length }));
                    goTo(first);
                    return;
                  }
                  if (formMissing.length > 0) {
                    setFormErrors(
                      Object.fromEntries(
                        formMissing.map(({ doc, field }) => [
                          formKey(doc.id, field.name),
                          t('fields.required'),
                        ]),
                      ),
                    );
                    approve.setError(t('form.missing', { count: formMissing.length }));
                    const first = formMissing[0]!;
                    const el = document.getElementById(formInputId(first.doc.id, first.field.name));
                    el?.scrollIntoView({ block: 'center' });
                    el?.focus();
                    return;
                  }
                  const ok = await approve.run(async () => {
                    // Fields edited after the fields step was done are saved with the approval.
                    if (hasFieldsStep) await signerApi.saveFields(token, locale, fieldPayload());
                    if (hasForms) {
                      await signerApi.saveFormFields(
                        token,
                        locale,
                        formPayload(page.documents, formValues),
                      );
                    }
                    await signerApi.approve(token, locale);
                  }, 'fields');
                  if (ok) await refresh();
                })()
              }
            >
              {todo[0]
                ? t('approve.missingFirst', { what: describe(todo[0]) })
                : t(isApprover ? 'approver.button' : 'approve.button')}
            </Button>
          </Stack>
        ) : (
          stepPanel()
        )}
        <Group justify="flex-end">
          {page.sign_request.allow_delegation && (
            <Button variant="subtle" onClick={() => setDelegating(true)}>
              {t('delegate.button')}
            </Button>
          )}
          <Button variant="subtle" color="red" onClick={() => setDeclining(true)}>
            {t('decline.button')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );

  if (delegated) {
    return (
      <Container size="sm" py="xl" component="main">
        <Alert color="teal" role="status">
          {t('delegate.done')}
        </Alert>
      </Container>
    );
  }

  return (
    <Container
      size="lg"
      py="md"
      px={{ base: 'xs', sm: 'md' }}
      component="main"
      className={tapTargets.tapTargets}
    >
      <Stack gap="md">
        <Paper withBorder radius="md" p="md" shadow="xs">
          <Stack gap={6}>
            <Title order={1} fz={{ base: 20, sm: 24 }} style={{ overflowWrap: 'anywhere' }}>
              {page.sign_request.subject}
            </Title>
            <Text size="sm" c="dimmed">
              {page.sign_request.sender_name
                ? t('page.from', {
                    sender: page.sign_request.sender_name,
                    company: page.company.name,
                  })
                : t('page.fromCompany', { company: page.company.name })}
              {' · '}
              {t('page.expires', { date: expires })}
            </Text>
            {!message && <Text mt="xs">{t('page.greeting', { name: page.signer.firstname })}</Text>}
            {message && (
              <Box
                component="blockquote"
                aria-label={t('page.message')}
                m={0}
                pl="sm"
                style={{
                  borderLeft: '3px solid var(--mantine-color-gray-3)',
                  whiteSpace: 'pre-wrap',
                  overflowWrap: 'anywhere',
                }}
              >
                {message}
              </Box>
            )}
            <Text size="sm">{t('page.intro')}</Text>
          </Stack>
        </Paper>
        <Grid gap="md">
          <Grid.Col span={{ base: 12, md: 4 }} order={{ base: 1, md: 2 }}>
            <Box style={{ position: 'sticky', top: 12 }}>{stepsCard}</Box>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 8 }} order={{ base: 2, md: 1 }}>
            <Stack gap="xl" component="section" aria-label={t('page.documents')}>
              <DocumentToolbar
                t={t}
                zoom={zoom}
                onZoom={setZoom}
                stops={stops.length}
                left={todo.length}
                onNext={goToNext}
                reading={reading}
                onReading={setReading}
              />
              {page.documents.map((doc) => (
                <DocumentView
                  key={doc.id}
                  doc={doc}
                  t={t}
                  token={token}
                  zoom={zoom}
                  onZoom={setZoom}
                  downloadUrl={signerApi.fileUrl(token, doc.id)}
                  reading={reading}
                  readingExtras={(n) => {
                    const here = stops.filter((s) => s.docId === doc.id && s.page === n);
                    if (here.length === 0) return null;
                    return (
                      <Stack gap={4} mt="sm" role="group" aria-label={t('reading.fieldsHere')}>
                        <Text size="sm" fw={600}>
                          {t('reading.fieldsHere')}
                        </Text>
                        {here.map((item) => (
                          <Button
                            key={item.id}
                            variant="light"
                            size="compact-md"
                            justify="flex-start"
                            h="auto"
                            mih={36}
                            py={6}
                            styles={wrappingLabel}
                            onClick={() => goTo(item)}
                          >
                            {t('fields.goto')}: {describe(item)}
                          </Button>
                        ))}
                      </Stack>
                    );
                  }}
                  overlay={(n, width) => (
                    <>
                      <PageOverlay
                        doc={doc}
                        page={n}
                        t={t}
                        signerName={signerName}
                        width={width}
                        onMarker={showStep}
                        signatureImage={shown.signature}
                        paraphImage={shown.paraph}
                        values={values}
                        errors={fieldErrors}
                        disabled={false}
                        onValue={(key, value) => {
                          setValues((v) => ({ ...v, [key]: value }));
                          setFieldErrors(({ [key]: _, ...rest }) => rest);
                        }}
                        onAttach={(key, index, file) => attach(key, doc.id, index, file)}
                      />
                      {doc.form_fields.length > 0 && (
                        <FormOverlay
                          doc={doc}
                          page={n}
                          t={t}
                          width={width}
                          values={formValues}
                          errors={formErrors}
                          disabled={false}
                          onValue={(key, value) => {
                            setFormValues((v) => ({ ...v, [key]: value }));
                            setFormErrors(({ [key]: _, ...rest }) => rest);
                          }}
                          onCommit={commitFormValue}
                        />
                      )}
                    </>
                  )}
                />
              ))}
            </Stack>
          </Grid.Col>
        </Grid>
      </Stack>
      <DeclineModal opened={declining} onClose={() => setDeclining(false)} ctx={ctx} />
      <DelegateModal
        opened={delegating}
        onClose={() => setDelegating(false)}
        onDone={() => {
          setDelegating(false);
          setDelegated(true);
        }}
        token={token}
        locale={locale}
        t={t}
      />
    </Container>
  );
}

function DeclineModal({
  opened,
  onClose,
  ctx,
}: {
  opened: boolean;
  onClose: () => void;
  ctx: StepContext;
}) {
  const { t, token, locale } = ctx;
  const [reason, setReason] = useState('');
  const [required, setRequired] = useState(false);
  const decline = useAction(t, ctx.refresh);
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('decline.title')}
      centered
      closeButtonProps={{ 'aria-label': t('page.close') }}
    >
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (!reason.trim()) {
            setRequired(true);
            return;
          }
          setRequired(false);
          void decline
            .run(() => signerApi.decline(token, locale, reason.trim()), 'reason')
            .then(async (ok) => {
              if (ok) {
                onClose();
                await ctx.refresh();
              }
            });
        }}
      >
        <Stack gap="sm">
          <Text size="sm">{t('decline.intro')}</Text>
          <Textarea
            label={t('decline.reason')}
            withAsterisk
            aria-required
            autosize
            minRows={3}
            maxLength={2000}
            value={reason}
            onChange={(e) => setReason(e.currentTarget.value)}
            error={required ? t('decline.required') : decline.error}
            data-autofocus
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('decline.cancel')}
            </Button>
            <Button type="submit" color="red" loading={decline.busy}>
              {t('decline.confirm')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
