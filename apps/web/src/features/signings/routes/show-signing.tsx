import { useEffect, useState, type ReactNode } from 'react';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Center,
  Group,
  Loader,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  IconAlertTriangle,
  IconArrowLeft,
  IconDownload,
  IconEye,
  IconHistory,
  IconDeviceTablet,
  IconUserShare,
  IconInfoCircle,
  IconPencil,
  IconBell,
  IconSend,
  IconX,
} from '@tabler/icons-react';
import { Link, useParams } from 'react-router';
import {
  locales,
  type Company,
  type SignableDto,
  type SignerDto,
  type SignRequestDetail,
  type User,
} from '@paraaf/contract';
import { Page } from '../../../components/page';
import { paths } from '../../../config/paths';
import { isApiError } from '../../../lib/api-client';
import { hasFeature, hasPermission, useCompany, useUser } from '../../../lib/auth';
import { paidSendNotice, paidSendTexts } from '../../../lib/paid-send';
import { formatBytes, formatDate, formatDateTime, formatTime } from '../../../lib/format';
import { useSendReminder, useSendSignRequest } from '../api/actions';
import { receiptUrl, signableFileUrl, useSignRequest } from '../api/get-sign-request';
import { AuditModal } from '../components/audit-modal';
import { CancelModal } from '../components/cancel-modal';
import { EditSignerModal } from '../components/edit-signer-modal';
import { InPersonModal } from '../components/in-person-modal';
import { ReassignModal } from '../components/reassign-modal';
import { FieldValues } from '../components/field-values';
import { PreviewModal } from '../components/preview-modal';
import { StateBadge } from '../components/state-badge';
import { ViewerUserModal } from '../components/viewer-user-modal';
import { expectedCost, isSendBlocked } from '../lib/credits';
import { texts } from '../texts';

type Dialog =
  | { kind: 'cancel' }
  | { kind: 'viewer' }
  | { kind: 'audit'; signer: SignerDto }
  | { kind: 'edit'; signer: SignerDto }
  | { kind: 'reassign'; signer: SignerDto }
  | { kind: 'in-person'; signer: SignerDto }
  | { kind: 'preview'; signable: SignableDto };

/** ShowSigning (`/ondertekening/:id`): one sign request with its signers, documents and actions. */
export function ShowSigningRoute() {
  const params = useParams();
  const id = Number(params.id);
  const valid = Number.isInteger(id) && id > 0;
  const request = useSignRequest(valid ? id : 0);
  const user = useUser();
  const company = useCompany();

  if (!valid || isApiError(request.error, 404)) {
    return (
      <Page title={texts.detailTitle(valid ? id : 0)}>
        <Alert color="gray">{texts.notFound}</Alert>
        <BackLink />
      </Page>
    );
  }
  if (request.isPending) {
    return (
      <Center p="xl">
        <Loader role="status" aria-label="Laden" />
      </Center>
    );
  }
  if (request.isError) {
    return (
      <Page title={texts.detailTitle(id)}>
        <Alert color="red">{texts.detailLoadFailed}</Alert>
        <BackLink />
      </Page>
    );
  }
  return <Detail request={request.data} user={user} company={company} />;
}

function BackLink() {
  return (
    <Anchor component={Link} to={paths.home} size="sm">
      <Group gap={4} component="span">
        <IconArrowLeft size={14} />
        {texts.back}
      </Group>
    </Anchor>
  );
}

function Detail({
  request,
  user,
  company,
}: {
  request: SignRequestDetail;
  user: User | undefined;
  company: Company | undefined;
}) {
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const close = () => setDialog(null);
  const may = (p: Parameters<typeof hasPermission>[1]) => hasPermission(user, p);
  // Without getSignRequestStatus the server leaves the state out: 0 offers no state's actions.
  const state = request.state_id ?? 0;
  const send = useSendSignRequest(request.id);
  const [sendError, setSendError] = useState<'credits' | 'other' | null>(null);

  const blocked = state === 1 && company ? isSendBlocked(request, company) : false;
  const cost = company
    ? Math.max(
        request.credits_cost ?? 0,
        expectedCost(request.signers, company.current_payment_plan.price),
      )
    : (request.credits_cost ?? 0);

  // A draft on a paid plan: credits beyond the balance are billed, the button stays enabled.
  const paidNotice = state === 1 && may('createSignRequest') ? paidSendNotice(company, cost) : null;

  async function onSend() {
    setSendError(null);
    try {
      await send.mutateAsync();
      notifications.show({ title: texts.sent, message: '', color: 'teal' });
    } catch (e) {
      console.error(e);
      const credits = isApiError(e, 402);
      setSendError(credits ? 'credits' : 'other');
      notifications.show({
        title: texts.sendFailed,
        message: credits ? texts.notEnoughCredits : isApiError(e) ? e.message : '',
        color: 'red',
      });
    }
  }

  const actions = (
    <Group gap="sm">
      {state === 1 && may('createSignRequest') && (
        <Button
          leftSection={<IconSend size={16} />}
          onClick={() => void onSend()}
          loading={send.isPending}
          disabled={blocked}
        >
          {texts.send}
        </Button>
      )}
      {state === 3 && may('cancelSignRequest') && (
        <Button
          color="red"
          variant="light"
          leftSection={<IconX size={16} />}
          onClick={() => setDialog({ kind: 'cancel' })}
        >
          {texts.cancel}
        </Button>
      )}
    </Group>
  );

  const signedDocuments = state === 5;
  const editableRequest = state === 1 || state === 3;

  return (
    <Page title={texts.detailTitleWithSubject(request.id, request.subject)} actions={actions}>
      <BackLink />
      {(blocked || sendError === 'credits') && (
        <Alert color="orange" icon={<IconAlertTriangle />} title={texts.notEnoughCredits}>
          <Text size="sm">
            {texts.expectedCost(cost)} {texts.notEnoughCreditsLater}{' '}
            <Anchor component={Link} to={paths.credits} fw={600} size="sm">
              {texts.creditsLink}
            </Anchor>
          </Text>
        </Alert>
      )}
      {paidNotice && (
        <Alert color="blue" icon={<IconInfoCircle />} title={paidSendTexts.title}>
          <Text size="sm">{paidNotice}</Text>
        </Alert>
      )}
      {sendError === 'other' && (
        <Alert color="red" icon={<IconAlertTriangle />}>
          {texts.sendFailed}
        </Alert>
      )}

      {request.gdpr_purged_at && (
        <Alert color="gray" icon={<IconInfoCircle />}>
          {texts.purged(formatDate(request.gdpr_purged_at))}
        </Alert>
      )}

      <Paper withBorder radius="lg" p="lg">
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="lg" verticalSpacing="md">
          {may('getSignRequestStatus') && (
            <Item label={texts.status}>
              <StateBadge stateId={state} />
            </Item>
          )}
          {may('getSignRequestCosts') && (
            <Item label={texts.creditsCost}>
              {state === 1
                ? `${texts.credits(cost)} (verwacht)`
                : texts.credits(request.credits_cost ?? 0)}
            </Item>
          )}
          <Item label={texts.createdAt}>{formatDateTime(request.created_at)}</Item>
          <Item label={texts.expiresAt}>{formatDateTime(request.expires_at)}</Item>
          <Item label={texts.completedAt}>
            {formatDateTime(request.completed_at) || texts.none}
          </Item>
          <Item label={texts.availableAt}>
            {formatDateTime(request.date ?? request.completed_at) || texts.none}
          </Item>
          {!request.gdpr_purged_at && request.estimated_gdpr_purge_at && (
            <Item label={texts.purgeAt}>{formatDate(request.estimated_gdpr_purge_at)}</Item>
          )}
          <Item label={texts.subject}>{request.subject}</Item>
          {request.department && <Item label={texts.department}>{request.department.name}</Item>}
          <Item label={texts.extraRecipients}>
            {request.emails.length ? request.emails.join(', ') : texts.none}
          </Item>
          {request.bulk_send_id && (
            <Item label={texts.bulkSend}>
              <Anchor component={Link} to={paths.bulkSendBatch(request.bulk_send_id)} size="sm">
                {texts.bulkSendLink(request.bulk_send_id)}
              </Anchor>
            </Item>
          )}
          {(request.viewer_user || may('changeSignRequestViewerUser')) && (
            <Item label={texts.viewerUser}>
              <Group gap="xs">
                <Text size="sm">{request.viewer_user?.name ?? texts.noViewerUser}</Text>
                {may('changeSignRequestViewerUser') && (
                  <Button
                    size="compact-xs"
                    variant="light"
                    onClick={() => setDialog({ kind: 'viewer' })}
                  >
                    {texts.change}
                  </Button>
                )}
              </Group>
            </Item>
          )}
          {state === 5 && !request.gdpr_purged_at && may('getSignRequestReceipt') && (
            <Item label={texts.receipt}>
              <Anchor href={receiptUrl(request.id)} target="_blank" rel="noopener" size="sm">
                <Group gap={4} component="span">
                  <IconDownload size={14} />
                  {texts.downloadReceipt}
                </Group>
              </Anchor>
            </Item>
          )}
          {request.custom_field_values.map((f) => (
            <Item key={f.name} label={f.name}>
              {f.value}
            </Item>
          ))}
        </SimpleGrid>
      </Paper>

      <Title order={2} fz="lg">
        {texts.signers}
      </Title>
      <Stack gap="sm">
        {stepsOf(request.signers).map(({ step, signers: inStep }, position, all) => (
          <Stack key={step} gap="sm" component="section" aria-label={texts.step(position + 1)}>
            {all.length > 1 && (
              <Group gap="sm">
                <Title order={3} fz="md">
                  {texts.step(position + 1)}
                </Title>
                {state === 3 && currentStep(request.signers) === step && (
                  <Badge color="blue" variant="light">
                    {texts.stepNow}
                  </Badge>
                )}
                {state === 3 && (currentStep(request.signers) ?? Infinity) < step && (
                  <Text size="sm" c="dimmed">
                    {texts.stepWaits(position)}
                  </Text>
                )}
              </Group>
            )}
            {inStep.map((signer) => (
              <SignerCard
                key={signer.id}
                signer={signer}
                requestId={request.id}
                delegatedTo={request.signers.find((s) => s.id === signer.delegated_to_signer_id)}
                mayInPerson={
                  may('updateSigner') &&
                  state === 3 &&
                  signer.role !== 'cc' &&
                  currentStep(request.signers) === signer.routing_order &&
                  [2, 3, 6].includes(signer.state_id)
                }
                mayReassign={
                  may('updateSigner') &&
                  (state === 3 || state === 40) &&
                  signer.role !== 'cc' &&
                  signer.delegated_to_signer_id === null &&
                  [1, 2, 3, 6, 40].includes(signer.state_id)
                }
                onInPerson={() => setDialog({ kind: 'in-person', signer })}
                onReassign={() => setDialog({ kind: 'reassign', signer })}
                mayAudit={may('getVerifications')}
                mayEdit={
                  may('updateSigner') &&
                  editableRequest &&
                  // 40: a bounced address may be corrected too (the server allows it).
                  [1, 2, 3, 40].includes(signer.state_id)
                }
                mayRemind={
                  may('sendSignerReminder') && state === 3 && [2, 3, 6].includes(signer.state_id)
                }
                onAudit={() => setDialog({ kind: 'audit', signer })}
                onEdit={() => setDialog({ kind: 'edit', signer })}
              />
            ))}
          </Stack>
        ))}
      </Stack>

      <Title order={2} fz="lg">
        {texts.documents}
      </Title>
      <Paper withBorder radius="lg">
        <Stack gap={0}>
          {request.signables.map((signable, i) => (
            <Group
              key={signable.id}
              justify="space-between"
              p="md"
              style={
                i > 0 ? { borderTop: '1px solid var(--mantine-color-default-border)' } : undefined
              }
            >
              <Stack gap={2} miw={0}>
                <Group gap="xs">
                  <Text fw={500} style={{ overflowWrap: 'anywhere' }}>
                    {signable.name}
                  </Text>
                  {signedDocuments && signable.signed_signable && (
                    <Badge color="green" variant="light" style={{ textTransform: 'none' }}>
                      {texts.signedDocument}
                    </Badge>
                  )}
                </Group>
                <Text size="sm" c="dimmed">
                  {texts.pages(
                    (signedDocuments && signable.signed_signable?.pages) || signable.options.pages,
                  )}{' '}
                  ·{' '}
                  {formatBytes(
                    signedDocuments && signable.signed_signable
                      ? signable.signed_signable.size
                      : signable.size,
                  )}
                </Text>
                <FieldValues
                  signRequestId={request.id}
                  signable={signable}
                  canDownload={may('getSignableFile')}
                />
              </Stack>
              {signable.file_deleted_at ? (
                <Text size="sm" c="dimmed">
                  {texts.fileDeleted}
                </Text>
              ) : (
                may('getSignableFile') && (
                  <Group gap="xs">
                    <Button
                      variant="default"
                      size="xs"
                      leftSection={<IconEye size={14} />}
                      onClick={() => setDialog({ kind: 'preview', signable })}
                    >
                      {texts.preview}
                    </Button>
                    <Button
                      component="a"
                      href={signableFileUrl(signable.id)}
                      target="_blank"
                      rel="noopener"
                      variant="default"
                      size="xs"
                      leftSection={<IconDownload size={14} />}
                    >
                      {texts.download}
                    </Button>
                  </Group>
                )
              )}
            </Group>
          ))}
        </Stack>
      </Paper>

      {dialog?.kind === 'cancel' && <CancelModal id={request.id} onClose={close} />}
      {dialog?.kind === 'viewer' && (
        <ViewerUserModal id={request.id} current={request.viewer_user_id ?? null} onClose={close} />
      )}
      {dialog?.kind === 'audit' && <AuditModal signer={dialog.signer} onClose={close} />}
      {dialog?.kind === 'edit' && (
        <EditSignerModal
          requestId={request.id}
          requestState={state}
          signer={dialog.signer}
          withIdin={hasFeature(company, 'idin_verification')}
          // Once saved the signer is waiting (3) again: the reminder button's rule.
          mayRemind={may('sendSignerReminder') && (state === 3 || state === 40)}
          onClose={close}
        />
      )}
      {dialog?.kind === 'reassign' && (
        <ReassignModal requestId={request.id} signer={dialog.signer} onClose={close} />
      )}
      {dialog?.kind === 'in-person' && (
        <InPersonModal requestId={request.id} signer={dialog.signer} onClose={close} />
      )}
      {dialog?.kind === 'preview' && <PreviewModal signable={dialog.signable} onClose={close} />}
    </Page>
  );
}

function Item({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text size="sm" component="div" style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </Stack>
  );
}

/** The signers by step, lowest first (a signer who handed over stays in its step). */
function stepsOf(signers: SignerDto[]) {
  const steps = new Map<number, SignerDto[]>();
  for (const s of signers) steps.set(s.routing_order, [...(steps.get(s.routing_order) ?? []), s]);
  return [...steps.entries()]
    .sort(([a], [b]) => a - b)
    .map(([step, list]) => ({ step, signers: list }));
}

/** The step that acts now: the lowest with a signer or approver still to act. */
function currentStep(signers: SignerDto[]): number | null {
  const waiting = signers.filter(
    (s) => s.role !== 'cc' && s.delegated_to_signer_id === null && s.state_id !== 5,
  );
  return waiting.length > 0 ? Math.min(...waiting.map((s) => s.routing_order)) : null;
}

function SignerCard({
  signer,
  requestId,
  delegatedTo,
  mayInPerson,
  mayReassign,
  onInPerson,
  onReassign,
  mayAudit,
  mayEdit,
  mayRemind,
  onAudit,
  onEdit,
}: {
  signer: SignerDto;
  requestId: number;
  delegatedTo: SignerDto | undefined;
  mayInPerson: boolean;
  mayReassign: boolean;
  onInPerson: () => void;
  onReassign: () => void;
  mayAudit: boolean;
  mayEdit: boolean;
  mayRemind: boolean;
  onAudit: () => void;
  onEdit: () => void;
}) {
  const remind = useSendReminder(requestId);
  const name = `${signer.firstname} ${signer.lastname}`;
  const waitUntil = useReminderWait(signer.manual_reminder_available_at);

  async function onRemind() {
    try {
      await remind.mutateAsync(signer.id);
      notifications.show({
        title: texts.reminderOk,
        message: name,
        color: 'teal',
        autoClose: 2000,
      });
    } catch (e) {
      console.error(e);
      notifications.show({
        title: texts.reminderFailed,
        message: waitUntil
          ? `${texts.reminderFailedBody} ${texts.reminderAvailableFrom(reminderTime(waitUntil))}`
          : texts.reminderFailedBody,
        color: 'red',
        autoClose: 5000,
      });
    }
  }

  return (
    <Paper withBorder radius="lg" p="md" component="section" aria-label={name}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start">
          <Group gap="sm" miw={0}>
            <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
              {name}
            </Text>
            {delegatedTo ? (
              <Badge color="gray" variant="light" style={{ textTransform: 'none' }}>
                {texts.delegatedTo(`${delegatedTo.firstname} ${delegatedTo.lastname}`)}
              </Badge>
            ) : (
              <StateBadge stateId={signer.state_id} of="signer" />
            )}
            {texts.roleBadge[signer.role] && (
              <Badge color="grape" variant="outline" style={{ textTransform: 'none' }}>
                {texts.roleBadge[signer.role]}
              </Badge>
            )}
          </Group>
          <Group gap={6}>
            {mayInPerson && (
              <Button
                size="compact-sm"
                variant="default"
                leftSection={<IconDeviceTablet size={14} />}
                onClick={onInPerson}
                aria-label={`${texts.inPerson} ${name}`}
              >
                {texts.inPerson}
              </Button>
            )}
            {mayReassign && (
              <Button
                size="compact-sm"
                variant="default"
                leftSection={<IconUserShare size={14} />}
                onClick={onReassign}
                aria-label={`${texts.reassign} ${name}`}
              >
                {texts.reassign}
              </Button>
            )}
            {mayAudit && (
              <Button
                size="compact-sm"
                variant="default"
                leftSection={<IconHistory size={14} />}
                onClick={onAudit}
                aria-label={`${texts.auditTrail} ${name}`}
              >
                {texts.auditTrail}
              </Button>
            )}
            {mayEdit && (
              <Button
                size="compact-sm"
                variant="default"
                leftSection={<IconPencil size={14} />}
                onClick={onEdit}
                aria-label={`${texts.editSigner} ${name}`}
              >
                {texts.editSigner}
              </Button>
            )}
            {mayRemind && (
              <Button
                size="compact-sm"
                variant="default"
                leftSection={<IconBell size={14} />}
                onClick={() => void onRemind()}
                loading={remind.isPending}
                disabled={waitUntil !== null}
                aria-label={`${texts.sendReminder} ${name}`}
                aria-describedby={waitUntil ? `reminder-wait-${signer.id}` : undefined}
              >
                {texts.sendReminder}
              </Button>
            )}
          </Group>
        </Group>
        {mayRemind && waitUntil && (
          <Text size="xs" c="dimmed" ta="right" id={`reminder-wait-${signer.id}`}>
            {texts.reminderAvailableFrom(reminderTime(waitUntil))}
          </Text>
        )}
        <SimpleGrid cols={{ base: 1, xs: 2, md: 5 }} spacing="md">
          <Item label={texts.signerEmail}>
            <Text size="sm" style={{ wordBreak: 'break-all' }}>
              {signer.email}
            </Text>
          </Item>
          <Item label={texts.signerLocale}>
            {locales.find((l) => l.locale === signer.locale)?.name ?? signer.locale}
          </Item>
          <Item label={texts.signerVerifications}>
            <Group gap={4}>
              {signer.verifications.map((v) => (
                <Badge
                  key={v.type}
                  variant="outline"
                  color="gray"
                  style={{ textTransform: 'none' }}
                >
                  {v.text}
                </Badge>
              ))}
            </Group>
          </Item>
          <Item label={texts.nextReminder}>
            {formatDateTime(signer.next_reminder_at) || texts.none}
          </Item>
          <Item label={texts.manualReminders}>
            <span data-testid="manual-reminders">{signer.manual_reminders_sent}</span>
          </Item>
        </SimpleGrid>
        {signer.decline_reason && (
          <Item label={texts.declineReason}>
            <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {signer.decline_reason}
            </Text>
          </Item>
        )}
      </Stack>
    </Paper>
  );
}

/** The moment a manual reminder may go, while it lies ahead; null once it is allowed. */
function useReminderWait(availableAt: string | null): Date | null {
  const [now, setNow] = useState(() => Date.now());
  const at = availableAt ? new Date(availableAt) : null;
  const wait = at && at.getTime() > now ? at.getTime() - now : 0;
  useEffect(() => {
    if (wait <= 0) return;
    // Re-enable the button when the wait is over (timers cap at ~24 days).
    const timer = setTimeout(() => setNow(Date.now()), Math.min(wait + 500, 2 ** 31 - 1));
    return () => clearTimeout(timer);
  }, [wait]);
  return wait > 0 ? at : null;
}

/** '14:35' today (Amsterdam), else '25-11-2026 14:35'. */
function reminderTime(at: Date): string {
  return formatDate(at) === formatDate(new Date()) ? formatTime(at) : formatDateTime(at);
}
