import { Flex, Spin } from 'antd';

/** The fallback while a lazily loaded page or the bootstrap payload arrives. */
export function PageLoading({ fullScreen = false }: { fullScreen?: boolean }) {
  return (
    <Flex
      data-test="page-loading"
      align="center"
      justify="center"
      style={{ minHeight: fullScreen ? '100vh' : 240 }}
    >
      <Spin size="large" />
    </Flex>
  );
}
