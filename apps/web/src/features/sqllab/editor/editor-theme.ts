import { HighlightStyle, syntaxHighlighting } from '@codemirror/language';
import type { Extension } from '@codemirror/state';
import { EditorView } from '@codemirror/view';
import { tags } from '@lezer/highlight';
import type { GlobalToken } from 'antd';

/** The editor's look from the antd theme tokens, so it follows light and dark mode with the app. */
export function editorTheme(token: GlobalToken, dark: boolean): Extension {
  const border = `${token.lineWidth}px ${token.lineType} ${token.colorBorderSecondary}`;
  const view = EditorView.theme(
    {
      '&': {
        height: '100%',
        color: token.colorText,
        backgroundColor: token.colorBgContainer,
        fontSize: `${token.fontSize}px`,
      },
      '&.cm-focused': { outline: 'none' },
      '.cm-scroller': { fontFamily: token.fontFamilyCode, lineHeight: String(token.lineHeight) },
      '.cm-content': { caretColor: token.colorText },
      '.cm-cursor, .cm-dropCursor': { borderLeftColor: token.colorText },
      '.cm-gutters': {
        backgroundColor: token.colorFillAlter,
        color: token.colorTextTertiary,
        borderRight: border,
      },
      '.cm-activeLine': { backgroundColor: token.colorFillQuaternary },
      '.cm-activeLineGutter': { backgroundColor: token.colorFillTertiary, color: token.colorText },
      '&.cm-focused > .cm-scroller > .cm-selectionLayer .cm-selectionBackground, .cm-selectionBackground, .cm-content ::selection':
        { backgroundColor: token.controlItemBgActive },
      '.cm-matchingBracket': {
        backgroundColor: token.colorPrimaryBg,
        outline: `1px solid ${token.colorPrimaryBorder}`,
      },
      '.cm-tooltip': {
        backgroundColor: token.colorBgElevated,
        color: token.colorText,
        border,
        borderRadius: `${token.borderRadiusSM}px`,
        boxShadow: token.boxShadowSecondary,
      },
      '.cm-tooltip-autocomplete > ul': { fontFamily: token.fontFamilyCode },
      '.cm-tooltip-autocomplete > ul > li[aria-selected]': {
        backgroundColor: token.controlItemBgActive,
        color: token.colorText,
      },
      '.cm-completionDetail': { color: token.colorTextTertiary },
      '.cm-panels': { backgroundColor: token.colorBgElevated, color: token.colorText },
      '.cm-searchMatch': { backgroundColor: token.colorWarningBg },
    },
    { dark },
  );
  const highlight = HighlightStyle.define([
    {
      tag: [tags.keyword, tags.operatorKeyword, tags.modifier],
      color: token.colorPrimaryText,
      fontWeight: '600',
    },
    { tag: [tags.string, tags.special(tags.string)], color: token.colorSuccessText },
    { tag: [tags.number, tags.bool, tags.null], color: token.colorWarningText },
    {
      tag: [tags.comment, tags.lineComment, tags.blockComment],
      color: token.colorTextTertiary,
      fontStyle: 'italic',
    },
    { tag: [tags.typeName, tags.standard(tags.name)], color: token.purple },
    { tag: [tags.special(tags.name), tags.quote], color: token.colorInfoText },
    { tag: tags.invalid, color: token.colorErrorText },
  ]);
  return [view, syntaxHighlighting(highlight)];
}
