import { Flex, theme } from 'antd';
import { Navigate, useSearchParams } from 'react-router';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { homePathFor } from '../../app/home-path';
import { ThemeToggle } from '../../app/shell/ThemeToggle';
import { forgetCsrfToken } from '../../shared/api/csrf-token';
import { loggedIn, type SessionUser } from '../../shared/session/session-slice';
import { LoginForm } from './LoginForm';
import { safeNextPath } from './next-path';

const CARD_WIDTH = 380;

/** /login/: signs in, then goes to `next` (when it is a path in this app) or the user's landing screen. */
export function LoginPage() {
  const user = useAppSelector((state) => state.session.user);
  const dispatch = useAppDispatch();
  const [params] = useSearchParams();
  const { token } = theme.useToken();
  const next = safeNextPath(params.get('next'), homePathFor(user));

  if (user !== null) return <Navigate to={next} replace />;

  const onLoggedIn = (signedIn: SessionUser) => {
    // The session changed, so the token bound to the old one is useless.
    forgetCsrfToken();
    // With a user in the session this page renders the redirect to `next`.
    dispatch(loggedIn(signedIn));
  };

  return (
    <Flex
      data-test="login-page"
      vertical
      align="center"
      justify="center"
      style={{ minHeight: '100vh', padding: token.paddingLG }}
    >
      <div style={{ position: 'fixed', top: token.margin, right: token.margin }}>
        <ThemeToggle />
      </div>
      {/* A plain panel, not antd's Card: Card brings Tabs, Dropdown and Menu with it, and this page must stay light. */}
      <div
        style={{
          width: CARD_WIDTH,
          maxWidth: '100%',
          padding: token.paddingLG,
          background: token.colorBgContainer,
          border: `${token.lineWidth}px ${token.lineType} ${token.colorBorderSecondary}`,
          borderRadius: token.borderRadiusLG,
          boxShadow: token.boxShadowTertiary,
        }}
      >
        <h1
          style={{
            marginTop: 0,
            textAlign: 'center',
            color: token.colorTextHeading,
            fontSize: token.fontSizeHeading2,
            fontWeight: token.fontWeightStrong,
          }}
        >
          Tessera
        </h1>
        <LoginForm onLoggedIn={onLoggedIn} />
      </div>
    </Flex>
  );
}
