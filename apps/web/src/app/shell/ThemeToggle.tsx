import { MoonOutlined, SunOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useAppDispatch, useAppSelector } from '../hooks';
import { themeToggled } from '../theme/theme-slice';

export function ThemeToggle() {
  const mode = useAppSelector((state) => state.theme.mode);
  const dispatch = useAppDispatch();
  const label = mode === 'dark' ? 'Switch to light theme' : 'Switch to dark theme';
  return (
    // A native title rather than an antd Tooltip: this button is on the login page, which must load little code.
    <Button
      data-test="theme-toggle"
      data-theme={mode}
      type="text"
      title={label}
      aria-label={label}
      icon={mode === 'dark' ? <SunOutlined /> : <MoonOutlined />}
      onClick={() => dispatch(themeToggled())}
    />
  );
}
