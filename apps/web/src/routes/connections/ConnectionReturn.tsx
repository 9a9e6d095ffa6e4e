import { isApiError } from '@lm/ui';
import { Alert, Button, Center, Loader, Stack, Text } from '@mantine/core';
import { IconPlugConnected } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';

/** The screen's messages: the refusal's title, a denied consent, the way back, the wait. */
const WORDS = {
  spotify: {
    failed: 'express.connections.failed',
    denied: 'express.connections.denied',
    back: 'express.connections.back',
    connecting: 'express.connections.connecting',
  },
  social: {
    failed: 'social.failed',
    denied: 'social.denied',
    back: 'social.back',
    connecting: 'social.connecting',
  },
} as const;

export interface ConnectionReturnProps {
  /** Sends the platform's `code` and `state` to the API; rejects with the API's refusal. */
  finish(params: { code: string; state: string }): Promise<unknown>;
  /** The connections list the user goes to once connected, or back to after a refusal. */
  listPath: string;
  /** Whose words the screen speaks: Spotify's connections or the social platforms'. */
  words: keyof typeof WORDS;
  /** Test id of the refusal notice. */
  errorTestId?: string;
}

/**
 * The page a platform's consent screen sends the user back to (Spotify, TikTok, Instagram): sends the
 * code and state once (codes are single-use, so StrictMode's second effect run must not send it again),
 * then opens the connections list; a refusal or a denied consent is shown translated with a way back.
 */
export function ConnectionReturn({ finish, listPath, words, errorTestId }: ConnectionReturnProps) {
  const { t } = useTranslation();
  const w = WORDS[words];
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const code = search.get('code');
    const state = search.get('state');
    if (!code || !state) {
      setError(t(search.get('error') ? w.denied : w.failed));
      return;
    }
    finish({ code, state })
      .then(() => navigate(listPath, { replace: true }))
      .catch((e) => setError(isApiError(e) ? e.message : t(w.failed)));
  }, [finish, navigate, search, t, listPath, w]);
  return (
    <Center mih="50vh">
      {error ? (
        <Alert color="red" title={t(w.failed)} maw={480} data-testid={errorTestId}>
          <Stack gap="sm">
            <Text size="sm">{error}</Text>
            <Button variant="light" onClick={() => navigate(listPath)}>
              {t(w.back)}
            </Button>
          </Stack>
        </Alert>
      ) : (
        <Stack align="center">
          <IconPlugConnected size={32} />
          <Loader />
          <Text c="dimmed">{t(w.connecting)}</Text>
        </Stack>
      )}
    </Center>
  );
}
