import { theme } from 'antd';

/**
 * The edit-mode chrome (hover outlines, handles, drop indicators) in one stylesheet: hover and
 * focus-within states need CSS selectors, and the theme's tokens keep it right in light and dark.
 */
export function EditorStyles() {
  const { token } = theme.useToken();
  const css = `
.tsr-edit-frame { position: relative; min-width: 0; height: 100%; box-sizing: border-box; outline: 1px dashed transparent; outline-offset: 2px; border-radius: ${String(token.borderRadiusSM)}px; }
.tsr-edit-frame:hover, .tsr-edit-frame:focus-within { outline-color: ${token.colorBorder}; }
.tsr-edit-frame:focus-visible { outline: 2px solid ${token.colorPrimary}; }
.tsr-visually-hidden { position: absolute; width: 1px; height: 1px; margin: -1px; padding: 0; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; border: 0; }
.tsr-edit-frame.is-dragging { opacity: 0.4; }
.tsr-edit-frame > .tsr-edit-chrome { position: absolute; top: -12px; left: 8px; z-index: 20; display: flex; gap: 2px; opacity: 0; transition: opacity 0.1s; }
.tsr-edit-frame:hover > .tsr-edit-chrome, .tsr-edit-frame:focus-within > .tsr-edit-chrome { opacity: 1; }
.tsr-edit-chrome > * { background: ${token.colorBgElevated}; border: 1px solid ${token.colorBorder}; border-radius: ${String(token.borderRadiusSM)}px; color: ${token.colorTextSecondary}; height: 22px; min-width: 22px; display: inline-flex; align-items: center; justify-content: center; font-size: 12px; padding: 0 4px; }
.tsr-edit-handle { cursor: grab; touch-action: none; }
.tsr-edit-handle:focus-visible { outline: 2px solid ${token.colorPrimary}; }
.tsr-resize { position: absolute; z-index: 15; opacity: 0; touch-action: none; }
.tsr-edit-frame:hover > .tsr-resize { opacity: 1; }
.tsr-resize-right { top: 0; right: -6px; width: 12px; height: 100%; cursor: ew-resize; }
.tsr-resize-bottom { left: 0; bottom: -6px; height: 12px; width: 100%; cursor: ns-resize; }
.tsr-resize-corner { right: -6px; bottom: -6px; width: 14px; height: 14px; cursor: nwse-resize; }
.tsr-resize::after { content: ''; position: absolute; background: ${token.colorPrimary}; border-radius: 2px; }
.tsr-resize-right::after { top: 50%; left: 4px; width: 4px; height: 28px; margin-top: -14px; }
.tsr-resize-bottom::after { left: 50%; top: 4px; height: 4px; width: 28px; margin-left: -14px; }
.tsr-resize-corner::after { inset: 3px; }
.tsr-resize-preview { position: absolute; left: 0; top: 0; z-index: 14; border: 2px dashed ${token.colorPrimary}; border-radius: ${String(token.borderRadiusSM)}px; background: ${token.colorPrimaryBg}; opacity: 0.6; pointer-events: none; }
.tsr-drop-line { position: absolute; z-index: 30; background: ${token.colorPrimary}; border-radius: 2px; pointer-events: none; }
.tsr-drop-line.is-refused { background: ${token.colorError}; }
.tsr-drop-line.is-before.is-y { left: 0; right: 0; top: -5px; height: 4px; }
.tsr-drop-line.is-after.is-y { left: 0; right: 0; bottom: -5px; height: 4px; }
.tsr-drop-line.is-before.is-x { top: 0; bottom: 0; left: -6px; width: 4px; }
.tsr-drop-line.is-after.is-x { top: 0; bottom: 0; right: -6px; width: 4px; }
.tsr-drop-line.is-inside { inset: 0; background: transparent; border: 2px solid ${token.colorPrimary}; }
.tsr-drop-line.is-inside.is-refused { border-color: ${token.colorError}; }
.tsr-drop-zone { box-sizing: border-box; border: 1px dashed transparent; border-radius: ${String(token.borderRadiusSM)}px; color: ${token.colorTextTertiary}; font-size: 12px; display: flex; align-items: center; justify-content: center; min-height: 16px; min-width: 16px; }
.tsr-drop-zone.is-stack { min-height: 32px; align-self: stretch; }
.tsr-drop-zone.is-empty { border-color: ${token.colorBorder}; min-height: 64px; padding: 8px; flex: 1 1 auto; }
.tsr-root-drop-zone { min-height: 32px; margin-bottom: 8px; }
.tsr-root-drop-zone.is-dragging { border-color: ${token.colorBorder}; }
.tsr-drop-zone.is-over { border-color: ${token.colorPrimary}; background: ${token.colorPrimaryBg}; color: ${token.colorPrimary}; }
.tsr-drop-zone.is-refused { border-color: ${token.colorError}; background: ${token.colorErrorBg}; color: ${token.colorError}; }
.tsr-drag-overlay { background: ${token.colorBgElevated}; color: ${token.colorText}; border: 1px solid ${token.colorPrimary}; border-radius: ${String(token.borderRadius)}px; box-shadow: ${token.boxShadowSecondary}; padding: 6px 12px; font-size: 13px; white-space: nowrap; cursor: grabbing; max-width: 280px; overflow: hidden; text-overflow: ellipsis; }
`;
  return <style data-test="dashboard-editor-styles">{css}</style>;
}
