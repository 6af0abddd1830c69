import { Outlet } from 'react-router';
import { GuestBackground } from './guest-background';

export function GuestLayout() {
  return (
    <GuestBackground>
      <Outlet />
    </GuestBackground>
  );
}
