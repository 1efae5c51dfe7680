import { Button, Result } from 'antd';
import { useNavigate } from 'react-router';
import { HOME_PATH } from './paths';

export function NotFoundPage() {
  const navigate = useNavigate();
  return (
    <Result
      data-test="not-found"
      status="404"
      title="Page not found"
      subTitle="The page you asked for does not exist."
      extra={
        <Button data-test="not-found-home" type="primary" onClick={() => void navigate(HOME_PATH)}>
          Go to Databases
        </Button>
      }
    />
  );
}
