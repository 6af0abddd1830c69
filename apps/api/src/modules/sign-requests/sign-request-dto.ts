import {
  displayFieldValue,
  signRequestStates,
  type FieldValueDto,
  type SignableDto,
  type SignRequestDetail,
} from '@paraaf/contract';
import type { Field } from '../documents/markers.ts';
import { storedAttachment } from './field-attachments.ts';
import type { signables } from '../../db/schema/index.ts';
import type { SignRequestRow } from './sign-requests.read.repository.ts';
import { toSignerDto, type SignerRow } from './signer-dto.ts';

export type SignableRow = typeof signables.$inferSelect;

/** The state with its Dutch label (5 is always 'Getekend' in the list, seed 000 §4). */
export function stateOf(stateId: number): { id: number; label: string } {
  return {
    id: stateId,
    label: signRequestStates[stateId as keyof typeof signRequestStates] ?? String(stateId),
  };
}

/** Only custom fields the sender filled in (seed 000 §5). */
export function customFieldValues(
  fields: { name: string; value: string | null }[],
): { name: string; value: string }[] {
  return fields
    .filter(
      (f): f is { name: string; value: string } =>
        typeof f.value === 'string' && f.value.trim() !== '',
    )
    .map((f) => ({ name: f.name, value: f.value }));
}

/** The values of a document's input fields, as the sender and integrations see them. */
function fieldValuesOf(d: SignableRow, values: Record<string, string | null>): FieldValueDto[] {
  return (d.config.fields as Field[]).map((field, index) => {
    const raw = values[`${d.id}:${index}`] ?? null;
    const attachment = field.type === 'attachment' ? storedAttachment(raw, d.companyId) : null;
    const { key: _key, ...described } = attachment ?? { key: '' };
    return {
      index,
      type: field.type,
      name: typeof field.options?.name === 'string' ? field.options.name : null,
      value: field.type === 'attachment' ? (attachment ? JSON.stringify(described) : null) : raw,
      display: displayFieldValue(field, raw),
      attachment: attachment ? (described as FieldValueDto['attachment']) : null,
    };
  });
}

/** Picks the public fields of a document: never its storage keys. */
export function toSignableDto(
  d: SignableRow,
  values: Record<string, string | null> = {},
): SignableDto {
  return {
    id: d.id,
    name: d.name,
    filename: d.filename,
    size: d.size,
    type: 1,
    state_id: d.stateId,
    options: { pages: d.pageCount, filesize: d.size, page_sizes: d.pages },
    has_acroforms: d.hasAcroforms,
    settings: { forms_enabled: d.settings.forms_enabled },
    config: { variables: d.config.variables ?? [], fields: d.config.fields ?? [] },
    field_values: fieldValuesOf(d, values),
    signed_at: iso(d.signedAt),
    file_deleted_at: iso(d.fileDeletedAt),
    signed_signable:
      d.signedSha256 && d.signedSize !== null
        ? { size: d.signedSize, sha256: d.signedSha256, pages: d.signedPageCount }
        : null,
  };
}

function iso(d: Date | null): string | null {
  return d ? d.toISOString() : null;
}

export function toSignRequestDetail(
  r: SignRequestRow,
  parts: {
    signers: SignerRow[];
    signables: SignableRow[];
    department: { id: number; name: string } | null;
    viewerUser: { id: number; name: string } | null;
    initiator: { id: number; name: string } | null;
    fieldValues?: Record<string, string | null>;
  },
): SignRequestDetail {
  return {
    id: r.id,
    state_id: r.stateId,
    state: stateOf(r.stateId),
    credits_cost: r.creditsCost,
    emails: r.emails,
    expires_at: r.expiresAt.toISOString(),
    completed_at: iso(r.completedAt),
    created_at: r.createdAt.toISOString(),
    sent_at: iso(r.sentAt),
    // When the sealed documents are available: on completion of a signed request.
    date: r.stateId === 5 ? iso(r.completedAt) : null,
    department_id: r.departmentId,
    department: parts.department,
    is_sync: r.isSync,
    allow_delegation: r.allowDelegation,
    send_documents_to_initiator: r.sendDocumentsToInitiator,
    subject: r.subject,
    message: r.message,
    custom_fields: r.customFields.map((f) => ({
      name: f.name,
      description: f.description ?? null,
      required: Boolean(f.required),
      value: f.value ?? null,
    })),
    custom_field_values: customFieldValues(r.customFields),
    viewer_user: parts.viewerUser,
    viewer_user_id: r.viewerUserId,
    bulk_send_id: r.bulkSendId,
    estimated_gdpr_purge_at: iso(r.estimatedGdprPurgeAt),
    gdpr_purged_at: iso(r.gdprPurgedAt),
    failure_reason: r.failureReason,
    signers: parts.signers.map(toSignerDto),
    signables: parts.signables.map((d) => toSignableDto(d, parts.fieldValues)),
    email_templates: r.emailTemplates,
    initiator: parts.initiator,
  };
}
