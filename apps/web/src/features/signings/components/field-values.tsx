import { Anchor, Table, Text } from '@mantine/core';
import type { SignableDto } from '@paraaf/contract';
import { fieldAttachmentUrl } from '../api/get-sign-request';
import { texts } from '../texts';

/**
 * What the signers filled in on a document's input fields, as stamped (dates and numbers in
 * Dutch); an attachment as a download link when the user may download documents.
 */
export function FieldValues({
  signRequestId,
  signable,
  canDownload,
}: {
  signRequestId: number;
  signable: SignableDto;
  canDownload: boolean;
}) {
  const filled = (signable.field_values ?? []).filter((v) => v.display !== null);
  if (filled.length === 0) return null;
  return (
    <Table mt={4} withRowBorders={false} verticalSpacing={2} aria-label={texts.fieldValues}>
      <Table.Caption style={{ captionSide: 'top', textAlign: 'left' }}>
        <Text size="sm" fw={500}>
          {texts.fieldValues}
        </Text>
      </Table.Caption>
      <Table.Tbody>
        {filled.map((v) => (
          <Table.Tr key={v.index}>
            <Table.Th fw={400} c="dimmed" w="40%">
              {v.name ?? texts.fieldNumber(v.index + 1)}
            </Table.Th>
            <Table.Td style={{ overflowWrap: 'anywhere' }}>
              {v.attachment && canDownload ? (
                <Anchor
                  href={fieldAttachmentUrl(signRequestId, signable.id, v.index)}
                  aria-label={texts.attachmentLink(v.attachment.name)}
                >
                  {v.attachment.name}
                </Anchor>
              ) : (
                v.display
              )}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
