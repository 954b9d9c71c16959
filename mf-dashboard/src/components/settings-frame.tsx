import styled from '@emotion/styled';
import type { ReactNode } from 'react';
import { Card, Page, PageTitle, Tabs, theme } from 'shared/ui';
import background from '../assets/settings-background.svg';

const Backdrop = styled.div`
  background: ${theme.color.dark} center / cover no-repeat;
  min-height: 70vh; display: flex; align-items: flex-start; justify-content: center; padding: 1rem 0;
  ${theme.breakpoint.sm} { padding: 3rem 0; }
  & > main { width: min(760px, 100%); padding-top: 0; padding-bottom: 0; }
`;

const TABS = [
  { to: '/account-settings', label: 'Profile', end: true },
  { to: '/account-settings/payments', label: 'Payments' },
  { to: '/account-settings/security', label: 'Security' },
];

/** Account settings sit on the auth-style layout: a background image behind one card, with the Profile/Payments/Security tabs. */
export function SettingsFrame({ children }: { children: ReactNode }) {
  return (
    <Backdrop style={{ backgroundImage: `url(${background})` }}>
      <Page>
        <Card>
          <PageTitle title="Account Settings" />
          <h1>Account Settings</h1>
          <Tabs label="Account settings" tabs={TABS} />
          {children}
        </Card>
      </Page>
    </Backdrop>
  );
}
