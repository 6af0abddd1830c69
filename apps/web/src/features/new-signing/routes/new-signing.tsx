import '@mantine/dates/styles.css';
import '@mantine/dropzone/styles.css';
import 'dayjs/locale/nl';
import { useEffect, useRef, useState } from 'react';
import {
  Alert,
  Anchor,
  Button,
  Center,
  em,
  Group,
  Loader,
  Paper,
  Progress,
  Stack,
  Stepper,
  Text,
} from '@mantine/core';
import { DatesProvider } from '@mantine/dates';
import { useForm } from '@mantine/form';
import { useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import {
  IconAlertTriangle,
  IconArrowLeft,
  IconArrowRight,
  IconCircleCheck,
  IconRestore,
  IconSend,
} from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate, useSearchParams } from 'react-router';
import {
  locales as contractLocales,
  REGISTRATION_CREDITS,
  type Company,
  type Department,
  type EmailTemplateDto,
} from '@paraaf/contract';
import { Page } from '../../../components/page';
import { paths } from '../../../config/paths';
import {
  hasFeature,
  hasPermission,
  localesQueryOptions,
  useCompany,
  useUser,
} from '../../../lib/auth';
import { isBeyondBalance, paidSendNotice, paidSendTexts } from '../../../lib/paid-send';
import { canConvertWord } from '../../../lib/upload-types';
import { useCompanyUsers } from '../api/get-company-users';
import { useDepartments } from '../api/get-departments';
import { useDefaultEmailTemplates, useEmailTemplates } from '../api/get-email-templates';
import {
  SendFailure,
  stageProgress,
  useSendSignRequest,
  type SendStage,
} from '../api/send-sign-request';
import { DiscardDraftButton } from '../components/discard-draft-button';
import { DocumentsStep } from '../components/documents-step';
import { PlanPrices } from '../components/plan-prices';
import { SendError, sendErrorFields } from '../components/send-error';
import { SettingsStep } from '../components/settings-step';
import { SignersStep } from '../components/signers-step';
import {
  allowsFormEdit,
  applyTemplateRouting,
  buildSignableForm,
  buildSignerBody,
  buildSignRequestBody,
  documentsWithMissingSigners,
  editorSigners,
  estimatedCredits,
  initialMessage,
  initialSettings,
  isDocumentsStepValid,
  isSignersStepValid,
  isSyncLocked,
  newSigner,
  sendBlockers,
  signerProblems,
  signersWithoutSignatureField,
  settingsErrors,
  signersStepErrors,
  signerTemplates,
  wizardContext,
  type DocumentItem,
  type WizardContext,
  type WizardValues,
} from '../lib/wizard';
import type { WizardDraft } from '../lib/draft-store';
import { useWizardDraft } from '../lib/use-wizard-draft';
import { texts } from '../texts';

/** /nieuwe-ondertekening (seed 000 §2 'New signing wizard'). */
export function NewSigningRoute() {
  const [params] = useSearchParams();
  const company = useCompany();
  const departments = useDepartments();
  const defaults = useDefaultEmailTemplates();
  const user = useUser();
  const drafts = useWizardDraft(user?.id);
  const justRegistered = params.get('register') === 'success';

  return (
    <Page title={texts.title}>
      {justRegistered && (
        <Alert
          color="teal"
          variant="light"
          icon={<IconCircleCheck />}
          title={texts.welcomeTitle}
          role="status"
        >
          {texts.welcome(REGISTRATION_CREDITS)}
        </Alert>
      )}
      {departments.isError ? (
        <Alert color="red" role="alert">
          {departments.error.message || 'Er is iets mis gegaan'}
        </Alert>
      ) : !company || departments.isPending || defaults.isPending || drafts.loading ? (
        <Center p="xl">
          <Loader role="status" aria-label="Laden" />
        </Center>
      ) : (
        <DatesProvider settings={{ locale: 'nl' }}>
          <Wizard
            company={company}
            departments={departments.data}
            defaults={defaults.data}
            drafts={drafts}
          />
        </DatesProvider>
      )}
    </Page>
  );
}

function Wizard({
  company,
  departments,
  defaults,
  drafts,
}: {
  company: Company;
  departments: Department[];
  defaults: EmailTemplateDto[] | undefined;
  drafts: ReturnType<typeof useWizardDraft>;
}) {
  const navigate = useNavigate();
  const user = useUser();
  const isPhone = useMediaQuery(`(max-width: ${em(767)})`) ?? false;
  const locales = useQuery(localesQueryOptions()).data ?? [];
  const mayListUsers = hasPermission(user, 'changeSignRequestViewerUser');
  const users = useCompanyUsers(mayListUsers);
  const templates = useEmailTemplates();
  const allTemplates = [...(templates.data ?? []), ...(defaults ?? [])];

  // A draft saved before a reload is where the wizard starts (read once, on mount).
  const [restored] = useState<WizardDraft | null>(drafts.draft);
  const [fromDraft, setFromDraft] = useState(restored !== null);
  const [showRestored, setShowRestored] = useState(restored !== null);
  const [active, setActive] = useState(restored?.step ?? 0);
  const [documents, setDocuments] = useState<DocumentItem[]>(restored?.documents ?? []);
  const [stage, setStage] = useState<SendStage | null>(null);
  const [failure, setFailure] = useState<SendFailure | null>(null);
  const [editOnOpen, setEditOnOpen] = useState<string | null>(null);
  const send = useSendSignRequest(setStage);

  const companyWithDepartments = { ...company, departments };
  const ctx: WizardContext = wizardContext(companyWithDepartments);

  const freshValues = (): WizardValues => ({
    signers: [newSigner()],
    is_sync: false,
    settings: initialSettings(companyWithDepartments, initialMessage(company.name, defaults)),
  });
  const form = useForm<WizardValues>({
    initialValues: restored?.values ?? freshValues(),
    // A draft restored on step 3 shows what still blocks sending on its fields, as goTo does.
    initialErrors: restored?.step === 2 ? settingsErrors(restored.values, ctx) : {},
    validate: (values) => {
      // Limits and departments do not change while the wizard is open; the clock does.
      const current = wizardContext(companyWithDepartments, new Date());
      return { ...signersStepErrors(values, current), ...settingsErrors(values, current) };
    },
    validateInputOnBlur: true,
    validateInputOnChange: [
      'settings.expires_at',
      'settings.department_id',
      'settings.emails',
      'settings.subject',
      'settings.message',
    ],
  });
  const values = form.getValues();

  // The draft follows every change until the request is sent or the user starts over.
  const finished = useRef(false);
  const hasDraft = fromDraft || form.isDirty() || documents.length > 0;
  const snapshot = JSON.stringify(values);
  const { save } = drafts;
  useEffect(() => {
    if (finished.current || !hasDraft) return;
    save({ step: active, values: JSON.parse(snapshot) as WizardValues, documents });
  }, [save, hasDraft, snapshot, documents, active]);

  async function startOver() {
    finished.current = true;
    await drafts.discard();
    const fresh = freshValues();
    form.setInitialValues(fresh);
    form.setValues(fresh);
    form.resetDirty(fresh);
    form.clearErrors();
    setDocuments([]);
    setFailure(null);
    setFromDraft(false);
    setShowRestored(false);
    setEditOnOpen(null);
    setActive(0);
    finished.current = false;
  }

  const localeOptions = (locales.length > 0 ? locales : contractLocales).map((l) => ({
    value: l.locale,
    label: l.name,
  }));
  const localeNames = Object.fromEntries(localeOptions.map((o) => [o.value, o.label]));

  const sending = send.isPending;
  // A draft that only lacks credits is complete: sending it again happens from its detail screen.
  const locked = sending || (failure?.signRequestId != null && isPaymentRequired(failure));
  const signersValid = isSignersStepValid(values, ctx);
  const documentsValid = isDocumentsStepValid(documents, values.signers.length);
  const missingSigners = documentsWithMissingSigners(documents, values.signers.length).length > 0;
  const syncLocked = isSyncLocked(documents);
  const blockers = sendBlockers(values, documents, ctx);
  const problems = signerProblems(values, ctx);
  const withoutSignatureField = signersWithoutSignatureField(values, documents);
  const readyDocuments = documents.filter((d) => d.status === 'ready');
  const mayBeSent = blockers.length === 0;
  const cost = estimatedCredits(values.signers, company.current_payment_plan.price);
  const paidNotice = paidSendNotice(company, cost);
  const beyondBalance = isBeyondBalance(company, cost);

  function goTo(step: number) {
    if (step !== 1) setEditOnOpen(null);
    // Step 3 opens with what still blocks sending marked on its fields (a department to choose).
    if (step === 2) form.setErrors({ ...form.errors, ...settingsErrors(values, ctx) });
    setActive(step);
    window.scrollTo({ top: 0 });
  }

  function next() {
    if (active === 0) {
      const errors = signersStepErrors(values, ctx);
      if (Object.keys(errors).length > 0) {
        form.setErrors(errors);
        return;
      }
    }
    goTo(active + 1);
  }

  async function submit() {
    if (locked) return;
    const errors = form.validate();
    if (errors.hasErrors || !mayBeSent) return;
    setFailure(null);
    const request = buildSignRequestBody(values, ctx, allTemplates, documents);
    try {
      const { id } = await send.mutateAsync({
        request,
        signers: values.signers.map((s, i) => ({
          body: buildSignerBody(
            s,
            signerTemplates(s, request.email_templates),
            allowsFormEdit(i, documents),
          ),
          locale: s.locale,
        })),
        signables: documents.map((d) => () => buildSignableForm(d)),
      });
      finished.current = true;
      await drafts.discard();
      notifications.show({ title: texts.sending.success, message: '', color: 'teal' });
      await navigate(paths.signing(id));
    } catch (error) {
      const sendFailure =
        error instanceof SendFailure ? error : new SendFailure(error, { kind: 'create' }, null);
      // Seed 000 §8: the failure is reported too; the console is what this app has for that.
      console.error(sendFailure.error);
      form.setErrors(sendErrorFields(sendFailure));
      setFailure(sendFailure);
      setStage(null);
    }
  }

  const stageText =
    stage?.kind === 'create'
      ? texts.sending.create
      : stage?.kind === 'signer'
        ? texts.sending.signer(stage.index + 1, stage.total)
        : stage?.kind === 'signable'
          ? texts.sending.signable(stage.index + 1, stage.total)
          : stage?.kind === 'ready'
            ? texts.sending.ready
            : '';

  return (
    <Stack gap="lg">
      <Stepper
        active={active}
        onStepClick={locked ? undefined : goTo}
        allowNextStepsSelect={false}
        size="sm"
        // A phone has no room for three steps in a row: they would wrap with their connecting
        // lines left dangling, so there the steps stand under each other.
        orientation={isPhone ? 'vertical' : 'horizontal'}
      >
        <Stepper.Step label={texts.steps.signers} description={texts.steps.signersDescription} />
        <Stepper.Step
          label={texts.steps.documents}
          description={texts.steps.documentsDescription}
        />
        <Stepper.Step label={texts.steps.settings} description={texts.steps.settingsDescription} />
      </Stepper>

      {showRestored && (
        <Alert
          color="blue"
          variant="light"
          radius="lg"
          icon={<IconRestore />}
          title={texts.draft.restoredTitle}
          withCloseButton
          closeButtonLabel={texts.draft.close}
          onClose={() => setShowRestored(false)}
          data-testid="draft-restored"
        >
          {texts.draft.restored}
        </Alert>
      )}

      <PlanPrices
        plan={company.current_payment_plan.price}
        idinEnabled={ctx.idinEnabled}
        walletEnabled={ctx.walletEnabled}
      />

      {active === 0 && (
        <SignersStep form={form} ctx={ctx} locales={localeOptions} syncLocked={syncLocked} />
      )}
      {active === 1 && (
        <DocumentsStep
          documents={documents}
          setDocuments={setDocuments}
          signers={editorSigners(values.signers)}
          canUseTemplates={hasFeature(company, 'templates') && hasPermission(user, 'getTemplates')}
          multipleDocuments={hasFeature(company, 'multiple_documents')}
          inputFields={hasFeature(company, 'input_fields')}
          wordConversion={canConvertWord(company)}
          disabled={locked}
          initialEditing={editOnOpen}
          onTemplateRouting={(routing) =>
            form.setFieldValue(
              'signers',
              applyTemplateRouting(form.getValues().signers, routing, ctx),
            )
          }
        />
      )}
      {active === 2 && (
        <SettingsStep
          form={form}
          ctx={ctx}
          departments={departments}
          users={mayListUsers ? (users.data ?? []) : undefined}
          templates={allTemplates}
          localeNames={localeNames}
        />
      )}

      {active === 2 && readyDocuments.length > 0 && withoutSignatureField.length > 0 && (
        <Alert color="yellow" variant="light" radius="lg" data-testid="auto-signature-warning">
          <Stack gap="xs" align="flex-start">
            {withoutSignatureField.map(({ name, found }) => (
              <Text key={name} size="sm">
                {found
                  ? texts.detectedSignature(
                      name,
                      found.options.label ?? texts.detectedPlace,
                      found.page,
                    )
                  : texts.autoSignature(name)}
              </Text>
            ))}
            <Button
              size="compact-sm"
              variant="default"
              disabled={locked}
              onClick={() => {
                setEditOnOpen(readyDocuments.at(-1)!.key);
                goTo(1);
              }}
            >
              {texts.placeSignature}
            </Button>
          </Stack>
        </Alert>
      )}

      {/* Warned before Verzenden: the free plan refuses a send beyond the balance (402), a paid
          plan bills the shortfall. */}
      {active === 2 && beyondBalance && !failure && (
        <Alert
          color="orange"
          variant="light"
          radius="lg"
          icon={<IconAlertTriangle />}
          title={paidNotice ? paidSendTexts.title : texts.notEnoughCredits}
          data-testid="credits-warning"
        >
          <Stack gap={4}>
            <Text size="sm">
              {paidNotice ??
                `${texts.sending.cost(cost)}. ${texts.sending.balance(Math.max(company.credits, 0))}`}
            </Text>
            {!paidNotice && (
              <Anchor component={Link} to={paths.credits} size="sm" fw={600}>
                {texts.sending.creditsLink}
              </Anchor>
            )}
          </Stack>
        </Alert>
      )}

      {failure && (
        <SendError failure={failure} onOpenDraft={(id) => void navigate(paths.signing(id))} />
      )}

      {sending && stage && (
        <Paper withBorder radius="lg" p="md" role="status" aria-live="polite">
          <Stack gap="xs">
            <Group gap="xs">
              <Loader size="xs" />
              <Text size="sm">{stageText}</Text>
            </Group>
            <Progress
              value={stageProgress(stage, values.signers.length, documents.length) * 100}
              animated
              aria-label={stageText}
            />
          </Stack>
        </Paper>
      )}

      <Paper withBorder radius="lg" p="md">
        <Group justify="space-between" align="flex-start" wrap="wrap" gap="md">
          <Stack gap={4}>
            {active === 0 &&
              !signersValid &&
              (problems.length > 0 ? (
                problems.map((problem) => (
                  <Text key={problem} size="sm" c="dimmed" data-testid="signer-problem">
                    {problem}
                  </Text>
                ))
              ) : (
                <Text size="sm" c="dimmed">
                  {values.signers.length === 0 ? texts.noSigners : texts.signer.fixErrors}
                </Text>
              ))}
            {active === 1 && !documentsValid && !missingSigners && (
              <Text size="sm" c="dimmed">
                {texts.noDocuments}
              </Text>
            )}
            {active === 2 &&
              blockers.map((blocker) => (
                <Text key={blocker} size="sm" c="red.7" data-testid="send-blocker">
                  {blocker}
                </Text>
              ))}
            {active === 2 && (
              <Text size="sm" c="dimmed">
                {texts.sending.cost(cost)}
                {company.current_payment_plan.price.type !== 'invoice' &&
                  ` ${texts.sending.balance(company.credits)}`}
              </Text>
            )}
            {active === 2 && paidNotice && !beyondBalance && (
              <Text size="sm" c="dimmed" data-testid="paid-send-notice">
                {paidNotice}
              </Text>
            )}
          </Stack>
          <Group gap="sm" ml="auto">
            {hasDraft && (
              <Text size="xs" c="dimmed" role="status" data-testid="draft-status">
                {drafts.status === 'saving'
                  ? texts.draft.saving
                  : drafts.status === 'saved'
                    ? texts.draft.saved
                    : ''}
              </Text>
            )}
            {hasDraft && (
              <DiscardDraftButton onDiscard={() => void startOver()} disabled={locked} />
            )}
            {active > 0 && (
              <Button
                variant="default"
                leftSection={<IconArrowLeft size={16} />}
                onClick={() => goTo(active - 1)}
                disabled={locked}
              >
                {texts.previous}
              </Button>
            )}
            {active < 2 ? (
              <Button
                rightSection={<IconArrowRight size={16} />}
                onClick={next}
                disabled={active === 0 ? !signersValid : !documentsValid}
              >
                {texts.next}
              </Button>
            ) : (
              <Button
                leftSection={<IconSend size={16} />}
                onClick={() => void submit()}
                loading={sending}
                disabled={!mayBeSent || locked}
              >
                {texts.send}
              </Button>
            )}
          </Group>
        </Group>
      </Paper>
    </Stack>
  );
}

function isPaymentRequired(failure: SendFailure): boolean {
  const error = failure.error as { status?: unknown } | null;
  return error?.status === 402;
}
