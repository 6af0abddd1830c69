import { Box } from '@mantine/core';
import { Outlet } from 'react-router';
import { Brand } from '../../components/brand';
import { GuestBackground } from './guest-background';

/** No menu (Activate). */
export function BareLayout() {
  return (
    <GuestBackground
      top={
        <Box mb="lg">
          <Brand />
        </Box>
      }
    >
      <Outlet />
    </GuestBackground>
  );
}
