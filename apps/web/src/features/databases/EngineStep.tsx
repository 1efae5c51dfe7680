import { CONNECTION_BACKENDS, type ConnectionBackend } from '@tessera/contracts';
import { Button, Typography } from 'antd';
import { BACKEND_DESCRIPTIONS, BACKEND_LABELS } from './engines';

interface EngineStepProps {
  onPick: (backend: ConnectionBackend) => void;
  onUseUri: () => void;
}

/** Step 1 of connecting a database: one card per engine, or the SQLAlchemy URI instead. */
export function EngineStep({ onPick, onUseUri }: EngineStepProps) {
  return (
    <div data-test="database-engine-step">
      <Typography.Paragraph type="secondary">
        Choose the engine of the database to connect.
      </Typography.Paragraph>
      <div
        role="list"
        style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(170px, 1fr))', gap: 12 }}
      >
        {CONNECTION_BACKENDS.map((backend, index) => (
          <Button
            key={backend}
            role="listitem"
            data-test={`database-engine-${backend}`}
            autoFocus={index === 0}
            onClick={() => onPick(backend)}
            style={{
              height: 'auto',
              padding: '12px 14px',
              display: 'flex',
              flexDirection: 'column',
              alignItems: 'flex-start',
              gap: 2,
              whiteSpace: 'normal',
              textAlign: 'left',
            }}
          >
            <Typography.Text strong>{BACKEND_LABELS[backend]}</Typography.Text>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {BACKEND_DESCRIPTIONS[backend]}
            </Typography.Text>
          </Button>
        ))}
      </div>
      <Button
        type="link"
        data-test="connect-with-uri"
        onClick={onUseUri}
        style={{ padding: 0, marginTop: 16 }}
      >
        Connect with a SQLAlchemy URI instead
      </Button>
    </div>
  );
}
