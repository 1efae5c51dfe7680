import { LinkOutlined } from '@ant-design/icons';
import { Button, Tooltip } from 'antd';
import { useToasts } from '../../../shared/toasts/use-toasts';
import { useCopy } from '../results/use-copy';
import type { QueryEditor } from '../state';
import { useCreateSqlLabPermalinkMutation } from './sharing-api';
import { PERMALINK_FAILED } from './shared-query';

/** Creates a permalink of the tab (database, schema, SQL, parameters) and copies its URL. */
export function CopyLinkButton({ editor }: { editor: QueryEditor }) {
  const [createPermalink, { isLoading }] = useCreateSqlLabPermalinkMutation();
  const copy = useCopy();
  const { addDangerToast } = useToasts();
  const { dbId } = editor;

  const onClick = async () => {
    if (dbId === null) return;
    const outcome = await createPermalink({
      dbId,
      name: editor.name,
      sql: editor.sql,
      schema: editor.schema,
      catalog: editor.catalog,
      templateParams: editor.templateParams,
      autorun: false,
    });
    if (outcome.data === undefined) {
      addDangerToast(PERMALINK_FAILED);
      return;
    }
    await copy(outcome.data.url);
  };

  return (
    <Tooltip title="Copy a link to this query">
      <Button
        size="small"
        icon={<LinkOutlined />}
        data-test="sqllab-copy-link"
        loading={isLoading}
        disabled={dbId === null}
        onClick={() => void onClick()}
      >
        Copy link
      </Button>
    </Tooltip>
  );
}
