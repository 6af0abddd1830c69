import { useEffect, useRef, useState, type FormEvent } from 'react';
import {
  Alert,
  Anchor,
  Button,
  Group,
  PasswordInput,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { Link, useNavigate, useSearchParams } from 'react-router';
import {
  messages,
  ssoLoginRefusals,
  ssoMessages,
  TWO_FACTOR_CODE_LENGTH,
  type LoginBody,
  type SsoLoginRefusal,
} from '@paraaf/contract';
import { CodeInput } from '../../../components/code-input';
import { paths } from '../../../config/paths';
import { isApiError } from '../../../lib/api-client';
import { landingPath, startSession } from '../../../lib/auth';
import { isTwoFactorChallenge, login } from '../api/login';
import { finishSso, startSso } from '../api/sso';
import { authTexts } from '../texts';

/** Mantine gives the code boxes the ids `${CODE_ID}-1` … `${CODE_ID}-5`. */
const CODE_ID = 'login-code';

/**
 * The login page is the first screen most visitors load, so it stays light: plain state instead
 * of @mantine/form, and the two required-field checks of `loginBody` written out instead of
 * pulling zod into this page (the server validates with `loginBody` itself).
 */
export function LoginRoute() {
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [fieldErrors, setFieldErrors] = useState<{ email?: string; password?: string }>({});
  const [hash, setHash] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const [ssoPending, setSsoPending] = useState(false);
  useSsoReturn(setError);

  /** Single sign-on: the address decides the identity provider; the browser goes there. */
  async function loginWithSso() {
    const address = email.trim();
    setFieldErrors({ email: address ? undefined : ssoMessages.loginEmailFirst });
    if (!address) return;
    setError(null);
    setSsoPending(true);
    try {
      window.location.assign((await startSso(address)).redirect_url);
    } catch (e) {
      if (isApiError(e, 422)) setFieldErrors({ email: e.fieldErrors().email ?? e.message });
      else setError(isApiError(e) ? e.message : messages.serverError);
      setSsoPending(false);
    }
  }

  async function submit(body: LoginBody) {
    const codeStep = body.two_factor_hash !== undefined;
    setError(null);
    setPending(true);
    try {
      const response = await login(body);
      if (isTwoFactorChallenge(response)) {
        setHash(response.two_factor_hash);
        setCode('');
        return;
      }
      startSession(response);
      await navigate(landingPath(response.user));
    } catch (e) {
      if (isApiError(e, 429)) setError(e.message);
      else if (isApiError(e, 422) && e.message === ssoMessages.passwordLoginRefused)
        setError(e.message);
      else setError(codeStep ? authTexts.codeWrong : authTexts.loginFailed);
      if (codeStep) {
        setCode('');
        // Wait for the cleared boxes to render before focusing the first one.
        setTimeout(() => document.getElementById(`${CODE_ID}-1`)?.focus(), 0);
      } else {
        setPassword('');
      }
    } finally {
      setPending(false);
    }
  }

  function submitCredentials(event: FormEvent) {
    event.preventDefault();
    const errors = {
      email: email.trim() ? undefined : messages.required,
      password: password ? undefined : messages.required,
    };
    setFieldErrors(errors);
    if (errors.email || errors.password) return;
    void submit({ email: email.trim(), password });
  }

  function submitCode(digits: string) {
    if (!hash) return;
    void submit({
      email: email.trim(),
      password,
      two_factor_hash: hash,
      two_factor_code: digits,
    });
  }

  function backToLogin() {
    setHash(null);
    setCode('');
    setError(null);
    setPassword('');
  }

  if (hash !== null) {
    return (
      <Stack>
        <Title order={2}>Inloggen</Title>
        <Text>
          We hebben een code van {TWO_FACTOR_CODE_LENGTH} cijfers naar je e-mailadres gestuurd. Vul
          de code hieronder in.
        </Text>
        <CodeInput
          id={CODE_ID}
          length={TWO_FACTOR_CODE_LENGTH}
          autoFocus
          size="lg"
          value={code}
          onChange={setCode}
          onComplete={submitCode}
          disabled={pending}
          error={error !== null}
          digitLabel={(n) => `Cijfer ${n} van de code`}
        />
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        <Anchor component="button" type="button" onClick={backToLogin} ta="left">
          Terug naar inloggen
        </Anchor>
      </Stack>
    );
  }

  return (
    <form onSubmit={submitCredentials} noValidate>
      <Stack>
        <Title order={2}>Inloggen</Title>
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        <TextInput
          label="E-mailadres"
          type="email"
          autoComplete="username"
          required
          autoFocus
          value={email}
          onChange={(e) => setEmail(e.currentTarget.value)}
          error={fieldErrors.email}
        />
        <PasswordInput
          label="Wachtwoord"
          autoComplete="current-password"
          required
          value={password}
          onChange={(e) => setPassword(e.currentTarget.value)}
          error={fieldErrors.password}
        />
        <Group justify="space-between">
          <Anchor component={Link} to={paths.passwordReminder} size="sm">
            Wachtwoord vergeten?
          </Anchor>
        </Group>
        <Button type="submit" loading={pending} fullWidth>
          Inloggen
        </Button>
        <Button
          type="button"
          variant="default"
          loading={ssoPending}
          fullWidth
          onClick={() => void loginWithSso()}
        >
          {ssoMessages.loginButton}
        </Button>
        <Text size="sm" ta="center">
          Nog geen account?{' '}
          <Anchor component={Link} to={paths.register}>
            Registreer je hier
          </Anchor>
        </Text>
      </Stack>
    </form>
  );
}

/**
 * Back from the identity provider: `?sso_code=` is traded for a session once (the code is single
 * use; the effect runs once per page), `?sso_fout=` shows why the login failed.
 */
function useSsoReturn(setError: (message: string) => void) {
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const done = useRef(false);
  useEffect(() => {
    if (done.current) return;
    const code = params.get('sso_code');
    const refused = params.get('sso_fout');
    if (!code && !refused) return;
    done.current = true;
    setParams({}, { replace: true });
    if (refused) {
      setError(ssoLoginRefusals[refused as SsoLoginRefusal] ?? ssoMessages.loginFailed);
      return;
    }
    finishSso(code!)
      .then(async (session) => {
        startSession(session);
        await navigate(landingPath(session.user));
      })
      .catch((e: unknown) => setError(isApiError(e) ? e.message : ssoMessages.loginFailed));
  }, [params, setParams, navigate, setError]);
}
