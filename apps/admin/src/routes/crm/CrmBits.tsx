import { CRM_PERMISSIONS as P } from '@lm/contracts';
import { CONSENT_STATUSES, type ConsentState, consentStatusId } from '@lm/contracts/crm';
import { StatusBadge } from '@lm/ui';
import { Badge, Group, TextInput, type TextInputProps } from '@mantine/core';
import {
  IconAddressBook,
  IconAt,
  IconMicrophone2,
  IconSend,
  IconTemplate,
  IconWorldWww,
} from '@tabler/icons-react';
import type { ComponentPropsWithoutRef } from 'react';
import { useTranslation } from 'react-i18next';
import { SectionNav } from '../../components/SectionNav';

/** Consent of an address on the one status palette; "no address" when the lead has none. */
export function ConsentBadge({
  consent,
  suppressed,
}: {
  consent: ConsentState | null;
  suppressed?: boolean;
}) {
  const { t } = useTranslation();
  if (consent === null)
    return (
      <Badge size="sm" variant="outline" color="gray">
        {t('crm.no_address')}
      </Badge>
    );
  return (
    <Group gap={4} wrap="nowrap">
      <StatusBadge id={consentStatusId(consent)} map={CONSENT_STATUSES} data-testid="consent-badge" />
      {suppressed && (
        <Badge size="sm" variant="filled" color="red" data-testid="suppressed-badge">
          {t('crm.suppressed_badge')}
        </Badge>
      )}
    </Group>
  );
}

const LINKS = [
  { to: '/crm/leads-lists', label: 'nav.crm_leads_lists', icon: IconAddressBook, permission: P.view },
  { to: '/crm/artists-list', label: 'nav.crm_artists', icon: IconMicrophone2, permission: P.view },
] as const;

/** Links between the CRM's leads screens the admin may open. */
export function CrmLeadsNav() {
  return <SectionNav links={LINKS} testId="crm-nav" />;
}

const MARKETING_LINKS = [
  { to: '/crm/senders', label: 'nav.crm_senders', icon: IconAt, permission: P.marketing },
  { to: '/crm/senders-id', label: 'nav.crm_senders_id', icon: IconWorldWww, permission: P.marketing },
  { to: '/crm/template-design', label: 'nav.crm_templates', icon: IconTemplate, permission: P.templatesEdit },
  { to: '/marketing-campaigns', label: 'nav.crm_campaigns', icon: IconSend, permission: P.marketing },
] as const;

/** Links between the CRM's marketing screens the admin may open. */
export function CrmMarketingNav() {
  return <SectionNav links={MARKETING_LINKS} testId="crm-marketing-nav" />;
}

/** The field naming a CRM record (a list, a campaign, a sender, a template): required, 100 characters at most. */
export function CrmNameField({
  onChange,
  ...props
}: Omit<TextInputProps & ComponentPropsWithoutRef<'input'>, 'onChange' | 'value'> & {
  value: string;
  onChange(value: string): void;
}) {
  return <TextInput {...props} onChange={(e) => onChange(e.currentTarget.value)} maxLength={100} required />;
}
