import { CodeOutlined } from '@ant-design/icons';
import { Badge, Button, Input, Modal, Typography, theme } from 'antd';
import { useState } from 'react';
import { useAppDispatch } from '../../../app/hooks';
import { setTemplateParams } from '../state';
import { parseTemplateParams, templateParamsError } from './template-params';

/** Edits the tab's Jinja template parameters as a JSON object; invalid JSON is shown and never saved. */
export function TemplateParamsButton({ editorId, value }: { editorId: string; value: string | null }) {
  const dispatch = useAppDispatch();
  const { token } = theme.useToken();
  const [open, setOpen] = useState(false);
  const [draft, setDraft] = useState(value ?? '');
  const error = templateParamsError(draft);
  const count = Object.keys(parseTemplateParams(value) ?? {}).length;

  const save = () => {
    if (error !== null) return;
    dispatch(setTemplateParams({ id: editorId, templateParams: draft.trim() === '' ? null : draft }));
    setOpen(false);
  };

  return (
    <>
      <Badge count={count} size="small">
        <Button
          size="small"
          icon={<CodeOutlined />}
          data-test="sqllab-template-params"
          onClick={() => {
            setDraft(value ?? '');
            setOpen(true);
          }}
        >
          Parameters
        </Button>
      </Badge>
      <Modal
        open={open}
        title="Template parameters"
        okText="Save"
        okButtonProps={{ disabled: error !== null, ...{ 'data-test': 'sqllab-template-params-save' } }}
        onOk={save}
        onCancel={() => {
          setOpen(false);
        }}
        destroyOnHidden
      >
        <Typography.Paragraph type="secondary">
          A JSON object whose keys the SQL can use as Jinja variables, e.g. {'{"min_num": 100}'} for{' '}
          <Typography.Text code>{'WHERE num > {{ min_num }}'}</Typography.Text>.
        </Typography.Paragraph>
        <Input.TextArea
          data-test="sqllab-template-params-input"
          value={draft}
          autoSize={{ minRows: 6, maxRows: 16 }}
          spellCheck={false}
          style={{ fontFamily: token.fontFamilyCode }}
          status={error === null ? undefined : 'error'}
          onChange={(event) => {
            setDraft(event.target.value);
          }}
        />
        {error === null ? null : (
          <Typography.Text type="danger" data-test="sqllab-template-params-error">
            {error}
          </Typography.Text>
        )}
      </Modal>
    </>
  );
}
