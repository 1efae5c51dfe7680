import { MODAL_DEFAULT_WIDTH } from '@tessera/contracts';
import { Button, Input, Modal, theme, Typography } from 'antd';
import { useState } from 'react';

/**
 * The dashboard's CSS with a live preview: every change is handed to `onPreview` (the page applies it
 * to this dashboard only); Cancel hands back the CSS the editor opened with.
 */
export function CssEditorModal({
  css,
  onPreview,
  onApply,
  onCancel,
}: {
  css: string;
  onPreview: (css: string) => void;
  onApply: (css: string) => void;
  onCancel: (original: string) => void;
}) {
  const { token } = theme.useToken();
  const [original] = useState(css);
  const [draft, setDraft] = useState(css);
  return (
    <Modal
      open
      title="Edit CSS"
      width={MODAL_DEFAULT_WIDTH}
      mask={{ enabled: false }}
      onCancel={() => onCancel(original)}
      destroyOnHidden
      footer={[
        <Button key="cancel" data-test="css-editor-cancel" onClick={() => onCancel(original)}>
          Cancel
        </Button>,
        <Button key="apply" type="primary" data-test="css-editor-apply" onClick={() => onApply(draft)}>
          Apply
        </Button>,
      ]}
    >
      <Typography.Paragraph type="secondary">
        Rules apply to this dashboard only and show as you type. Save the dashboard to keep them.
      </Typography.Paragraph>
      <Input.TextArea
        data-test="css-editor-textarea"
        aria-label="Dashboard CSS"
        value={draft}
        spellCheck={false}
        placeholder=".dashboard-chart { border-radius: 8px; }"
        autoSize={{ minRows: 10, maxRows: 24 }}
        style={{ fontFamily: token.fontFamilyCode, fontSize: 12 }}
        onChange={(event) => {
          setDraft(event.target.value);
          onPreview(event.target.value);
        }}
      />
    </Modal>
  );
}
