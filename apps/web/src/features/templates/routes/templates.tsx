import { useCallback, useEffect, useState } from 'react';
import { ActionIcon, Group, Table, Tooltip, VisuallyHidden } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import type { TemplateDto } from '@paraaf/contract';
import { Page } from '../../../components/page';
import { PagedTable } from '../../../components/paged-table';
import { usePageParam } from '../../../components/use-page-param';
import { hasPermission, useCompany, useUser } from '../../../lib/auth';
import { formatDateTime } from '../../../lib/format';
import { canConvertWord } from '../../../lib/upload-types';
import { useTemplates } from '../api/get-templates';
import { DeleteTemplateModal } from '../components/delete-template-modal';
import { TemplateEditor, type TemplateEditorTarget } from '../components/template-editor';
import { TemplateUpload } from '../components/template-upload';
import { texts } from '../texts';

/** Templates (`/templates`, seed 001 §2 'Templates management'; needs getTemplates + feature). */
export function TemplatesRoute() {
  const user = useUser();
  const company = useCompany();
  const [page, goTo] = usePageParam();
  const list = useTemplates(page);
  const [editor, setEditor] = useState<TemplateEditorTarget | null>(null);
  const [deleting, setDeleting] = useState<TemplateDto | null>(null);
  const closeEditor = useCallback(() => setEditor(null), []);

  const mayCreate = hasPermission(user, 'createTemplate');
  const mayUpdate = hasPermission(user, 'updateTemplate');
  const mayDelete = hasPermission(user, 'deleteTemplate');

  // Deleting the last template of the last page leaves that page empty: show the one before.
  const lastPage = list.data?.last_page;
  useEffect(() => {
    if (!list.isPlaceholderData && lastPage !== undefined && page > Math.max(1, lastPage)) {
      goTo(Math.max(1, lastPage));
    }
  }, [list.isPlaceholderData, lastPage, page, goTo]);

  return (
    <Page title={texts.title}>
      {mayCreate && (
        <TemplateUpload
          onUploaded={(file) => setEditor({ mode: 'create', ...file })}
          wordConversion={canConvertWord(company)}
        />
      )}
      <PagedTable
        query={list}
        empty={texts.empty}
        failed={texts.loadFailed}
        minWidth={480}
        label={texts.title}
        highlightOnHover
        head={
          <>
            <Table.Th>{texts.name}</Table.Th>
            <Table.Th>{texts.createdAt}</Table.Th>
            <Table.Th>
              <VisuallyHidden>{texts.actions}</VisuallyHidden>
            </Table.Th>
          </>
        }
        row={(template) => (
          <Table.Tr key={template.id}>
            <Table.Td fw={500} style={{ wordBreak: 'break-word' }}>
              {template.name}
            </Table.Td>
            <Table.Td>{formatDateTime(template.created_at)}</Table.Td>
            <Table.Td>
              <Group gap={4} justify="flex-end" wrap="nowrap">
                {mayUpdate && (
                  <Tooltip label={texts.edit}>
                    <ActionIcon
                      variant="subtle"
                      aria-label={`${texts.edit} ${template.name}`}
                      onClick={() => setEditor({ mode: 'edit', id: template.id })}
                    >
                      <IconPencil size={18} />
                    </ActionIcon>
                  </Tooltip>
                )}
                {mayDelete && (
                  <Tooltip label={texts.remove}>
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      aria-label={`${texts.remove} ${template.name}`}
                      onClick={() => setDeleting(template)}
                    >
                      <IconTrash size={18} />
                    </ActionIcon>
                  </Tooltip>
                )}
              </Group>
            </Table.Td>
          </Table.Tr>
        )}
        page={page}
        onPageChange={goTo}
        // An empty list has no count beneath it (the empty text says it).
        caption={(total) => (total > 0 ? texts.count(total) : undefined)}
      />

      {editor && <TemplateEditor target={editor} onClose={closeEditor} />}
      {deleting && <DeleteTemplateModal template={deleting} onClose={() => setDeleting(null)} />}
    </Page>
  );
}
