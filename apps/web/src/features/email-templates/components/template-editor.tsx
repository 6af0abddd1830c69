import { useEffect } from 'react';
import { Button, Group, Input, Text } from '@mantine/core';
import { Link, RichTextEditor } from '@mantine/tiptap';
import '@mantine/tiptap/styles.css';
import { useEditor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { texts } from '../texts';

/**
 * The body of a template in Mantine's rich-text editor (TipTap): a toolbar with what the
 * server's sanitizer keeps (lib/mail/sanitize-template.ts) and buttons that insert the
 * template's merge fields at the cursor. `content` replaces the text when it changes from
 * outside (another template chosen); typing reports through `onChange`.
 */
export function TemplateEditor({
  content,
  mergeFields,
  onChange,
  error,
}: {
  content: string;
  mergeFields: string[];
  onChange: (html: string) => void;
  error?: string;
}) {
  const editor = useEditor({
    // Link from @mantine/tiptap (keyboard shortcut and the link control); StarterKit's own off.
    extensions: [StarterKit.configure({ link: false, code: false, codeBlock: false }), Link],
    content,
    // Mantine's stylesheet styles the editor; TipTap's own <style> injection is not needed.
    injectCSS: false,
    editorProps: {
      attributes: {
        'aria-label': texts.body,
        'aria-multiline': 'true',
        role: 'textbox',
        ...(error ? { 'aria-invalid': 'true' } : {}),
      },
    },
    onUpdate: ({ editor: e }) => onChange(e.getHTML()),
  });

  useEffect(() => {
    if (editor && editor.getHTML() !== content) {
      editor.commands.setContent(content, { emitUpdate: false });
    }
  }, [editor, content]);

  function insert(field: string) {
    editor?.chain().focus().insertContent(field).run();
  }

  return (
    <Input.Wrapper label={texts.body} required error={error}>
      <RichTextEditor editor={editor} labels={texts.editorLabels} mt={4}>
        <RichTextEditor.Toolbar>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.Bold />
            <RichTextEditor.Italic />
            <RichTextEditor.Underline />
            <RichTextEditor.Strikethrough />
            <RichTextEditor.ClearFormatting />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.H1 />
            <RichTextEditor.H2 />
            <RichTextEditor.H3 />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.Blockquote />
            <RichTextEditor.BulletList />
            <RichTextEditor.OrderedList />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.Link />
            <RichTextEditor.Unlink />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.Undo />
            <RichTextEditor.Redo />
          </RichTextEditor.ControlsGroup>
        </RichTextEditor.Toolbar>
        <RichTextEditor.Content />
      </RichTextEditor>
      <Group gap="xs" mt="xs" role="group" aria-label={texts.mergeFields}>
        <Text size="sm" fw={500}>
          {texts.mergeFields}:
        </Text>
        {mergeFields.map((field) => (
          <Button key={field} size="compact-sm" variant="light" onClick={() => insert(field)}>
            {field}
          </Button>
        ))}
      </Group>
    </Input.Wrapper>
  );
}
