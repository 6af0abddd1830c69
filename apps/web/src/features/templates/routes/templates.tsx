import { useCallback, useEffect, useState } from 'react';
import { ActionIcon, Group, Paper, Table, Tooltip, VisuallyHidden } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import type { TemplateDto } from '@paraaf/contract';
import { ListState } from '../../../components/list-state';
import { Page } from '../../../components/page';
import { Pagination } from '../../../components/pagination';
import { usePageParam } from '../../../components/use-page-param';
import { hasPermission, useUser } from '../../../lib/auth';
import { formatDateTime } from '../../../lib/format';
import { useTemplates } from '../api/get-templates';
import { DeleteTemplateModal } from '../components/delete-template-modal';
import { TemplateEditor, type TemplateEditorTarget } from '../components/template-editor';
import { TemplateUpload } from '../components/template-upload';
import { texts } from '../texts';

/** Templates (`/templates`, seed 001 §2 'Templates management'; needs getTemplates + feature). */
export function TemplatesRoute() {
  const user = useUser();
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

  const items = list.data?.data ?? [];

  return (
    <Page title={texts.title}>
      {mayCreate && (
        <TemplateUpload onUploaded={(file) => setEditor({ mode: 'create', ...file })} />
      )}
      <Paper withBorder radius="lg">
        <ListState
          query={list}
          count={items.length}
          empty={texts.empty}
          failed={texts.loadFailed}
          inset
        >
          <Table.ScrollContainer minWidth={480}>
            <Table
              verticalSpacing="sm"
              horizontalSpacing="md"
              highlightOnHover
              aria-label={texts.title}
            >
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{texts.name}</Table.Th>
                  <Table.Th>{texts.createdAt}</Table.Th>
                  <Table.Th>
                    <VisuallyHidden>{texts.actions}</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {items.map((template) => (
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
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </ListState>
      </Paper>
      {list.data && list.data.total > 0 && (
        <Pagination
          page={page}
          lastPage={list.data.last_page}
          onChange={goTo}
          caption={texts.count(list.data.total)}
        />
      )}

      {editor && <TemplateEditor target={editor} onClose={closeEditor} />}
      {deleting && <DeleteTemplateModal template={deleting} onClose={() => setDeleting(null)} />}
    </Page>
  );
}
