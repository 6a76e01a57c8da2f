/**
 * ra-input-rich-text's editor with a toolbar every control of which a screen reader can name:
 * the stock level picker (a list item inside a nav, named apart from the text it shows) fails axe,
 * so the text style is a labelled select here. Colours and pasted-in images are left out: the
 * server keeps neither (news HTML is sanitized to an allow-list).
 */
import { MenuItem, TextField } from '@mui/material';
import {
  AlignmentButtons,
  ClearButtons,
  FormatButtons,
  LinkButtons,
  ListButtons,
  QuoteButtons,
  RichTextInput,
  RichTextInputToolbar,
  useTiptapEditor,
  type RichTextInputProps,
} from 'ra-input-rich-text';
import { useEffect, useReducer } from 'react';
import { SHELL } from '../domain';

const STYLES = [
  { value: 'paragraph', label: SHELL.textStyles.paragraph },
  { value: '2', label: SHELL.textStyles.heading2 },
  { value: '3', label: SHELL.textStyles.heading3 },
  { value: '4', label: SHELL.textStyles.heading4 },
] as const;

type HeadingLevel = 2 | 3 | 4;
/** The StarterKit commands this select uses (their types come with extensions this project does not import). */
type StyleChain = { setParagraph(): StyleChain; setHeading(attributes: { level: HeadingLevel }): StyleChain; run(): boolean };

function TextStyleSelect() {
  const editor = useTiptapEditor();
  const [, refresh] = useReducer((n: number) => n + 1, 0);
  // The select shows the style where the cursor stands, so it follows every change of the editor.
  useEffect(() => {
    editor?.on('transaction', refresh);
    return () => {
      editor?.off('transaction', refresh);
    };
  }, [editor]);
  const current = STYLES.find((style) => style.value !== 'paragraph' && editor?.isActive('heading', { level: Number(style.value) }))?.value ?? 'paragraph';
  const choose = (value: string) => {
    if (!editor) return;
    const chain = editor.chain().focus() as unknown as StyleChain;
    if (value === 'paragraph') chain.setParagraph().run();
    else chain.setHeading({ level: Number(value) as HeadingLevel }).run();
  };
  return (
    <TextField
      select
      size="small"
      label={SHELL.textStyle}
      value={current}
      onChange={(event) => choose(event.target.value)}
      disabled={!editor?.isEditable}
      // The choice puts the cursor back in the text; the closing menu must not take it back.
      slotProps={{ select: { MenuProps: { disableRestoreFocus: true } } }}
      sx={{ minWidth: 140 }}
    >
      {STYLES.map((style) => (
        <MenuItem key={style.value} value={style.value}>
          {style.label}
        </MenuItem>
      ))}
    </TextField>
  );
}

// Medium buttons: the small ones, drawn edge to edge in their groups, are under the 24 px a
// pointer target needs.
const toolbar = (
  <RichTextInputToolbar>
    <TextStyleSelect />
    <FormatButtons />
    <AlignmentButtons />
    <ListButtons />
    <LinkButtons />
    <QuoteButtons />
    <ClearButtons />
  </RichTextInputToolbar>
);

export const RichTextEditor = (props: RichTextInputProps) => <RichTextInput toolbar={toolbar} {...props} />;
