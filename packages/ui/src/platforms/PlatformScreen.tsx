import type { ReactNode } from 'react';
import { useLocation } from 'react-router';
import { NotFoundPage } from '../layout/NotFoundPage';
import { type PlatformDescriptor, platformOfPath } from './platforms';

/**
 * A route shared by every platform: renders `children` with the platform whose `screen` is at the
 * current address ({@link platformOfPath}), or the not-found page when no registered platform has
 * one there.
 */
export function PlatformScreen({
  screen,
  children,
}: {
  screen: Parameters<typeof platformOfPath>[1];
  children(platform: PlatformDescriptor, pathname: string): ReactNode;
}) {
  const pathname = useLocation().pathname;
  const platform = platformOfPath(pathname, screen);
  return platform ? children(platform, pathname) : <NotFoundPage />;
}
