import { Button, Result } from 'antd';
import { Link } from 'react-router';
import { HOME_PATH } from './paths';

export function NotFoundPage() {
  return (
    <Result
      data-test="not-found"
      status="404"
      title="Page not found"
      subTitle="The page you asked for does not exist."
      extra={
        <Link to={HOME_PATH} data-test="not-found-home">
          <Button type="primary" tabIndex={-1}>
            Back to home
          </Button>
        </Link>
      }
    />
  );
}
